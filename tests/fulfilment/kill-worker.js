// A Strapi instance the fault tests kill: boots on the database named by the environment, says READY
// with its instance id, and on "GO <orderId>" starts that order's dispatch (as payment completion does)
// and keeps running until it is killed.
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
  const fulfilment = strapi.plugin('greeting-cards').service('fulfilment');
  process.stdout.write(`READY ${fulfilment.instanceId()}\n`);
  process.stdin.on('data', (chunk) => {
    const m = /GO (\d+)/.exec(String(chunk));
    if (m) void fulfilment.startOrder(Number(m[1]));
  });
})().catch((error) => {
  process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
  process.exit(1);
});
