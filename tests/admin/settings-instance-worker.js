// A second Strapi instance for the editable-settings test: boots on the database named by the
// environment (the test's own instance's), listens on a free port, prints `READY <base URL>`, and serves
// HTTP like any other instance until stdin closes. A separate process, as a second server would be:
// two Strapi instances cannot share one Node process (Strapi keeps a global `strapi`).
const path = require('path');
const { createStrapi } = require('@strapi/strapi');

(async () => {
  const appDir = path.resolve(__dirname, '../..');
  const strapi = await createStrapi({
    appDir,
    distDir: path.join(appDir, 'dist'),
    autoReload: false,
    serveAdminPanel: false,
  }).load();
  await strapi.listen();
  const { port } = strapi.server.httpServer.address();
  process.stdout.write(`READY http://127.0.0.1:${port}\n`);
  process.stdin.resume();
  process.stdin.on('end', async () => {
    await strapi.destroy();
    process.exit(0);
  });
})().catch((error) => {
  process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
  process.exit(1);
});
