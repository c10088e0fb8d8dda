// The application under load: a database (SQLite file, or a fresh PostgreSQL database when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set), seeded by a separate Strapi process, then the
// production server (`strapi start`, NODE_ENV=production) in its own process, and an SMTP sink.
// Needs `npm run build` first (the npm bench scripts do it).
'use strict';
const fs = require('fs');
const net = require('net');
const path = require('path');
const crypto = require('crypto');
const { spawn } = require('child_process');

const ROOT = path.resolve(__dirname, '../..');
const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || '';

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('net').AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * The databases to run on: SQLite always, PostgreSQL when a server URL is given; BENCH_DATABASES
 * (sqlite, postgres or both, comma-separated) narrows that.
 */
function databaseKinds() {
  const kinds = PG_ADMIN_URL ? ['sqlite', 'postgres'] : ['sqlite'];
  const only = (process.env.BENCH_DATABASES || '').split(',').filter(Boolean);
  return only.length ? kinds.filter((k) => only.includes(k)) : kinds;
}

/** A fresh, empty database of the given kind: { env, drop() }. */
async function freshDatabase(kind, name) {
  if (kind === 'sqlite') {
    const filename = path.join(ROOT, '.tmp', `bench-${name}-${process.pid}.db`);
    fs.mkdirSync(path.dirname(filename), { recursive: true });
    const remove = () => {
      for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(`${filename}${suffix}`, { force: true });
    };
    remove();
    return { kind, env: { DATABASE_URL: '', DATABASE_FILENAME: filename }, drop: async () => remove() };
  }
  const { Client } = require('pg');
  const database = `gc_bench_${name.replace(/\W/g, '_')}_${process.pid}`;
  const admin = new Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database}`);
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${database}`;
  return {
    kind,
    name: database,
    env: { DATABASE_URL: url.toString() },
    async drop() {
      // BENCH_KEEP_DATABASE=1 leaves it for a look afterwards (EXPLAIN, pg_stat_statements); drop it by hand.
      if (process.env.BENCH_KEEP_DATABASE === '1') return console.log(`kept database ${database}`);
      const c = new Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Settings for a production instance; secrets are random for each run. */
function productionEnv(port, extra = {}) {
  const secret = () => crypto.randomBytes(24).toString('base64');
  return {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_KEYS: `${secret()},${secret()}`,
    API_TOKEN_SALT: secret(),
    ADMIN_JWT_SECRET: secret(),
    TRANSFER_TOKEN_SALT: secret(),
    ENCRYPTION_KEY: secret(),
    JWT_SECRET: secret(),
    SERVICE_PUBLIC_URL: `http://127.0.0.1:${port}`,
    SERVICE_DEMO_PAYMENTS: 'true',
    // Rendering 500 thumbnails in the background would load the machine during the measurement.
    SERVICE_RENDER_THUMBNAILS_ON_BOOT: 'false',
    STRAPI_TELEMETRY_DISABLED: 'true',
    STRAPI_STARTUP_LOG: 'false',
    BROWSER: 'false',
    ...extra,
  };
}

function runSeed(env, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(__dirname, 'seed-app.js')], {
      cwd: ROOT,
      env: {
        ...env,
        SERVICE_SEED_SAMPLE_DATA: 'true',
        SERVICE_SCHEDULER_ENABLED: 'false',
        SERVICE_REMINDERS_ENABLED: 'false',
        BENCH_SEED: JSON.stringify(options),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('SEEDED '));
      if (code !== 0 || !line) reject(new Error(`seeding failed (${code}): ${err.slice(-2000)}`));
      else resolve(JSON.parse(line.slice('SEEDED '.length)));
    });
  });
}

async function waitForHealth(url, child, deadlineMs = 90_000) {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/_health`);
      if (res.status === 204 || res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not answer /_health in time');
}

/** Starts one `strapi start` process with `env`, logging to .tmp/bench-<label>.log: { url, pid, child, log }. */
async function spawnServer(env, port, label) {
  const logFile = path.join(ROOT, '.tmp', `bench-${label}.log`);
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.openSync(logFile, 'w');
  // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each server (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`]
    : [];
  const child = spawn(
    process.execPath,
    [...profile, path.join(ROOT, 'node_modules/@strapi/strapi/bin/strapi.js'), 'start'],
    {
      cwd: ROOT,
      env: { ...env, PORT: String(port), SERVICE_SEED_SAMPLE_DATA: 'false' },
      stdio: ['ignore', log, log],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, child);
  } catch (error) {
    child.kill('SIGKILL');
    fs.closeSync(log);
    throw new Error(`${error instanceof Error ? error.message : error}; see ${path.relative(process.cwd(), logFile)}`);
  }
  return { url, pid: child.pid, child, log };
}

async function stopServer(server) {
  const { child } = server;
  if (child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  fs.closeSync(server.log);
}

/**
 * A production deployment on a fresh, seeded database: { url, seed, pid, pids, stop() }.
 * `seed` options: { templates, birthday, shoppers, cardsPerShopper } (see seed-app.js).
 * `web` > 0 splits the roles (issue 25): that many SERVICE_ROLE=web instances behind a round-robin
 * balancer on loopback (bench/lib/balancer.js), plus `workers` SERVICE_ROLE=worker instances (default
 * 1) that deliver. With `web` 0 (the default) one instance does everything, as a single machine runs.
 * All instances share the database and the secrets, as a real deployment does.
 */
async function startApp({ kind, name, seed = {}, env: extra = {}, web = 0, workers = 1 }) {
  if (web > 0 && kind !== 'postgres')
    throw new Error(
      'split roles need PostgreSQL (several processes on one SQLite file wait on its lock): set BENCH_DATABASE_URL',
    );
  const db = await freshDatabase(kind, name);
  const roles = web > 0 ? [...Array(web).fill('web'), ...Array(workers).fill('worker')] : ['all'];
  const ports = [];
  for (let i = 0; i < roles.length; i += 1) ports.push(await freePort());
  // With a balancer, the public address is the balancer's: links in e-mails and allowed redirects.
  const balancerPort = web > 0 ? await freePort() : null;
  const env = productionEnv(balancerPort ?? ports[0], { ...db.env, ...extra });
  const seeded = await runSeed(env, seed);
  const servers = [];
  let balancer = null;
  try {
    for (let i = 0; i < roles.length; i += 1) {
      const roleEnv = roles[i] === 'all' ? {} : { SERVICE_ROLE: roles[i] };
      servers.push(
        await spawnServer(
          { ...env, ...roleEnv },
          ports[i],
          `${name}-${kind}${roles.length > 1 ? `-${roles[i]}${i}` : ''}`,
        ),
      );
    }
    if (web > 0) {
      const { startBalancer } = require('./balancer');
      balancer = await startBalancer(
        servers.filter((_, i) => roles[i] === 'web').map((s) => s.url),
        balancerPort,
      );
    }
  } catch (error) {
    await Promise.all(servers.map(stopServer));
    await db.drop();
    throw error;
  }
  return {
    url: balancer ? balancer.url : servers[0].url,
    kind,
    seed: seeded,
    pid: servers[0].pid,
    pids: servers.map((s, i) => ({ role: roles[i], pid: s.pid })),
    /** The PostgreSQL database's name (its backends' CPU is metered by name), null on SQLite. */
    database: db.name ?? null,
    roles,
    async stop() {
      if (balancer) await balancer.stop();
      await Promise.all(servers.map(stopServer));
      await db.drop();
    },
  };
}

/**
 * An SMTP server on loopback that accepts and counts every message: { env, received(), receivedBy(), stop() }.
 * `receivedBy(test)` counts the messages with a recipient address that passes `test` (the e-cards to the
 * seed's recipients, not the shoppers' order confirmations).
 */
async function startSmtpSink() {
  const { SMTPServer } = require('smtp-server');
  let count = 0;
  /** Per message, whether any recipient passed each test asked about so far: counted as messages arrive. */
  const tests = new Map();
  const recipients = new Map();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        count += 1;
        for (const r of session.envelope.rcptTo) recipients.set(r.address, (recipients.get(r.address) || 0) + 1);
        for (const [test, tally] of tests)
          if (session.envelope.rcptTo.some((r) => test(r.address))) tests.set(test, tally + 1);
        callback();
      });
    },
  });
  // A client's connection reset (the app stopping with its pooled connections open) is no fault of the
  // run: smtp-server emits it on the server, where an unheard 'error' would end the benchmark.
  server.on('error', (error) => {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ECONNRESET') console.error('SMTP sink:', error);
  });
  const port = await freePort();
  await /** @type {Promise<void>} */ (new Promise((resolve) => server.listen(port, '127.0.0.1', resolve)));
  return {
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port), SMTP_SECURE: 'false' },
    received: () => count,
    /** @param {(address: string) => boolean} test */
    receivedBy: (test) => {
      if (!tests.has(test)) tests.set(test, 0);
      return tests.get(test);
    },
    recipients,
    stop: () => /** @type {Promise<void>} */ (new Promise((resolve) => server.close(resolve))),
  };
}

module.exports = { ROOT, databaseKinds, freshDatabase, productionEnv, runSeed, startApp, startSmtpSink, freePort };
