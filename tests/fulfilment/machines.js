// "Machines" for the two-machine test (tests/fulfilment/two-machines.test.ts) and benchmark
// (bench/two-machines.js): copies of the built app in folders of their own that share only PostgreSQL
// and an S3 bucket (s3rver), a Strapi instance of such a copy in its own process (machine-process.js),
// and the SIGKILL of a machine's whole process tree (Strapi and its Chromium).
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn } = require('child_process');

const APP_DIR = path.resolve(__dirname, '../..');
const BUCKET = 'cards';

/**
 * A copy of the built app as a machine would hold it: its own dist/, public/ and private/, node_modules
 * linked. Returns the folder.
 * @param {string} name
 * @returns {string}
 */
function copyMachine(name) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `gc-machine-${name}-`));
  const build = path.join(APP_DIR, 'dist', 'build');
  fs.cpSync(path.join(APP_DIR, 'dist'), path.join(dir, 'dist'), { recursive: true, filter: (f) => f !== build });
  fs.cpSync(path.join(APP_DIR, 'database'), path.join(dir, 'database'), { recursive: true });
  fs.copyFileSync(path.join(APP_DIR, 'package.json'), path.join(dir, 'package.json'));
  fs.copyFileSync(path.join(APP_DIR, 'favicon.png'), path.join(dir, 'favicon.png'));
  fs.mkdirSync(path.join(dir, 'public', 'uploads'), { recursive: true });
  fs.mkdirSync(path.join(dir, '.tmp'));
  fs.symlinkSync(path.join(APP_DIR, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

/**
 * The process ids below `pid` (its Chromium is in a process group of its own, so a group kill would miss it).
 * @param {number} pid
 * @returns {number[]}
 */
function descendantsOf(pid) {
  /** @type {Map<number, number[]>} */
  const parents = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  /** @type {number[]} */
  const found = [];
  /** @param {number} p */
  const walk = (p) => {
    for (const child of parents.get(p) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

/**
 * Whether a process still runs (a zombie waiting to be reaped counts as gone).
 * @param {number} pid
 */
function alive(pid) {
  try {
    return !/\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/**
 * SIGKILLs `child` and every process below it at once, as a machine losing power would, and resolves
 * with the ids of that tree once `child` has exited.
 * @param {import('child_process').ChildProcess} child
 * @returns {Promise<number[]>}
 */
async function killTree(child) {
  const pid = /** @type {number} */ (child.pid);
  const tree = [pid, ...descendantsOf(pid)];
  for (const p of tree) {
    try {
      process.kill(p, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(null) : child.once('exit', r)));
  return tree;
}

/**
 * @typedef {{
 *   name: string,
 *   child: import('child_process').ChildProcess,
 *   instanceId: string,
 *   url: string,
 *   ask(line: string, answerPrefix: string): Promise<string>,
 *   stop(): Promise<void>,
 * }} MachineInstance
 */

/**
 * Boots machine-process.js in `appDir` on `port` with `env` (SERVICE_ROLE among it); resolves once it is
 * READY. `ask` writes a line to it and resolves with the rest of the first line it prints that starts
 * with `answerPrefix` ("ERROR ..." rejects).
 * @param {string} name
 * @param {string} appDir
 * @param {NodeJS.ProcessEnv} env
 * @param {number} port
 * @returns {Promise<MachineInstance>}
 */
function startInstance(name, appDir, env, port) {
  const child = spawn(process.execPath, [path.join(__dirname, 'machine-process.js'), appDir], {
    cwd: appDir,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let err = '';
  /** @type {Array<{ prefix: string, resolve: (rest: string) => void, reject: (e: Error) => void }>} */
  const waiting = [];
  child.stderr?.on('data', (c) => (err = (err + c).slice(-8000)));
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code ?? -1)));
  void exited.then((code) => {
    for (const w of waiting.splice(0)) w.reject(new Error(`${name} exited (${code}): ${err}`));
  });
  let out = '';
  child.stdout?.on('data', (c) => {
    out += c;
    let newline;
    while ((newline = out.indexOf('\n')) >= 0) {
      const line = out.slice(0, newline);
      out = out.slice(newline + 1);
      const error = line.startsWith('ERROR ');
      const index = waiting.findIndex((w) => error || line.startsWith(w.prefix));
      if (index < 0) continue;
      const [w] = waiting.splice(index, 1);
      if (error) w.reject(new Error(`${name}: ${line}`));
      else w.resolve(line.slice(w.prefix.length));
    }
  });
  /** @param {string} prefix @returns {Promise<string>} */
  const next = (prefix) => new Promise((resolve, reject) => waiting.push({ prefix, resolve, reject }));
  const url = `http://127.0.0.1:${port}`;
  return next('READY ').then((instanceId) => ({
    name,
    child,
    instanceId,
    url,
    ask(line, answerPrefix) {
      const answer = next(answerPrefix);
      child.stdin?.write(`${line}\n`);
      return answer;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.stdin?.write('STOP\n');
      await exited;
    },
  }));
}

/**
 * An S3 bucket on loopback (s3rver) in a temporary folder: { endpoint, env (the aws-s3 upload
 * provider's settings for the instances), dir, close() }.
 */
async function startBucket() {
  const S3rver = require('s3rver');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gc-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    bucket: BUCKET,
    endpoint,
    dir,
    env: {
      UPLOAD_S3_BUCKET: BUCKET,
      UPLOAD_S3_ENDPOINT: endpoint,
      UPLOAD_S3_FORCE_PATH_STYLE: 'true',
      UPLOAD_S3_ACCESS_KEY_ID: 'S3RVER',
      UPLOAD_S3_SECRET_ACCESS_KEY: 'S3RVER',
      UPLOAD_S3_ACL: 'public-read',
    },
    async close() {
      await server.close().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The settings every instance of the machines runs with: Chromium, the delivery job polling every
 * second, short leases renewed every second (a killed machine's claims are taken over within `lease` s).
 * @param {number} lease
 */
function machineSettings(lease) {
  return {
    SERVICE_SEED_SAMPLE_DATA: 'false',
    SERVICE_RENDERER: 'puppeteer',
    SERVICE_SCHEDULER_ENABLED: 'true',
    SERVICE_REMINDERS_ENABLED: 'false',
    SERVICE_WORKER_POLL_SECONDS: '1',
    SERVICE_DELIVERY_CLAIM_LEASE_SECONDS: String(lease),
    SERVICE_DELIVERY_CLAIM_RENEW_SECONDS: '1',
    SERVICE_DELIVERY_MAX_ATTEMPTS: '50',
    SERVICE_DELIVERY_CONCURRENCY: '4',
    STRAPI_TELEMETRY_DISABLED: 'true',
    LOG_LEVEL: 'error',
  };
}

module.exports = {
  APP_DIR,
  BUCKET,
  copyMachine,
  descendantsOf,
  alive,
  killTree,
  startInstance,
  startBucket,
  machineSettings,
};
