// What each test file leaves behind in a jest process that runs many (CI's lanes run 70-90 files in
// one process): at the start of every file, a full GC, then the heap and the CPU spent during one idle
// second, one line per file. A heap that grows after a full GC, or idle CPU that grows, means earlier
// files' objects or timers are still alive, and every later file pays for them in the collector.
//
//   node --expose-gc node_modules/.bin/jest --runInBand --shard=1/2 --setupFilesAfterEnv ./bench/leak-probe.js
//
// LEAK_PROBE_LOG=<file> (default .tmp/leak-probe.log) is where the lines go. LEAK_PROBE_SNAPSHOT_AT=<n>
// also writes a V8 heap snapshot at the start of the n-th file (.tmp/leak-probe-<n>.heapsnapshot): open
// it in Chromium's DevTools (Memory tab) and follow the retainers of `Strapi` objects.
// LEAK_PROBE_PROFILE_AT=<n> profiles the n-th file's idle second (see below).
'use strict';
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');
const logFile = process.env.LEAK_PROBE_LOG || path.join(root, '.tmp', 'leak-probe.log');
const countFile = `${logFile}.${process.pid}.count`;

/** The file numbers an environment variable lists ("3,50"). */
const listed = (name) =>
  String(process.env[name] ?? '')
    .split(',')
    .filter(Boolean)
    .map(Number);

/** Starts V8's CPU profiler in this process; the function it returns stops it and writes the profile. */
async function startProfile() {
  const session = new (require('inspector').Session)();
  const post = (method, params) =>
    new Promise((resolve, reject) =>
      session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );
  session.connect();
  await post('Profiler.enable');
  await post('Profiler.start');
  return async (name) => {
    const { profile } = await post('Profiler.stop');
    fs.writeFileSync(path.join(path.dirname(logFile), name), JSON.stringify(profile));
    session.disconnect();
  };
}

beforeAll(async () => {
  const count = Number(fs.existsSync(countFile) ? fs.readFileSync(countFile, 'utf8') : 0) + 1;
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  fs.writeFileSync(countFile, String(count));
  if (typeof global.gc === 'function') global.gc();
  // LEAK_PROBE_PROFILE_AT=<n>[,<n>...]: a CPU profile of the n-th file's idle second (.tmp/leak-probe-<n>.cpuprofile,
  // bench/profile-summary.js reads it): what runs when no test does.
  const idleProfile = listed('LEAK_PROBE_PROFILE_AT').includes(count) ? await startProfile() : undefined;
  const cpu = process.cpuUsage();
  const started = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const spent = process.cpuUsage(cpu);
  await idleProfile?.(`leak-probe-${count}.cpuprofile`);
  const memory = process.memoryUsage();
  const file = path.relative(root, expect.getState().testPath ?? '');
  const idle = `${Math.round((spent.user + spent.system) / 1000)} ms of ${Date.now() - started} ms`;
  // What keeps the event loop busy: the kinds of live handles and requests (timers, sockets, servers).
  const resources = {};
  for (const kind of process.getActiveResourcesInfo()) resources[kind] = (resources[kind] ?? 0) + 1;
  const live = Object.entries(resources)
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ');
  // What earlier files may have left on the (shared) global: its symbol keys and jest-circus's handlers.
  const symbols = Object.getOwnPropertySymbols(globalThis).length;
  const handlers = globalThis[Symbol.for('EVENT_HANDLERS')]?.length ?? 0;
  fs.appendFileSync(
    logFile,
    `${count}\t${file}\theap ${Math.round(memory.heapUsed / 1e6)} MB\trss ${Math.round(memory.rss / 1e6)} MB\tidle CPU ${idle}\t${live}\tglobal symbols ${symbols}, event handlers ${handlers}\n`,
  );
  if (Number(process.env.LEAK_PROBE_SNAPSHOT_AT) === count) {
    require('v8').writeHeapSnapshot(path.join(path.dirname(logFile), `leak-probe-${count}.heapsnapshot`));
  }
});

// LEAK_PROBE_PROFILE_FILE_AT=<n>[,<n>...]: a CPU profile of the whole n-th file, its hooks and tests
// (.tmp/leak-probe-file-<n>.cpuprofile): where a file's time goes early in a process and late.
// LEAK_PROBE_PROFILE_FILE_AT=<n>[,<n>...]: a CPU profile of the whole n-th file, its hooks and tests
// (.tmp/leak-probe-file-<n>.cpuprofile): where a file's time goes early in a process and late.
let stopFileProfile;
beforeAll(async () => {
  const count = Number(fs.readFileSync(countFile, 'utf8'));
  if (listed('LEAK_PROBE_PROFILE_FILE_AT').includes(count)) stopFileProfile = await startProfile();
});
afterAll(async () => {
  const count = Number(fs.readFileSync(countFile, 'utf8'));
  await stopFileProfile?.(`leak-probe-file-${count}.cpuprofile`);
  stopFileProfile = undefined;
});
