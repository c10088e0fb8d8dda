// Jest's own order (failed first, then slowest or largest first), reversed when TEST_ORDER=reverse,
// and shards (--shard=i/n) balanced by each file's measured time instead of jest's hash of its path.
//
// CI runs each database's two shards (seven jest runs with the browser files' three, taken from one queue
// by three checkouts: .ci/run), the two databases' in opposite orders (SQLite 1 then 2, PostgreSQL 2
// then 1) so the same file is rarely run twice at once, and measures coverage on one shard of each
// database only: coverage instrumentation is paid once per file.
//
// Shards by time: jest's own split keeps the count of files even, and with the fuzz test (about 300 s)
// and the admin browser test (about 165 s) on one side the lanes would end minutes apart. Weights are
// seconds per file from a CI run (tests/helpers/test-weights.json, printed by scripts/ci-report.js as
// `.tmp/test-weights.json`; copy it over when files grow or shrink a lot); a file without a weight
// counts as the median. The split is the longest-first greedy one, stable for a given set of files.
const fs = require('fs');
const path = require('path');
const Sequencer = require('@jest/test-sequencer').default;

const WEIGHTS_FILE = path.join(__dirname, 'test-weights.json');

function loadWeights() {
  try {
    return JSON.parse(fs.readFileSync(WEIGHTS_FILE, 'utf8'));
  } catch {
    return {};
  }
}

// A file whose own cases run on PostgreSQL only (connections terminated mid-run, PostgreSQL's shared
// rate-limit store) says `@coverage-on postgres` near its top: it always goes to the shard whose
// coverage the PostgreSQL lane measures (shard 2), so the coverage figure does not depend on where the
// balance happens to put it. Without the pin, new weights once moved the fault tests to the SQLite
// lane's measured shard, and their PostgreSQL-only recovery paths out of the figure.
// `@coverage-on sqlite` (shard 1) is for the fuzz test: its measured run is the long one (more bodies,
// instrumented), and on SQLite it costs about two thirds of what it costs on PostgreSQL, which is the
// slower lane.
const PINNED_SHARD = { sqlite: 0, postgres: 1 };

// TEST_SELECT=browser|database picks a part of the suite before sharding. Browser files (they drive
// pages in Chromium through puppeteer: the shop's and the admin's journeys) test what a page does, and
// CI runs them once, on SQLite; database files (everything else: the API, the pages' HTML, fulfilment,
// the renderer, unit tests) run on both databases. Unset: every file.
const BROWSER_FILE = /from '(?:\.\.\/)+e2e\/browser'|from 'puppeteer-core'|from '\.\/browser'/;

function isBrowserFile(file, rootDir) {
  try {
    return BROWSER_FILE.test(fs.readFileSync(path.join(rootDir, file), 'utf8'));
  } catch {
    return false;
  }
}

// Database-free files (unit tests, the renderer's, the package's metadata: nothing in them, nor in the
// helpers they import, boots a Strapi or opens a database) test the same code whichever database a lane
// has. CI runs them once: TEST_DATABASE_FREE=skip (the PostgreSQL lane) leaves them out, and they are
// pinned to the shard whose coverage the SQLite lane measures, so they still count there.
const TESTS_DATABASE = /\b(?:startApp|appForSuite|bootFailure|createTestDatabase|TEST_DATABASE_URL)\b/;
const RELATIVE_IMPORT = /(?:from\s+|require\(\s*|import\(\s*)'(\.{1,2}\/[^']+)'/g;

function resolveSource(fromFile, spec) {
  const base = path.resolve(path.dirname(fromFile), spec);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.js`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.js'),
  ]) {
    try {
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}

/** Whether the file, or a test helper it imports (transitively, within tests/), uses a database. */
function usesDatabase(file, rootDir) {
  const testsDir = path.join(rootDir, 'tests') + path.sep;
  const seen = new Set();
  const pending = [path.join(rootDir, file)];
  while (pending.length) {
    const current = pending.pop();
    if (seen.has(current)) continue;
    seen.add(current);
    let text;
    try {
      text = fs.readFileSync(current, 'utf8');
    } catch {
      return true; // unreadable: assume the worst, run it on both
    }
    if (TESTS_DATABASE.test(text)) return true;
    for (const match of text.matchAll(RELATIVE_IMPORT)) {
      const target = resolveSource(current, match[1]);
      if (target && target.startsWith(testsDir)) pending.push(target);
    }
  }
  return false;
}

function pinnedShard(file, rootDir) {
  try {
    const head = fs.readFileSync(path.join(rootDir, file), 'utf8').slice(0, 4000);
    const match = /@coverage-on (sqlite|postgres)\b/.exec(head);
    return match ? PINNED_SHARD[match[1]] : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Splits files into `count` groups of nearly equal total weight; returns the group of each file.
 * `pinned` (file -> group) places some files first; the rest are balanced around them.
 */
function balancedShards(files, weightOf, count, pinned = new Map()) {
  const order = [...files].sort((a, b) => weightOf(b) - weightOf(a) || (a < b ? -1 : a > b ? 1 : 0));
  const totals = new Array(count).fill(0);
  const shardOf = new Map();
  for (const file of order) {
    const group = pinned.get(file);
    if (group === undefined || group >= count) continue;
    totals[group] += weightOf(file);
    shardOf.set(file, group);
  }
  for (const file of order) {
    if (shardOf.has(file)) continue;
    let lightest = 0;
    for (let i = 1; i < count; i += 1) if (totals[i] < totals[lightest]) lightest = i;
    totals[lightest] += weightOf(file);
    shardOf.set(file, lightest);
  }
  return { shardOf, totals };
}

// TEST_CHUNK=i/k: the i-th of k parts of the shard, balanced by weight the same way, so that a shard can
// run as k jest runs, one process each, should a long process slow down file by file again (CI ran so
// while it did; bench/leak-probe.js measures what files leave behind). A new process costs a few
// seconds: the template databases are kept between runs, and dist/ is not compiled again.
function parseChunk(value) {
  if (!value) return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const index = match && Number(match[1]);
  const count = match && Number(match[2]);
  if (!match || index < 1 || index > count) throw new Error(`TEST_CHUNK must be i/k with 1 <= i <= k, not ${value}`);
  return { index, count };
}

class LaneSequencer extends Sequencer {
  shard(tests, { shardIndex, shardCount }) {
    const weights = loadWeights();
    const rootOf = (test) => test.context.config.rootDir;
    const key = (test) => path.relative(rootOf(test), test.path).split(path.sep).join('/');
    const known = Object.values(weights).sort((a, b) => a - b);
    const median = known.length ? known[Math.floor(known.length / 2)] : 1;
    const weightOf = (file) => weights[file] ?? median;
    const rootDir = tests.length ? rootOf(tests[0]) : process.cwd();
    const select = process.env.TEST_SELECT;
    if (select && select !== 'browser' && select !== 'database')
      throw new Error(`TEST_SELECT must be browser or database, not ${select}`);
    if (select) tests = tests.filter((test) => isBrowserFile(key(test), rootDir) === (select === 'browser'));
    const files = tests.map(key);
    const pinned = new Map();
    const databaseFree = new Set(select === 'database' ? files.filter((file) => !usesDatabase(file, rootDir)) : []);
    for (const file of files) {
      const group = databaseFree.has(file) ? PINNED_SHARD.sqlite : pinnedShard(file, rootDir);
      if (group !== undefined) pinned.set(file, group);
    }
    const { shardOf } = balancedShards(files, weightOf, shardCount, pinned);
    const skipFree = process.env.TEST_DATABASE_FREE === 'skip';
    if (skipFree && select !== 'database') throw new Error('TEST_DATABASE_FREE=skip needs TEST_SELECT=database');
    const inShard = tests.filter(
      (test) => shardOf.get(key(test)) === shardIndex - 1 && !(skipFree && databaseFree.has(key(test))),
    );
    const chunk = parseChunk(process.env.TEST_CHUNK);
    if (!chunk) return inShard;
    const { shardOf: chunkOf } = balancedShards(inShard.map(key), weightOf, chunk.count);
    return inShard.filter((test) => chunkOf.get(key(test)) === chunk.index - 1);
  }

  async sort(tests) {
    const sorted = await super.sort(tests);
    return process.env.TEST_ORDER === 'reverse' ? [...sorted].reverse() : sorted;
  }
}

module.exports = LaneSequencer;
module.exports.balancedShards = balancedShards;
module.exports.isBrowserFile = isBrowserFile;
module.exports.usesDatabase = usesDatabase;
module.exports.parseChunk = parseChunk;
