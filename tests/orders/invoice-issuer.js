// A second Strapi instance in its own process (two cannot boot in one Node process) for the invoice
// numbering race: it says READY, then for each line "ISSUE <id>,<id>,..." issues those orders' invoices
// all at once and answers "ISSUED <json: [{order_id, number}]>"; "STOP" shuts Strapi down and exits.
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
  const invoices = strapi.plugin('greeting-cards').service('invoices');
  process.stdout.write('READY\n');
  let buffered = '';
  process.stdin.on('data', (chunk) => {
    buffered += String(chunk);
    let newline;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      const issue = /^ISSUE ([\d,]+)$/.exec(line);
      if (issue) {
        const ids = issue[1].split(',').map(Number);
        Promise.all(ids.map((id) => invoices.issueFor(id)))
          .then((docs) =>
            process.stdout.write(
              `ISSUED ${JSON.stringify(docs.map((d) => ({ order_id: d.order_id, number: d.number })))}\n`,
            ),
          )
          .catch((error) => process.stdout.write(`FAILED ${JSON.stringify(String(error && error.stack))}\n`));
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
