// One Strapi instance for bench/fulfilment.js: boots from the built app (dist/) on the database and SMTP
// server named by the environment, then takes commands on stdin, one per line:
//   SEED <cards> <designs>  creates a paid order of <cards> e-cards to distinct recipients, spread over
//                           <designs> saved cards (their previews stored, as saving in the editor does);
//                           answers "SEEDED <orderId>"
//   START <orderId>         what payment completion does: fulfilment.startOrder, then waits for it
//   DUE                     one run of the delivery job (runDue), as a second instance's job would
//   QUIT                    stops Strapi (and its Chromium) and exits
// While running it prints "STATS <json>" twice a second: its own RSS and its Chromium's (all processes).
'use strict';
const fs = require('fs');
const path = require('path');
const readline = require('readline');
const { createStrapi } = require('@strapi/strapi');

const appDir = path.resolve(__dirname, '..');
const say = (line) => process.stdout.write(`${line}\n`);

/** Resident memory of a process and all its descendants, in bytes (Linux /proc). */
function treeRss(rootPid) {
  if (!rootPid) return 0;
  const parents = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // the process ended while we looked
    }
  }
  const tree = new Set([rootPid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, ppid] of parents) {
      if (tree.has(ppid) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  let total = 0;
  for (const pid of tree) {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) total += Number(m[1]) * 1024;
    } catch {
      // gone
    }
  }
  return total;
}

(async () => {
  const strapi = await createStrapi({ appDir, distDir: path.join(appDir, 'dist'), autoReload: false, serveAdminPanel: false }).load();
  const plugin = strapi.plugin('greeting-cards');
  const fulfilment = plugin.service('fulfilment');
  const rendering = plugin.service('rendering');
  const q = (name) => strapi.db.query(`plugin::greeting-cards.${name}`);

  const stats = setInterval(() => {
    let chromium = 0;
    try {
      const provider = rendering.provider();
      chromium = treeRss(typeof provider.browserPid === 'function' ? provider.browserPid() : 0);
    } catch {
      // rendering not started
    }
    say(`STATS ${JSON.stringify({ rss: process.memoryUsage().rss, chromium })}`);
  }, 500);
  stats.unref();

  async function seed(cards, designs) {
    const { TEMPLATES } = require(path.join(appDir, 'plugins/greeting-cards/dist/server/seed/sample-data'));
    const stamp = Date.now();
    const user = await strapi.db.query('plugin::users-permissions.user').create({
      data: { username: `bench-${stamp}`, email: `bench-${stamp}@bench.test`, provider: 'local', confirmed: true, blocked: false, password: 'not-used-Bench-1' },
    });
    const saved = [];
    for (let d = 0; d < designs; d += 1) {
      const template = TEMPLATES[d % TEMPLATES.length];
      // A distinct design per card: the template's own, with the card's number added as a text box.
      const canvas = { ...template.canvas_data, objects: [...(template.canvas_data.objects || []), { type: 'textbox', text: `Card ${d + 1}`, left: 80, top: 80, width: 600, fontSize: 48, fill: '#333333', fontFamily: 'Georgia' }] };
      const url = await rendering.storePreview(canvas);
      const { hash } = rendering.previewLocation(canvas);
      saved.push(await q('card').create({ data: { owner: user.id, title: `Bench card ${d + 1}`, status: 'ordered', canvas_data: canvas, inside_message: 'With love from the benchmark', preview_url: url, preview_hash: hash } }));
    }
    const order = await q('order').create({ data: { uuid: `bench-${stamp}`, user: user.id, status: 'paid', paid_at: new Date() } });
    await strapi.db.transaction(async () => {
      for (let i = 0; i < cards; i += 1) {
        const recipient = await q('recipient').create({ data: { owner: user.id, first_name: 'Reader', last_name: String(i + 1), email: `reader-${i + 1}@bench.test` } });
        const card = saved[i % saved.length];
        const item = await q('order-item').create({
          data: { order: order.id, card: card.id, recipient: recipient.id, delivery_method: 'ecard', snapshot: { recipient: { first_name: 'Reader', last_name: String(i + 1), email: `reader-${i + 1}@bench.test` }, card_title: card.title } },
        });
        await q('delivery').create({ data: { order_item: item.id, status: 'pending', view_token: `bench-${stamp}-${i}-${Math.random().toString(36).slice(2, 12)}` } });
      }
    });
    return order.id;
  }

  say('READY');
  const lines = readline.createInterface({ input: process.stdin });
  for await (const line of lines) {
    const [command, ...args] = line.trim().split(/\s+/);
    if (command === 'SEED') say(`SEEDED ${await seed(Number(args[0]), Number(args[1]))}`);
    else if (command === 'START') {
      await fulfilment.startOrder(Number(args[0]));
      await fulfilment.drain();
      say('DONE {}');
    } else if (command === 'DUE') say(`DONE ${JSON.stringify(await fulfilment.runDue(new Date()))}`);
    else if (command === 'QUIT') break;
  }
  clearInterval(stats);
  await strapi.destroy();
  process.exit(0);
})().catch((error) => {
  process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
  process.exit(1);
});
