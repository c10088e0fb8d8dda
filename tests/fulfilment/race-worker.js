// A second Strapi instance for the race test: boots on the database named by the environment (the same
// one the test's own instance uses), says READY, waits for a line on stdin, runs the dispatch job once,
// prints its result as JSON and exits.
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
  process.stdout.write('READY\n');
  await new Promise((resolve) => process.stdin.once('data', resolve));
  const run = await fulfilment.runDue(new Date());
  process.stdout.write(`RESULT ${JSON.stringify({ instance: fulfilment.instanceId(), run })}\n`);
  await strapi.destroy();
  process.exit(0);
})().catch((error) => {
  process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
  process.exit(1);
});
