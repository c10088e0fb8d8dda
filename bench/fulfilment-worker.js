// One Strapi instance for bench/fulfilment.js: boots from the built app (dist/) on the database and SMTP
// server named by the environment, then takes commands on stdin, one per line:
//   SEED <cards> <designs> [missing]
//                           creates a paid order of <cards> e-cards to distinct recipients, spread over
//                           <designs> saved cards, their previews stored and current as saving in the
//                           editor leaves them (rendered here, several at a time through the page pool),
//                           or with "missing" none stored (every e-mail picture is drawn at send time);
//                           answers "SEEDED <orderId> <seconds the previews took>"
//   START <orderId>         what payment completion does: fulfilment.startOrder, then waits for it;
//                           answers "DONE {cpu_ms}" (this process's CPU time over the send; DUE adds it too)
//   DUE                     one run of the delivery job (runDue), as a second instance's job would
//   LISTEN                  starts Strapi's HTTP server; answers "LISTENING <port>" (the bare /_health
//                           route is measured against it after the send, in the same run)
//   QUIT                    stops Strapi (and its Chromium) and exits
// While running it prints "STATS <json>" twice a second: its own RSS and its Chromium's pid (the benchmark
// reads that browser's memory from /proc itself).
'use strict';
const fs = require('fs');
const path = require('path');
const readline = require('readline');
const { createStrapi } = require('@strapi/strapi');

const appDir = path.resolve(__dirname, '..');
const say = (line) => process.stdout.write(`${line}\n`);

/**
 * BENCH_HEAP_PROF=<file>: V8's sampling heap profiler over the send, counting what was allocated and
 * collected again too (what makes the heap grow between collections, not only what is kept), written as
 * a .heapprofile (open it in Chrome's DevTools, or summarize it with bench/heap-summary.js).
 */
async function heapSampling() {
  const file = process.env.BENCH_HEAP_PROF;
  if (!file) return { stop: async () => undefined };
  const inspector = require('inspector');
  const session = new inspector.Session();
  session.connect();
  const post = (method, params) =>
    new Promise((resolve, reject) =>
      session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );
  await post('HeapProfiler.startSampling', {
    samplingInterval: 32768,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  return {
    stop: async () => {
      const { profile } = await post('HeapProfiler.stopSampling');
      fs.writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

/**
 * BENCH_QUERY_LOG=<file>: every statement of the send, grouped by its SQL text, with how often it ran and
 * how many rows came back in all (what the database client parsed into objects).
 */
function queryLog(strapi) {
  const file = process.env.BENCH_QUERY_LOG;
  if (!file) return { report: () => undefined };
  const seen = new Map();
  const onResponse = (response, query) => {
    const rows = Array.isArray(response) ? response.length : Array.isArray(response?.rows) ? response.rows.length : 0;
    const entry = seen.get(query.sql) ?? { runs: 0, rows: 0, bytes: 0 };
    entry.runs += 1;
    entry.rows += rows;
    entry.bytes += JSON.stringify(Array.isArray(response) ? response : (response?.rows ?? [])).length;
    seen.set(query.sql, entry);
  };
  strapi.db.connection.client.on('query-response', onResponse);
  return {
    report: () => {
      strapi.db.connection.client.off('query-response', onResponse);
      const lines = [...seen].sort((a, b) => b[1].rows - a[1].rows);
      fs.writeFileSync(file, lines.map(([sql, e]) => `${e.runs}\t${e.rows}\t${e.bytes}\t${sql}`).join('\n') + '\n');
    },
  };
}

/** This process's CPU time (user + system) since `since`, in ms: the send's cost, whatever the machine's load. */
const cpuMs = (since) => {
  const { user, system } = process.cpuUsage(since);
  return Math.round((user + system) / 1000);
};

(async () => {
  const strapi = await createStrapi({
    appDir,
    distDir: path.join(appDir, 'dist'),
    autoReload: false,
    serveAdminPanel: false,
  }).load();
  const plugin = strapi.plugin('greeting-cards');
  const fulfilment = plugin.service('fulfilment');
  const rendering = plugin.service('rendering');
  const q = (name) => strapi.db.query(`plugin::greeting-cards.${name}`);

  // Chromium's memory is read by the benchmark's process from the browser's pid (bench/lib/process-memory.js):
  // read here, it counted in this process's CPU per e-card.
  const stats = setInterval(() => {
    let browserPid = 0;
    try {
      const provider = rendering.provider();
      browserPid = typeof provider.browserPid === 'function' ? provider.browserPid() || 0 : 0;
    } catch {
      // rendering not started
    }
    // The renderer's own counters (renders, browser restarts for the memory budget) when it has them.
    let renderer = null;
    try {
      const provider = rendering.provider();
      if (typeof provider.stats === 'function') renderer = provider.stats();
    } catch {
      // rendering not started
    }
    const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
    say(`STATS ${JSON.stringify({ rss, heapUsed, heapTotal, external, arrayBuffers, browserPid, renderer })}`);
  }, 500);
  stats.unref();

  async function seed(cards, designs, missing) {
    const { TEMPLATES } = require(
      path.join(appDir, 'plugins/greeting-cards/dist/server/areas/catalogue/seed/sample-data'),
    );
    const stamp = Date.now();
    const user = await strapi.db.query('plugin::users-permissions.user').create({
      data: {
        username: `bench-${stamp}`,
        email: `bench-${stamp}@bench.test`,
        provider: 'local',
        confirmed: true,
        blocked: false,
        password: 'not-used-Bench-1',
      },
    });
    const saved = [];
    // A distinct design per card: the template's own, with the card's number (and the run's stamp, so no
    // earlier run's stored preview is found) added as a text box.
    const canvases = Array.from({ length: designs }, (_, d) => {
      const template = TEMPLATES[d % TEMPLATES.length];
      return {
        ...template.canvas_data,
        objects: [
          ...(template.canvas_data.objects || []),
          {
            type: 'textbox',
            text: `Card ${d + 1} ${stamp}`,
            left: 80,
            top: 80,
            width: 600,
            fontSize: 48,
            fill: '#333333',
            fontFamily: 'Georgia',
          },
        ],
      };
    });
    const previewsStarted = Date.now();
    const urls = new Array(designs).fill(null);
    if (!missing) {
      // As the cardPreviews service does after each save: through the rendering service's fair queue, which
      // keeps every page of the pool busy.
      let next = 0;
      const worker = async () => {
        while (next < designs) {
          const d = next++;
          urls[d] = await rendering.storePreview(canvases[d], { owner: `user:${user.id}` });
        }
      };
      await Promise.all(Array.from({ length: 8 }, worker));
    }
    const previewSeconds = (Date.now() - previewsStarted) / 1000;
    for (let d = 0; d < designs; d += 1) {
      const canvas = canvases[d];
      const { hash } = rendering.previewLocation(canvas);
      const preview = urls[d]
        ? { preview_url: urls[d], preview_hash: hash, design_revision: 1, preview_revision: 1 }
        : { design_revision: 1 };
      saved.push(
        await q('card').create({
          data: {
            owner: user.id,
            title: `Bench card ${d + 1}`,
            status: 'ordered',
            canvas_data: canvas,
            inside_message: 'With love from the benchmark',
            ...preview,
          },
        }),
      );
    }
    const order = await q('order').create({
      data: { uuid: `bench-${stamp}`, user: user.id, status: 'paid', paid_at: new Date() },
    });
    await strapi.db.transaction(async () => {
      for (let i = 0; i < cards; i += 1) {
        const recipient = await q('recipient').create({
          data: { owner: user.id, first_name: 'Reader', last_name: String(i + 1), email: `reader-${i + 1}@bench.test` },
        });
        const card = saved[i % saved.length];
        const item = await q('order-item').create({
          data: {
            order: order.id,
            card: card.id,
            recipient: recipient.id,
            delivery_method: 'ecard',
            snapshot: {
              recipient: { first_name: 'Reader', last_name: String(i + 1), email: `reader-${i + 1}@bench.test` },
              card_title: card.title,
            },
          },
        });
        await q('delivery').create({
          data: {
            order_item: item.id,
            status: 'pending',
            view_token: `bench-${stamp}-${i}-${Math.random().toString(36).slice(2, 12)}`,
          },
        });
      }
    });
    return `${order.id} ${previewSeconds.toFixed(1)}`;
  }

  say('READY');
  const lines = readline.createInterface({ input: process.stdin });
  for await (const line of lines) {
    const [command, ...args] = line.trim().split(/\s+/);
    if (command === 'SEED') say(`SEEDED ${await seed(Number(args[0]), Number(args[1]), args[2] === 'missing')}`);
    else if (command === 'START') {
      const sampling = await heapSampling();
      const queries = queryLog(strapi);
      const cpu = process.cpuUsage();
      await fulfilment.startOrder(Number(args[0]));
      await fulfilment.drain();
      const cpuSpent = cpuMs(cpu);
      await sampling.stop();
      queries.report();
      say(`DONE ${JSON.stringify({ cpu_ms: cpuSpent })}`);
    } else if (command === 'DUE') {
      const cpu = process.cpuUsage();
      const outcome = await fulfilment.runDue(new Date());
      say(`DONE ${JSON.stringify({ ...outcome, cpu_ms: cpuMs(cpu) })}`);
    } else if (command === 'LISTEN') {
      await strapi.listen();
      const address = /** @type {import('net').AddressInfo} */ (strapi.server.httpServer.address());
      say(`LISTENING ${address.port}`);
    } else if (command === 'QUIT') break;
  }
  clearInterval(stats);
  await strapi.destroy();
  process.exit(0);
})().catch((error) => {
  process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
  process.exit(1);
});
