// A second Strapi instance for the seasonal-window test: boots on the database named by the environment
// (the one the test's own instance uses), says READY, then answers each stdin line `READ` with one line
// `READ {"version": ..., "slugs": [...]}`: its catalogue version and the template slugs its catalogue
// lists, read through its own per-process cache. Exits when stdin closes.
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
  const plugin = strapi.plugin('greeting-cards');
  process.stdout.write('READY\n');
  for await (const line of readline.createInterface({ input: process.stdin })) {
    if (line.trim() !== 'READ') continue;
    const version = await plugin.service('catalogueVersion').current();
    const listing = await plugin.service('catalogue').listTemplates({}, { page: 1, pageSize: 100, offset: 0 }, version);
    process.stdout.write(`READ ${JSON.stringify({ version, slugs: listing.results.map((t) => t.slug) })}\n`);
  }
  await strapi.destroy();
  process.exit(0);
})().catch((error) => {
  process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
  process.exit(1);
});
