// One Strapi instance of a "machine" of the two-machine test: the built app copied into a folder of its
// own (argv[2]), listening on PORT, in the role its environment gives (SERVICE_ROLE). Says
// "READY <instance id>" once it listens, and on "STOP" shuts Strapi down (its Chromium with it) and exits.
const { serveStrapi } = require('../helpers/strapi-child');

const appDir = process.argv[2];
process.chdir(appDir);

serveStrapi({
  appDir,
  listen: true,
  ready: (strapi) => strapi.plugin('greeting-cards').service('fulfilment').instanceId(),
});
