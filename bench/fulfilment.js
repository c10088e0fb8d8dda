#!/usr/bin/env node
// Fulfilment benchmark: one paid order of BENCH_CARDS e-cards (default 1,000) delivered to a real SMTP
// server on loopback, by one Strapi instance (payment completion's startOrder) or by several instances
// on one PostgreSQL racing the delivery job (--instances 2). Each instance is its own process booted
// from the built app with NODE_ENV=production and the real Chromium renderer. Counts what the SMTP
// server received (by the X-Greeting-Card-Delivery header): time to drain, e-mails per second,
// duplicates, losses, peak RSS of each Strapi process and of its Chromium.
//
//   npm run build:plugin && node bench/fulfilment.js                 SQLite, one instance
//   BENCH_DATABASE_URL=postgres://user:pass@127.0.0.1:5432/postgres node bench/fulfilment.js --instances 2
//   options: --cards N (1000), --designs K (1: one card to N people; N: a different card each),
//            --previews ready|missing (ready: the cards' previews were rendered when they were saved, as
//            in the shop, and the time that took is reported; missing: every picture is drawn at send time)
//   BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the Strapi process (open it in Chrome's DevTools).
//   BENCH_HEAP_PROF=<file> a sampling heap profile of the send (bench/heap-summary.js sums it);
//   BENCH_QUERY_LOG=<file> the send's statements with their runs, rows and row bytes;
//   BENCH_WORKER_NODE_FLAGS="--max-old-space-size=384" starts the Strapi processes with those Node flags.
//   After the send, Strapi's bare /_health route of instance 1 is loaded with autocannon for
//   BENCH_HEALTH_SECONDS (5; 0 skips it): e-cards/s are reported beside it, as a share and as how many
//   bare requests one e-card costs, so runs on differently loaded machines can be compared. The Strapi
//   process also reports its own CPU time over the send, given per e-card.
//
// The table is printed and written to bench/results/fulfilment-<db>-<n>x.json.
'use strict';
const crypto = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { saveResults } = require('./lib/results');
const { treeMemory } = require('./lib/process-memory');
const readline = require('readline');
const { spawn } = require('child_process');
const { SMTPServer } = require('smtp-server');

const appDir = path.resolve(__dirname, '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const CARDS = Number(arg('cards', process.env.BENCH_CARDS || 1000));
const DESIGNS = Math.max(1, Math.min(CARDS, Number(arg('designs', process.env.BENCH_DESIGNS || 1))));
const INSTANCES = Math.max(1, Number(arg('instances', 1)));
const PREVIEWS = arg('previews', 'ready') === 'missing' ? 'missing' : 'ready';
const ADMIN_URL = process.env.BENCH_DATABASE_URL || '';
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS || 300_000);
const TARGET_S = 60;
const HEALTH_SECONDS = Number(process.env.BENCH_HEALTH_SECONDS ?? 5);
const TARGET_RSS = 600 * 1024 * 1024;

if (INSTANCES > 1 && !ADMIN_URL) {
  console.error("Several instances need PostgreSQL: set BENCH_DATABASE_URL (SQLite is one process's database).");
  process.exit(2);
}

async function createDatabase() {
  const name = `gc_bench_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  if (!ADMIN_URL) {
    const filename = path.join(appDir, '.tmp', `${name}.db`);
    fs.mkdirSync(path.dirname(filename), { recursive: true });
    return {
      kind: 'sqlite',
      env: { DATABASE_URL: '', DATABASE_FILENAME: filename },
      drop: async () => ['', '-wal', '-shm', '-journal'].forEach((s) => fs.rmSync(filename + s, { force: true })),
    };
  }
  const { Client } = require('pg');
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    env: { DATABASE_URL: url.toString() },
    async drop() {
      const c = new Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** An SMTP server that counts messages per delivery id from the raw header, first arrival times kept. */
async function startSmtp() {
  const received = new Map();
  let total = 0;
  let lastAt = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk) => {
        if (head.length < 8192) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        const m = /^X-Greeting-Card-Delivery:\s*(\d+)/im.exec(head);
        total += 1;
        lastAt = Date.now();
        if (m) received.set(m[1], (received.get(m[1]) || 0) + 1);
        callback();
      });
    },
  });
  await /** @type {Promise<void>} */ (
    new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', resolve);
    })
  );
  const { port } = /** @type {import('net').AddressInfo} */ (server.server.address());
  return {
    port,
    received,
    total: () => total,
    lastAt: () => lastAt,
    stop: () => /** @type {Promise<void>} */ (new Promise((r) => server.close(r))),
  };
}

function startInstance(env, label) {
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`]
    : [];
  // BENCH_WORKER_NODE_FLAGS: Node flags for the Strapi processes only (a heap limit, say), not the benchmark's.
  const flags = (process.env.BENCH_WORKER_NODE_FLAGS || '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...flags, ...profile, path.join(__dirname, 'fulfilment-worker.js')], {
    cwd: appDir,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  /** @type {{ rss: number, chromium: number, chromiumPss: number, renderer: Record<string, number> | null }} */
  const peak = { rss: 0, chromium: 0, chromiumPss: 0, renderer: null };
  let stats = 0;
  const waiters = [];
  let err = '';
  child.stderr.on('data', (c) => (err = (err + c).slice(-4000)));
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.startsWith('STATS ')) {
      const s = JSON.parse(line.slice(6));
      // Chromium's whole tree, read here (not in the measured process); its PSS every fourth sample (2 s).
      stats += 1;
      const browser = treeMemory(s.browserPid, stats % 4 === 0);
      s.chromium = browser.rss;
      s.chromiumPss = browser.pss;
      // BENCH_STATS_LOG=<file>: every sample (Strapi's RSS, V8 heap, Buffers' memory, Chromium), to see what grows.
      if (process.env.BENCH_STATS_LOG)
        fs.appendFileSync(process.env.BENCH_STATS_LOG, `${label} ${Date.now()} ${JSON.stringify(s)}\n`);
      peak.rss = Math.max(peak.rss, s.rss);
      peak.chromium = Math.max(peak.chromium, s.chromium);
      if (s.chromiumPss !== null) peak.chromiumPss = Math.max(peak.chromiumPss, s.chromiumPss);
      if (s.renderer) peak.renderer = s.renderer;
      return;
    }
    const w = waiters.findIndex((x) => line.startsWith(x.prefix));
    if (w >= 0) waiters.splice(w, 1)[0].resolve(line);
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  exited.then((code) => {
    for (const w of waiters.splice(0)) w.reject(new Error(`${label} exited (${code}): ${err}`));
  });
  const expect = (prefix) => new Promise((resolve, reject) => waiters.push({ prefix, resolve, reject }));
  return {
    label,
    peak,
    child,
    ready: expect('READY'),
    send(line, answerPrefix) {
      const answer = answerPrefix ? expect(answerPrefix) : Promise.resolve('');
      child.stdin.write(`${line}\n`);
      return answer;
    },
    async quit() {
      if (child.exitCode === null) child.stdin.write('QUIT\n');
      await exited;
    },
  };
}

const mb = (b) => `${Math.round(b / 1024 / 1024)} MB`;

(async () => {
  // The host app's compiled config (dist/); the plugin must be built already (npm run build:plugin).
  if (!fs.existsSync(path.join(appDir, 'plugins/greeting-cards/dist/server/index.js')))
    throw new Error('build the plugin first: npm run build:plugin');
  await require('@strapi/strapi').compileStrapi({ appDir, ignoreDiagnostics: true });
  const db = await createDatabase();
  const smtp = await startSmtp();
  const instances = [];
  try {
    const env = {
      ...process.env,
      ...db.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'error',
      STRAPI_TELEMETRY_DISABLED: 'true',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_SECURE: 'false',
      SERVICE_PUBLIC_URL: 'https://cards.bench.test',
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_RENDER_THUMBNAILS_ON_BOOT: 'false',
      // The benchmark drives dispatch itself; the every-15-seconds job would only blur the split.
      SERVICE_SCHEDULER_ENABLED: 'false',
      SERVICE_REMINDERS_ENABLED: 'false',
      APP_KEYS: `${crypto.randomBytes(16).toString('base64')},${crypto.randomBytes(16).toString('base64')}`,
      API_TOKEN_SALT: crypto.randomBytes(16).toString('base64'),
      ADMIN_JWT_SECRET: crypto.randomBytes(16).toString('base64'),
      TRANSFER_TOKEN_SALT: crypto.randomBytes(16).toString('base64'),
      ENCRYPTION_KEY: crypto.randomBytes(16).toString('base64'),
      JWT_SECRET: crypto.randomBytes(16).toString('base64'),
    };
    // The first instance boots alone (it creates the schema), the others after it.
    instances.push(startInstance(env, 'instance 1'));
    await instances[0].ready;
    for (let i = 2; i <= INSTANCES; i += 1) instances.push(startInstance(env, `instance ${i}`));
    await Promise.all(instances.map((x) => x.ready));

    process.stdout.write(`seeding ${CARDS} e-cards over ${DESIGNS} design(s) on ${db.kind}, previews ${PREVIEWS}... `);
    const seeded = (await instances[0].send(`SEED ${CARDS} ${DESIGNS} ${PREVIEWS}`, 'SEEDED')).split(' ');
    const orderId = Number(seeded[1]);
    const previewSeconds = Number(seeded[2]);
    console.log(`done (previews ${previewSeconds} s)`);
    // The previews' rendering is the shop's work before payment: its peaks are reported on their own.
    await new Promise((r) => setTimeout(r, 600));
    const seedPeak = {
      rss: instances[0].peak.rss,
      chromium: instances[0].peak.chromium,
      chromiumPss: instances[0].peak.chromiumPss,
      renderer: instances[0].peak.renderer,
    };
    for (const x of instances) x.peak.rss = x.peak.chromium = x.peak.chromiumPss = 0;

    const started = Date.now();
    const runs =
      instances.length === 1
        ? [instances[0].send(`START ${orderId}`, 'DONE')]
        : instances.map((x) => x.send('DUE', 'DONE'));
    const deadline = started + TIMEOUT_MS;
    while (smtp.received.size < CARDS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const drainedMs = (smtp.received.size >= CARDS ? smtp.lastAt() : Date.now()) - started;
    const results = (await Promise.all(runs)).map((line) => JSON.parse(line.slice(5)));
    // Anything still arriving late would be a duplicate: give stragglers a moment to show up.
    await new Promise((r) => setTimeout(r, 1000));

    // The ceiling of the same run: Strapi's bare route on the same process, with the send finished.
    let health = null;
    if (HEALTH_SECONDS > 0) {
      const port = Number((await instances[0].send('LISTEN', 'LISTENING')).split(' ')[1]);
      health = await require('./lib/load').measure(`http://127.0.0.1:${port}/_health`, {
        expectStatus: 204,
        duration: HEALTH_SECONDS,
      });
    }

    const duplicates = smtp.total() - smtp.received.size;
    const losses = CARDS - smtp.received.size;
    const perInstance = instances.map((x, i) => ({
      instance: x.label,
      sent: results[i].sent ?? null,
      cpu_ms: results[i].cpu_ms ?? null,
      peak_rss: x.peak.rss,
      peak_chromium_rss: x.peak.chromium,
      peak_chromium_pss: x.peak.chromiumPss,
      renderer: x.peak.renderer,
    }));
    const result = {
      date: new Date().toISOString(),
      machine: `${os.cpus().length} x ${os.cpus()[0].model}, ${mb(os.totalmem())}`,
      database: db.kind,
      instances: INSTANCES,
      cards: CARDS,
      designs: DESIGNS,
      previews: PREVIEWS,
      // Node flags the Strapi processes were started with (BENCH_WORKER_NODE_FLAGS), e.g. a heap limit.
      worker_node_flags: process.env.BENCH_WORKER_NODE_FLAGS || null,
      previews_rendered_s: PREVIEWS === 'ready' ? previewSeconds : null,
      previews_peak_rss: seedPeak.rss,
      previews_peak_chromium_rss: seedPeak.chromium,
      previews_peak_chromium_pss: seedPeak.chromiumPss,
      renders_before_send: seedPeak.renderer,
      load_average: os.loadavg().map((l) => Number(l.toFixed(2))),
      drained_s: Number((drainedMs / 1000).toFixed(1)),
      emails_per_s: Number((smtp.received.size / (drainedMs / 1000)).toFixed(1)),
      health_requests_per_s: health ? Math.round(health.requests_per_s) : null,
      health_p99_ms: health ? health.latency_ms.p99 : null,
      share_of_health: health
        ? Number((smtp.received.size / (drainedMs / 1000) / health.requests_per_s).toFixed(4))
        : null,
      // Strapi's own CPU time per e-card received (all instances; includes the worker's twice-a-second
      // memory sampling): what the send costs the process, much less moved by a loaded machine than the drain.
      strapi_cpu_ms_per_ecard: smtp.received.size
        ? Number((perInstance.reduce((sum, p) => sum + (p.cpu_ms ?? 0), 0) / smtp.received.size).toFixed(2))
        : null,
      received_unique: smtp.received.size,
      duplicates,
      losses,
      per_instance: perInstance,
      targets: {
        drained_within_60_s: drainedMs <= TARGET_S * 1000,
        strapi_rss_under_600_mb: perInstance.every((p) => p.peak_rss < TARGET_RSS),
        no_duplicates: duplicates === 0,
        no_losses: losses === 0,
      },
    };

    const lines = [
      `Fulfilment: ${CARDS} e-cards (${DESIGNS} design(s), previews ${PREVIEWS}), ${INSTANCES} instance(s)${result.worker_node_flags ? ` started with ${result.worker_node_flags}` : ''}, ${db.kind}, ${result.machine}, load average ${result.load_average.join(' ')}`,
      '',
      '| Figure | Value | Target |',
      '|---|---|---|',
      `| time to drain | ${result.drained_s} s | <= ${TARGET_S} s ${result.targets.drained_within_60_s ? 'met' : 'NOT met'} |`,
      `| e-mails per second | ${result.emails_per_s} | |`,
      `| Strapi CPU time per e-card (user + system, over the send) | ${result.strapi_cpu_ms_per_ecard} ms | |`,
      ...(health
        ? [
            `| Strapi's bare \`/_health\` after the send (same process, ${health.connections} connections x ${HEALTH_SECONDS} s) | ${result.health_requests_per_s} req/s, p99 ${result.health_p99_ms} ms | |`,
            `| e-cards/s as a share of the bare route; bare requests one e-card costs | ${((result.emails_per_s / health.requests_per_s) * 100).toFixed(1)} %; ${(health.requests_per_s / result.emails_per_s).toFixed(1)} | |`,
          ]
        : []),
      `| received / duplicates / losses | ${result.received_unique} / ${duplicates} / ${losses} | all / 0 / 0 |`,
      ...perInstance.map(
        (p) =>
          `| ${p.instance}: sent, peak Strapi RSS, peak Chromium (whole process tree: RSS sum / PSS) | ${p.sent ?? 'n/a'}, ${mb(p.peak_rss)}, ${mb(p.peak_chromium_rss)} / ${mb(p.peak_chromium_pss)} | Strapi < 600 MB |`,
      ),
      ...perInstance.flatMap(({ instance, renderer: r }) =>
        r
          ? [
              `| ${instance}: renderer counters at the end (PNG / SVG / PDF renders, launches, browser restarts, page reopens) | ${r.designPng} / ${r.designSvg} / ${r.printPdf}, ${r.launches}, ${r.browserRecycles}, ${r.pageRecycles} | |`,
            ]
          : [],
      ),
      ...(PREVIEWS === 'ready'
        ? [
            `| before payment: ${DESIGNS} previews rendered in, peak Strapi RSS, peak Chromium (RSS sum / PSS) | ${previewSeconds} s, ${mb(seedPeak.rss)}, ${mb(seedPeak.chromium)} / ${mb(seedPeak.chromiumPss)} | |`,
          ]
        : []),
    ];
    // One file per database and instance count (the figures), and the dated table `npm run bench` collects.
    const out = path.join(
      __dirname,
      'results',
      `fulfilment-${db.kind}-${INSTANCES}x${DESIGNS > 1 ? `-${DESIGNS}-designs-${PREVIEWS}` : ''}.json`,
    );
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    saveResults('fulfilment', result, lines.join('\n'));
    process.exitCode = result.targets.no_duplicates && result.targets.no_losses ? 0 : 1;
  } finally {
    await Promise.all(instances.map((x) => x.quit().catch(() => undefined)));
    await smtp.stop();
    await db.drop().catch(() => undefined);
  }
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
