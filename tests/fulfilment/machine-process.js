// One Strapi instance of a "machine" of the two-machine test and benchmark: the built app copied into a
// folder of its own (argv[2]), listening on PORT, in the role its environment gives (SERVICE_ROLE). Says
// "READY <instance id>" once it listens, and on "STOP" shuts Strapi down (its Chromium with it) and exits.
// For bench/two-machines.js it also answers, on stdin:
//   SEED <n>          one paid order of <n> distinct e-cards (each its own card and design, no preview
//                     stored, its own recipient), deliveries pending, all committed at once;
//                     answers "SEEDED {"order": id, "ids": [delivery ids]}"
//   COUNT <instance>  for the seeded deliveries: "COUNTED {"held": claims <instance> holds, "claimed": all
//                     claims held, "unsent": not yet sent or delivered}"
// A command that fails answers "ERROR <message>".
const { serveStrapi } = require('../helpers/strapi-child');

const appDir = process.argv[2];
process.chdir(appDir);

/** @type {number[]} */
let seeded = [];

const design = (text) => ({
  version: '7.0.0',
  background: '#FFF4E0',
  objects: [
    { type: 'textbox', text, left: 120, top: 300, width: 1400, fontSize: 120, fill: '#7B2CBF', fontFamily: 'Georgia' },
  ],
});

async function seed(strapi, n) {
  const q = (name) => strapi.db.query(`plugin::greeting-cards.${name}`);
  const run = Date.now();
  const user = await strapi.db.query('plugin::users-permissions.user').create({
    data: {
      username: `machines-${run}`,
      email: `machines-${run}@bench.test`,
      provider: 'local',
      confirmed: true,
      blocked: false,
      password: 'not-used-Machines-1',
    },
  });
  const ids = [];
  let orderId = 0;
  await strapi.db.transaction(async () => {
    const order = await q('order').create({
      data: { uuid: `machines-${run}`, user: user.id, status: 'paid', paid_at: new Date() },
    });
    orderId = order.id;
    for (let i = 0; i < n; i += 1) {
      const card = await q('card').create({
        data: {
          owner: user.id,
          title: `Machines ${i + 1}`,
          status: 'ordered',
          canvas_data: design(`Card ${i + 1} ${run}`),
          inside_message: 'Once only',
        },
      });
      const email = `reader-${i + 1}-${run}@bench.test`;
      const recipient = await q('recipient').create({
        data: { owner: user.id, first_name: 'Reader', last_name: String(i + 1), email },
      });
      const item = await q('order-item').create({
        data: {
          order: order.id,
          card: card.id,
          recipient: recipient.id,
          delivery_method: 'ecard',
          snapshot: { recipient: { first_name: 'Reader', last_name: String(i + 1), email }, card_title: card.title },
        },
      });
      const delivery = await q('delivery').create({
        data: { order_item: item.id, status: 'pending', view_token: `machines-${i}-${run}-abcdef` },
      });
      ids.push(delivery.id);
    }
  });
  seeded = ids;
  return { order: orderId, ids };
}

async function count(strapi, instanceId) {
  const deliveries = strapi.db.query('plugin::greeting-cards.delivery');
  const mine = { id: { $in: seeded } };
  return {
    held: await deliveries.count({ where: { ...mine, claimed_by: instanceId } }),
    claimed: await deliveries.count({ where: { ...mine, claimed_by: { $notNull: true } } }),
    unsent: await deliveries.count({ where: { ...mine, status: { $notIn: ['sent', 'delivered'] } } }),
  };
}

serveStrapi({
  appDir,
  listen: true,
  ready: (strapi) => strapi.plugin('greeting-cards').service('fulfilment').instanceId(),
  onLine(line, say, strapi) {
    const [command, arg] = line.split(/\s+/);
    const answer = (prefix, work) =>
      work.then(
        (value) => say(`${prefix} ${JSON.stringify(value)}`),
        (error) => say(`ERROR ${String(error && error.message ? error.message : error).replace(/\n/g, ' ')}`),
      );
    if (command === 'SEED') void answer('SEEDED', seed(strapi, Number(arg)));
    else if (command === 'COUNT') void answer('COUNTED', count(strapi, arg));
  },
});
