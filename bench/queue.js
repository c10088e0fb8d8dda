#!/usr/bin/env node
// Queue benchmark (issue 46 item 5): the deliveries' database leases against pg-boss, a job queue made
// for PostgreSQL, on the same database, in the same run, driven by the same sender loop. Only the queue
// statements differ:
// - leases: what areas/fulfilment/delivery-store.ts issues: the due ids (dueIds), one conditional
//   UPDATE ... RETURNING per batch of 50 (claimMany), renewals of held claims every 10 s (renew), one
//   UPDATE per batch of finished sends (finishSent). A worker that dies leaves claims that others take
//   once their lease (SERVICE_DELIVERY_CLAIM_LEASE_SECONDS) has run out.
// - pg-boss: fetch({ batchSize: 50 }) and complete(ids); a job whose worker died is retried once its
//   expireInSeconds has run out and pg-boss's maintenance has seen it.
// Each lane sends N jobs with W worker processes, each sending C at a time (a "send" waits WORK_MS, as
// the SMTP server's answer would), once without faults and once with one worker SIGKILLed when a third
// of the jobs are done. Printed: time to drain, jobs/s, queue statements per job, statement time per
// job, jobs lost, jobs sent twice, and, for the kill run, how long the killed worker's jobs waited.
// The lease and expiry are both LEASE_S (10 s here; 30 s by default in the shop) and both lanes poll
// every second when idle, so the figures compare the queues, not their settings.
//
//   BENCH_DATABASE_URL=postgres://user:pass@127.0.0.1:5432/postgres node bench/queue.js
//   options: --jobs N (1000), --workers W (2), --concurrency C (8), --work-ms M (5)
'use strict';
const crypto = require('crypto');
const readline = require('readline');
const { spawn } = require('child_process');
const { Client, Pool } = require('pg');
const { saveResults, markdownTable } = require('./lib/results');

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const JOBS = Number(arg('jobs', 1000));
const WORKERS = Number(arg('workers', 2));
const CONCURRENCY = Number(arg('concurrency', 8));
const WORK_MS = Number(arg('work-ms', 5));
const LEASE_S = 10;
const BATCH = 50;
const POLL_MS = 1000;
const QUEUE = 'ecards';

// ---------------------------------------------------------------------------------------------------
// The two queues behind one interface: claim up to `max` jobs, finish some, renew what is held.

/** A pg Pool whose statements are counted and timed (both lanes talk to PostgreSQL through one). */
function countingPool(url) {
  const pool = new Pool({ connectionString: url, max: 4 });
  const stats = { statements: 0, ms: 0 };
  const run = async (text, values) => {
    const started = process.hrtime.bigint();
    try {
      return await pool.query(text, values);
    } finally {
      stats.statements += 1;
      stats.ms += Number(process.hrtime.bigint() - started) / 1e6;
    }
  };
  return { pool, stats, run };
}

/** The shop's leases, as delivery-store.ts writes them (status, claimed_by, claimed_at on the row). */
function leaseQueue(db, me) {
  const expired = () => new Date(Date.now() - LEASE_S * 1000);
  // runDue's list: up to 100 due ids, claimed in slices of `max`; a slice another worker took
  // (claimMany returns none of it) is passed over for the next.
  /** @type {number[]} */
  let due = [];
  return {
    async claim(max) {
      for (;;) {
        if (!due.length) {
          const rows = await db.run(
            `SELECT id FROM deliveries
              WHERE (status = 'pending' AND (claimed_at IS NULL OR claimed_at < $1))
                 OR (status = 'processing' AND claimed_at < $1)
              ORDER BY id LIMIT 100`,
            [expired()],
          );
          due = rows.rows.map((r) => r.id);
          if (!due.length) return [];
        }
        const slice = due.splice(0, max);
        const won = await db.run(
          `UPDATE deliveries SET status = 'processing', claimed_by = $2, claimed_at = now()
            WHERE id = ANY($1::int[])
              AND ((status = 'pending' AND (claimed_at IS NULL OR claimed_at < $3))
                OR (status = 'processing' AND claimed_at < $3))
            RETURNING id`,
          [slice, me, expired()],
        );
        if (won.rows.length) return won.rows.map((r) => ({ job: r.id, delivery: r.id }));
      }
    },
    async finish(jobs) {
      await db.run(
        `UPDATE deliveries SET status = 'sent', attempts = attempts + 1, claimed_by = NULL, claimed_at = NULL
          WHERE id = ANY($1::int[])`,
        [jobs.map((j) => j.job)],
      );
    },
    async renew(jobs) {
      if (!jobs.length) return;
      await db.run(
        `UPDATE deliveries SET claimed_at = now() WHERE id = ANY($1::int[]) AND status = 'processing' AND claimed_by = $2`,
        [jobs.map((j) => j.job), me],
      );
    },
  };
}

/** pg-boss on the same database, its statements through the same counting pool. */
async function bossQueue(db, { migrate }) {
  const PgBoss = require('pg-boss');
  const boss = new PgBoss({
    db: { executeSql: (text, values) => db.run(text, values) },
    // Every worker supervises (finds expired jobs), as each instance of a shop would; the schema is
    // made once, before the workers start.
    supervise: true,
    schedule: false,
    migrate,
    maintenanceIntervalSeconds: 1,
  });
  boss.on('error', (error) => process.stderr.write(`pg-boss: ${error.message}\n`));
  await boss.start();
  return {
    boss,
    async claim(max) {
      const jobs = await boss.fetch(QUEUE, { batchSize: max });
      return (jobs ?? []).map((j) => ({ job: j.id, delivery: j.data.delivery }));
    },
    async finish(jobs) {
      await boss.complete(
        QUEUE,
        jobs.map((j) => j.job),
      );
    },
    async renew() {
      // pg-boss 10 has no heartbeat: a job runs out expireInSeconds after it was fetched.
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// A worker process: the sender loop of fulfilment-service.ts claimAndSend, on either queue.

async function worker(lane, url) {
  const db = countingPool(url);
  const me = `w${process.pid}`;
  const queue = lane === 'leases' ? leaseQueue(db, me) : await bossQueue(db, { migrate: false });
  const held = new Map();
  const finished = [];
  /** @type {Promise<void> | null} */
  let flushing = null;
  // Finished sends are recorded together, as sentRecorder does (at most every 50 ms).
  const flush = () =>
    (flushing ??= (async () => {
      await new Promise((r) => setTimeout(r, 50));
      const batch = finished.splice(0);
      if (batch.length) await queue.finish(batch);
      batch.forEach((j) => held.delete(j.job));
    })().finally(() => (flushing = null)));
  const renewal = setInterval(() => void queue.renew([...held.values()]).catch(() => undefined), (LEASE_S * 1000) / 3);
  process.stdout.write('READY\n');
  const ready = [];
  // One claim at a time per process, the next batch fetched while the current one still has a round
  // of sends left: claimAndSend's claimNext. Resolves to how many jobs it took.
  /** @type {Promise<number> | null} */
  let claiming = null;
  const claimNext = () =>
    (claiming ??= (async () => {
      const claimed = await queue.claim(BATCH);
      claimed.forEach((j) => held.set(j.job, j));
      ready.push(...claimed);
      return claimed.length;
    })().finally(() => (claiming = null)));
  const sender = async () => {
    for (;;) {
      if (ready.length <= CONCURRENCY) void claimNext();
      const job = ready.shift();
      if (!job) {
        if (!(await claimNext())) await new Promise((r) => setTimeout(r, POLL_MS));
        continue;
      }
      await new Promise((r) => setTimeout(r, WORK_MS));
      // "Sent": the SMTP server took it. What the parent counts (a job sent twice is reported twice).
      process.stdout.write(`SENT ${job.delivery}\n`);
      finished.push(job);
      void flush();
    }
  };
  const stats = setInterval(() => process.stdout.write(`STATS ${JSON.stringify(db.stats)}\n`), 250);
  process.on('SIGTERM', () => {
    clearInterval(renewal);
    clearInterval(stats);
    process.stdout.write(`STATS ${JSON.stringify(db.stats)}\n`, () => process.exit(0));
  });
  await Promise.all(Array.from({ length: CONCURRENCY }, sender));
}

// ---------------------------------------------------------------------------------------------------
// The parent: a database per lane and run, the jobs, the workers, the counts.

async function createDatabase(adminUrl) {
  const name = `gc_queue_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function seed(lane, url) {
  const db = countingPool(url);
  // The deliveries table in both lanes (pg-boss's jobs point at its rows), with the shop's claim index.
  await db.run(`CREATE TABLE deliveries (id serial PRIMARY KEY, status text NOT NULL DEFAULT 'pending',
    claimed_by text, claimed_at timestamptz, attempts int NOT NULL DEFAULT 0)`);
  await db.run(`CREATE INDEX deliveries_claim ON deliveries (status, claimed_at)`);
  await db.run(`INSERT INTO deliveries (status) SELECT 'pending' FROM generate_series(1, $1)`, [JOBS]);
  if (lane === 'pg-boss') {
    const queue = await bossQueue(db, { migrate: true });
    await queue.boss.createQueue(QUEUE, { name: QUEUE, expireInSeconds: LEASE_S, retryLimit: 3, retryDelay: 0 });
    for (let from = 1; from <= JOBS; from += 500) {
      const jobs = [];
      for (let id = from; id < Math.min(from + 500, JOBS + 1); id += 1)
        jobs.push({ name: QUEUE, data: { delivery: id }, expireInSeconds: LEASE_S, retryLimit: 3, retryDelay: 0 });
      await queue.boss.insert(jobs);
    }
    await queue.boss.stop({ graceful: false, wait: true });
  }
  await db.pool.end();
}

function startWorker(lane, url) {
  const child = spawn(process.execPath, [__filename, '--worker', lane, '--url', url, ...process.argv.slice(2)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  /** @type {() => void} */
  let onReady = () => undefined;
  let err = '';
  child.stderr.on('data', (c) => (err = (err + c).slice(-2000)));
  const ready = new Promise((resolve, reject) => {
    onReady = () => resolve(undefined);
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}: ${err}`)));
  });
  // A worker killed on purpose rejects its (long settled) ready promise: nothing to report.
  ready.catch(() => undefined);
  const state = {
    child,
    stats: { statements: 0, ms: 0 },
    ready,
    onReady,
    lines: readline.createInterface({ input: child.stdout }),
  };
  return state;
}

async function runLane(lane, adminUrl, kill) {
  const database = await createDatabase(adminUrl);
  try {
    await seed(lane, database.url);
    const sent = new Map();
    const firstAt = new Map();
    let killedAt = null;
    /** @type {ReturnType<typeof startWorker> | null} */
    let killed = null;
    let afterKillLast = 0;
    const workers = Array.from({ length: WORKERS }, () => startWorker(lane, database.url));
    let started = Date.now();
    let firstReady = null;
    let done;
    const allDone = new Promise((resolve) => (done = resolve));
    for (const w of workers) {
      w.lines.on('line', (line) => {
        if (line === 'READY') {
          firstReady ??= Date.now();
          return w.onReady();
        }
        if (line.startsWith('STATS ')) return void (w.stats = JSON.parse(line.slice(6)));
        if (!line.startsWith('SENT ')) return;
        const id = Number(line.slice(5));
        w.sent += 1;
        sent.set(id, (sent.get(id) ?? 0) + 1);
        if (!firstAt.has(id)) firstAt.set(id, Date.now());
        if (killedAt) afterKillLast = Date.now();
        // The worker killed is the busiest at a third of the run: one surely holding claims.
        if (kill && !killedAt && firstAt.size >= JOBS / 3) {
          killedAt = Date.now();
          killed = workers.reduce((a, b) => (b.sent > a.sent ? b : a));
          killed.child.kill('SIGKILL');
        }
        if (firstAt.size === JOBS) done();
      });
    }
    await Promise.all(workers.map((w) => w.ready));
    // Timed from the first worker's READY, not from the spawn: a worker's boot is not the queue's cost.
    started = firstReady ?? started;
    const timeout = setTimeout(() => done(), 120_000);
    await allDone;
    clearTimeout(timeout);
    const drainS = (Date.now() - started) / 1000;
    // The survivors' last counts, then stop them.
    await new Promise((r) => setTimeout(r, 600));
    const living = workers.filter((w) => w !== killed);
    await Promise.all(
      living.map(
        (w) =>
          new Promise((resolve) => {
            w.child.once('exit', resolve);
            w.child.kill('SIGTERM');
          }),
      ),
    );
    const statements = workers.reduce((sum, w) => sum + w.stats.statements, 0);
    const ms = workers.reduce((sum, w) => sum + w.stats.ms, 0);
    return {
      lane,
      kill,
      drain_s: Number(drainS.toFixed(2)),
      jobs_per_s: Number((JOBS / drainS).toFixed(1)),
      statements_per_job: Number((statements / JOBS).toFixed(3)),
      statement_ms_per_job: Number((ms / JOBS).toFixed(3)),
      lost: JOBS - firstAt.size,
      sent_twice: [...sent.values()].filter((n) => n > 1).length,
      killed_jobs_waited_s: killedAt ? Number(((afterKillLast - killedAt) / 1000).toFixed(1)) : null,
    };
  } finally {
    await database.drop();
  }
}

async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    // Not a failure of `npm run bench` on SQLite: there is nothing to compare there.
    console.log('queue: skipped, set BENCH_DATABASE_URL (pg-boss is PostgreSQL only).');
    return;
  }
  const runs = [];
  for (const kill of [false, true])
    for (const lane of ['leases', 'pg-boss']) {
      console.log(`${lane}${kill ? ', one worker killed' : ''}…`);
      runs.push(await runLane(lane, adminUrl, kill));
    }
  const rows = runs.map((r) => [
    r.lane,
    r.kill ? 'one of two killed' : 'none',
    r.drain_s,
    r.jobs_per_s,
    r.statements_per_job,
    r.statement_ms_per_job,
    r.lost,
    r.sent_twice,
    r.killed_jobs_waited_s ?? '',
  ]);
  const md = [
    `Queue: ${JOBS} jobs, ${WORKERS} workers × ${CONCURRENCY} senders, ${WORK_MS} ms a send, lease/expiry ${LEASE_S} s, batch ${BATCH} (${new Date().toISOString().slice(0, 10)})`,
    '',
    markdownTable(
      [
        'queue',
        'fault',
        'drain s',
        'jobs/s',
        'queue statements/job',
        'statement ms/job',
        'lost',
        'sent twice',
        'killed work waited s',
      ],
      rows,
    ),
  ].join('\n');
  saveResults('queue', { jobs: JOBS, workers: WORKERS, concurrency: CONCURRENCY, work_ms: WORK_MS, runs }, md);
  if (runs.some((r) => r.lost > 0)) process.exitCode = 1;
}

if (process.argv.includes('--worker')) {
  worker(arg('worker'), arg('url')).catch((error) => {
    process.stderr.write(`${error.stack}\n`);
    process.exit(1);
  });
} else {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
