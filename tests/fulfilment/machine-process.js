// One Strapi instance of a "machine" of the two-machine test: the built app copied into a folder of its
// own (argv[2]), listening on PORT, in the role its environment gives (SERVICE_ROLE). Says
// "READY <instance id>" once it listens, and on "STOP" shuts Strapi down (its Chromium with it) and exits.
const { createStrapi } = require('@strapi/strapi');

(async () => {
  const appDir = process.argv[2];
  process.chdir(appDir);
  const strapi = await createStrapi({
    appDir,
    distDir: `${appDir}/dist`,
    autoReload: false,
    serveAdminPanel: false,
  }).load();
  await strapi.listen();
  process.stdout.write(`READY ${strapi.plugin('greeting-cards').service('fulfilment').instanceId()}\n`);
  let buffered = '';
  process.stdin.on('data', (chunk) => {
    buffered += String(chunk);
    if (!buffered.includes('STOP\n')) return;
    strapi
      .destroy()
      .then(() => process.exit(0))
      .catch((error) => {
        process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
        process.exit(1);
      });
  });
})().catch((error) => {
  process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
  process.exit(1);
});
