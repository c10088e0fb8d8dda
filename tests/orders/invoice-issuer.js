// A second Strapi instance in its own process for the invoice numbering race: it says READY, then for
// each line "ISSUE <id>,<id>,..." issues those orders' invoices all at once and answers
// "ISSUED <json: [{order_id, number}]>"; "STOP" shuts Strapi down and exits.
const path = require('path');
const { serveStrapi } = require('../helpers/strapi-child');

serveStrapi({
  appDir: path.resolve(__dirname, '../..'),
  onLine(line, say, strapi) {
    const issue = /^ISSUE ([\d,]+)$/.exec(line);
    if (!issue) return;
    const invoices = strapi.plugin('greeting-cards').service('invoices');
    const ids = issue[1].split(',').map(Number);
    Promise.all(ids.map((id) => invoices.issueFor(id)))
      .then((docs) => say(`ISSUED ${JSON.stringify(docs.map((d) => ({ order_id: d.order_id, number: d.number })))}`))
      .catch((error) => say(`FAILED ${JSON.stringify(String(error && error.stack))}`));
  },
});
