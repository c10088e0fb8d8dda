// A Strapi instance in its own process, in the role its environment gives (SERVICE_ROLE). It says READY
// with its instance id, then answers lines on stdin: "GO <orderId>" starts that order's dispatch (as
// payment completion does), "STATUS" prints what it did (deliveries claimed, its browser), "STOP" shuts
// Strapi down (its Chromium with it) and exits.
const path = require('path');
const { serveStrapi } = require('../helpers/strapi-child');

serveStrapi({
  appDir: path.resolve(__dirname, '../..'),
  ready: (strapi) => strapi.plugin('greeting-cards').service('fulfilment').instanceId(),
  onLine(line, say, strapi) {
    const plugin = strapi.plugin('greeting-cards');
    const fulfilment = plugin.service('fulfilment');
    const go = /^GO (\d+)$/.exec(line);
    if (go) void fulfilment.startOrder(Number(go[1]));
    if (line === 'STATUS') {
      const provider = plugin.service('rendering').provider();
      const jobs = Object.fromEntries(
        strapi.cron.jobs.filter((j) => String(j.name).startsWith('greetingCards')).map((j) => [j.name, j.options.rule]),
      );
      const status = {
        claims: fulfilment.claimsTaken(),
        renderer: provider.constructor.name,
        browserPid: provider.browserPid?.() ?? null,
        refusals: provider.refusals ?? null,
        jobs,
      };
      say(`STATUS ${JSON.stringify(status)}`);
    }
  },
});
