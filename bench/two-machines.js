#!/usr/bin/env node
// Two machines at 1,000 e-cards (issue 46, item 1): the set-up of tests/fulfilment/two-machines.test.ts,
// from its own helpers (tests/fulfilment/machines.js, machine-process.js): two copies of the built app in
// separate temporary folders sharing only PostgreSQL and an S3 bucket (s3rver), web and worker on
// machine A, a worker on machine B, all three behind the benchmarks' balancer (bench/lib/balancer.js),
// production settings. One paid order of BENCH_CARDS (1,000) distinct e-cards (each its own card and
// design, no preview drawn beforehand, its own recipient) is committed at once; once machine B holds
// claims and a tenth of the cards have left, B's whole process tree (Strapi and its Chromium) is
// SIGKILLed. Machine A's worker takes B's claims over when their lease ends.
//
// Reported: e-cards delivered, lost (must be 0), duplicates (copies of a card already received: each
// must carry its card's one Message-ID, and there may be no more of them than claims B held when it
// died), the time from the order's commit to the last card, e-cards/s, and Strapi's bare `/_health` of
// web A measured afterwards in the same run (BENCH_HEALTH_SECONDS, 5): e-cards/s as a share of it.
// Leases against pg-boss: not here. The plugin sends only through its leases; bench/queue.js compares
// the two queues alone, with its own kill run.
//
//   BENCH_DATABASE_URL=postgres://user:pass@127.0.0.1:5432/postgres node bench/two-machines.js [--cards N]
// (TEST_DATABASE_URL serves too). Needs the built app: `node scripts/build-host.js --server` and the
// plugin's build. Without PostgreSQL it says so and exits 0: one SQLite file cannot be two machines'.
'use strict';
const fs = require('fs');
const os = require('os');
const { SMTPServer } = require('smtp-server');
const { freshDatabase, productionEnv, freePort } = require('./lib/app');
const { startBalancer } = require('./lib/balancer');
const { measure } = require('./lib/load');
const { saveResults, markdownTable } = require('./lib/results');
const machineKit = require('../tests/fulfilment/machines');

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const CARDS = Number(arg('cards', process.env.BENCH_CARDS || 1000));
const KILL_AFTER = Math.max(1, Math.round(CARDS / 10));
const LEASE_S = Number(process.env.BENCH_LEASE_SECONDS || 4);
const HEALTH_SECONDS = Number(process.env.BENCH_HEALTH_SECONDS ?? 5);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS || 600_000);
const ADMIN_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '';

/** Polls `read` until `done` holds; throws after `timeoutMs` (no fixed sleeps). */
async function until(read, done, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not reached in ${timeoutMs} ms (${JSON.stringify(value)})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * An SMTP server that keeps, per delivery (its X-Greeting-Card-Delivery header), the Message-IDs it
 * received and when the first copy arrived.
 */
async function startSmtp() {
  /** @type {Map<string, string[]>} */
  const byDelivery = new Map();
  let total = 0;
  let lastNewAt = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk) => {
        if (head.length < 16384) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        const headers = head.split(/\r?\n\r?\n/)[0];
        const delivery = /^X-Greeting-Card-Delivery:\s*(\d+)/im.exec(headers)?.[1];
        const messageId = /^Message-ID:\s*(\S+)/im.exec(headers)?.[1] ?? '';
        total += 1;
        if (delivery) {
          if (!byDelivery.has(delivery)) lastNewAt = Date.now();
          byDelivery.set(delivery, [...(byDelivery.get(delivery) ?? []), messageId]);
        }
        callback();
      });
    },
  });
  // A killed machine's connections end mid-message: that is the test, not an error of the run.
  server.on('error', () => undefined);
  const port = await freePort();
  await /** @type {Promise<void>} */ (new Promise((resolve) => server.listen(port, '127.0.0.1', resolve)));
  return {
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_SECURE: 'false' },
    byDelivery,
    total: () => total,
    lastNewAt: () => lastNewAt,
    stop: () => /** @type {Promise<void>} */ (new Promise((resolve) => server.close(resolve))),
  };
}

async function main() {
  if (!ADMIN_URL) {
    console.log('two-machines: skipped, set BENCH_DATABASE_URL (two machines cannot share one SQLite file).');
    return;
  }
  const loadAtStart = os.loadavg().map((l) => Number(l.toFixed(2)));
  const db = await freshDatabase('postgres', 'two_machines');
  const bucket = await machineKit.startBucket();
  const smtp = await startSmtp();
  /** @type {string[]} */
  const targets = [];
  const balancer = await startBalancer(targets);
  const dirs = { A: machineKit.copyMachine('a'), B: machineKit.copyMachine('b') };
  /** @type {import('../tests/fulfilment/machines').MachineInstance[]} */
  const instances = [];
  // Should this script die, its instances must not outlive it.
  process.once('exit', () => {
    for (const i of instances) if (i.child.exitCode === null && i.child.signalCode === null) i.child.kill('SIGKILL');
  });
  try {
    const env = productionEnv(0, {
      ...db.env,
      ...smtp.env,
      ...bucket.env,
      ...machineKit.machineSettings(LEASE_S),
      SERVICE_PUBLIC_URL: balancer.url,
    });
    const [portWeb, portWorkerA, portWorkerB] = [await freePort(), await freePort(), await freePort()];
    // Web A boots alone on the empty database (it creates the schema), then the two workers.
    const bootStarted = Date.now();
    const webA = await machineKit.startInstance('web A', dirs.A, { ...env, SERVICE_ROLE: 'web' }, portWeb);
    instances.push(webA);
    const [workerA, workerB] = await Promise.all([
      machineKit.startInstance('worker A', dirs.A, { ...env, SERVICE_ROLE: 'worker' }, portWorkerA),
      machineKit.startInstance('worker B', dirs.B, { ...env, SERVICE_ROLE: 'worker' }, portWorkerB),
    ]);
    instances.push(workerA, workerB);
    targets.push(webA.url, workerA.url, workerB.url);
    const bootSeconds = (Date.now() - bootStarted) / 1000;
    console.log(`three instances up in ${bootSeconds.toFixed(0)} s; seeding ${CARDS} distinct e-cards…`);

    const seeded = JSON.parse(await webA.ask(`SEED ${CARDS}`, 'SEEDED '));
    /** @type {number[]} */
    const ids = seeded.ids;
    const started = Date.now();
    const ours = new Set(ids.map(String));
    const received = () => [...smtp.byDelivery.keys()].filter((k) => ours.has(k)).length;
    const count = async () => JSON.parse(await webA.ask(`COUNT ${workerB.instanceId}`, 'COUNTED '));

    // Once B holds claims and a tenth of the cards have left, its whole process tree is killed.
    await until(
      async () => ({ held: (await count()).held, sent: received() }),
      ({ held, sent }) => held > 0 && sent >= KILL_AFTER,
      TIMEOUT_MS,
      'machine B holding claims',
    );
    const tree = await machineKit.killTree(workerB.child);
    const killedAt = Date.now();
    const held = (await count()).held;
    const sentBeforeKill = received();
    await until(
      async () => tree.filter((pid) => machineKit.alive(pid)).length,
      (left) => left === 0,
      10_000,
      "machine B's processes gone",
    );
    console.log(
      `machine B (${tree.length} processes) killed ${((killedAt - started) / 1000).toFixed(1)} s in, holding ${held} claim(s), ${sentBeforeKill} cards sent`,
    );

    await until(
      async () => ({ unsent: (await count()).unsent, received: received() }),
      (c) => c.unsent === 0 && c.received >= CARDS,
      Math.max(60_000, TIMEOUT_MS - (Date.now() - started)),
      'every card sent',
    );
    const drainedMs = smtp.lastNewAt() - started;
    // A copy still on its way would be a duplicate: the claims were all released, so none should come.
    const released = await until(count, (c) => c.claimed === 0, 20_000, 'claims released');

    let health = null;
    if (HEALTH_SECONDS > 0)
      health = await measure(`${webA.url}/_health`, { expectStatus: 204, duration: HEALTH_SECONDS });

    const mails = ids.map((id) => smtp.byDelivery.get(String(id)) ?? []);
    const delivered = mails.filter((m) => m.length > 0).length;
    const lost = CARDS - delivered;
    const duplicates = mails.reduce((n, m) => n + Math.max(0, m.length - 1), 0);
    const oneMessageId = mails.every((m) => new Set(m).size <= 1);
    const emailsPerS = delivered / (drainedMs / 1000);
    const result = {
      database: db.kind,
      machines: 2,
      instances: ['web A', 'worker A', 'worker B'],
      cards: CARDS,
      lease_s: LEASE_S,
      load_at_start: loadAtStart,
      load_average: os.loadavg().map((l) => Number(l.toFixed(2))),
      boot_s: Number(bootSeconds.toFixed(1)),
      killed: {
        machine: 'B',
        processes: tree.length,
        after_s: Number(((killedAt - started) / 1000).toFixed(1)),
        claims_held: held,
        sent_before: sentBeforeKill,
      },
      delivered,
      lost,
      duplicates,
      duplicates_same_message_id: oneMessageId,
      claims_left: released.claimed,
      drained_s: Number((drainedMs / 1000).toFixed(1)),
      emails_per_s: Number(emailsPerS.toFixed(1)),
      health_requests_per_s: health ? Math.round(health.requests_per_s) : null,
      health_p99_ms: health ? health.latency_ms.p99 : null,
      share_of_health: health ? Number((emailsPerS / health.requests_per_s).toFixed(4)) : null,
      queue_comparison:
        'not here: the plugin sends only through its leases; bench/queue.js compares leases and pg-boss on the queue alone',
      targets: {
        none_lost: lost === 0,
        duplicates_within_claims_held: duplicates <= held,
        one_message_id_per_card: oneMessageId,
      },
    };
    const md = [
      `Two machines (copies of the built app sharing only PostgreSQL and an s3rver bucket; web + worker on A, worker on B, behind the balancer), ${CARDS} distinct e-cards in one paid order, machine B's process tree SIGKILLed; lease ${LEASE_S} s; load average ${result.load_average.join(' ')} (${loadAtStart.join(' ')} at start).`,
      '',
      markdownTable(
        ['Figure', 'Value', 'Target'],
        [
          ['E-cards delivered / lost', `${delivered} / ${lost}`, `${CARDS} / 0 ${lost === 0 ? 'met' : 'NOT met'}`],
          [
            'Duplicates (copies of a received card)',
            `${duplicates}, ${oneMessageId ? 'each with its card’s one Message-ID' : '**Message-IDs differ**'}`,
            `<= ${held} (claims B held when killed), one Message-ID: ${result.targets.duplicates_within_claims_held && oneMessageId ? 'met' : 'NOT met'}`,
          ],
          [
            'Machine B killed',
            `${result.killed.after_s} s in, ${tree.length} processes, ${held} claim(s) held, ${sentBeforeKill} cards sent`,
            '',
          ],
          ['Time from the commit to the last card; e-cards/s', `${result.drained_s} s; ${result.emails_per_s}`, ''],
          ...(health
            ? [
                [
                  `Web A's bare \`/_health\` afterwards (${health.connections} connections x ${HEALTH_SECONDS} s); e-cards/s as a share of it`,
                  `${result.health_requests_per_s} req/s, p99 ${result.health_p99_ms} ms; ${(100 * /** @type {number} */ (result.share_of_health)).toFixed(1)} %`,
                  '',
                ],
              ]
            : []),
          ['Leases against pg-boss', 'not driven here (see the queue part)', ''],
        ],
      ),
    ].join('\n');
    saveResults('two-machines', result, md);
    process.exitCode = Object.values(result.targets).every(Boolean) ? 0 : 1;
  } finally {
    await Promise.allSettled(instances.map((i) => i.stop()));
    for (const i of instances) if (i.child.exitCode === null && i.child.signalCode === null) i.child.kill('SIGKILL');
    await balancer.stop();
    await smtp.stop();
    await bucket.close();
    for (const dir of Object.values(dirs)) fs.rmSync(dir, { recursive: true, force: true });
    await db.drop().catch(() => undefined);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
