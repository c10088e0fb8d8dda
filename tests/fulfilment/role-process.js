// A Strapi instance in its own process, in the role its environment gives (SERVICE_ROLE): two Strapi
// instances cannot boot in one Node process. It says READY with its instance id, then answers lines on
// stdin: "GO <orderId>" starts that order's dispatch (as payment completion does), "STATUS" prints
// what it did (deliveries claimed, its browser), "STOP" shuts Strapi down (its Chromium with it) and exits.
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
  const plugin = strapi.plugin('greeting-cards');
  const fulfilment = plugin.service('fulfilment');
  process.stdout.write(`READY ${fulfilment.instanceId()}\n`);
  let buffered = '';
  process.stdin.on('data', (chunk) => {
    buffered += String(chunk);
    let newline;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      const go = /^GO (\d+)$/.exec(line);
      if (go) void fulfilment.startOrder(Number(go[1]));
      if (line === 'STATUS') {
        const provider = plugin.service('rendering').provider();
        const jobs = Object.fromEntries(
          strapi.cron.jobs
            .filter((j) => String(j.name).startsWith('greetingCards'))
            .map((j) => [j.name, j.options.rule]),
        );
        const status = {
          claims: fulfilment.claimsTaken(),
          renderer: provider.constructor.name,
          browserPid: provider.browserPid?.() ?? null,
          refusals: provider.refusals ?? null,
          jobs,
        };
        process.stdout.write(`STATUS ${JSON.stringify(status)}\n`);
      }
      if (line === 'STOP') {
        strapi
          .destroy()
          .then(() => process.exit(0))
          .catch((error) => {
            process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
            process.exit(1);
          });
      }
    }
  });
})().catch((error) => {
  process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
  process.exit(1);
});
