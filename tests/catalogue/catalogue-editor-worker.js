// A second Strapi instance for the catalogue caching test: boots on the database named by the
// environment (the one the test's own instance uses), says READY, then for each stdin line
// `RENAME <slug> <new name>` renames that template through the document service, as an editor's
// save in the admin panel does, and answers DONE. Exits when stdin closes.
const path = require('path');
const readline = require('readline');
const { createStrapi } = require('@strapi/strapi');

(async () => {
  const appDir = path.resolve(__dirname, '../..');
  const strapi = await createStrapi({
    appDir,
    distDir: path.join(appDir, 'dist'),
    autoReload: false,
    serveAdminPanel: false,
  }).load();
  const templates = strapi.documents('plugin::greeting-cards.template');
  process.stdout.write('READY\n');
  for await (const line of readline.createInterface({ input: process.stdin })) {
    const [, slug, name] = /^RENAME (\S+) (.+)$/.exec(line) || [];
    if (!slug) continue;
    const found = await templates.findFirst({ filters: { slug } });
    await templates.update({ documentId: found.documentId, data: { name }, status: 'published' });
    process.stdout.write('DONE\n');
  }
  await strapi.destroy();
  process.exit(0);
})().catch((error) => {
  process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
  process.exit(1);
});
