// Jest's own order (failed first, then slowest or largest first), reversed when TEST_ORDER=reverse,
// and shards (--shard=i/n) balanced by each file's measured time instead of jest's hash of its path.
//
// CI runs each database's two shards (six jest runs with the browser files' two, taken from one queue
// by three checkouts: .ci/run), the two databases' in opposite orders (SQLite 1 then 2, PostgreSQL 2
// then 1) so the same file is rarely run twice at once, and measures coverage on one shard of each
// database only: coverage instrumentation is paid once per file.
//
// Shards by time: jest's own split keeps the count of files even, and with the fuzz test (about 300 s)
// and the admin browser test (about 165 s) on one side the lanes would end minutes apart. Weights are
// seconds per file from a CI run (tests/helpers/test-weights.json, printed by scripts/ci-report.js as
// `.tmp/test-weights.json`; copy it over when files grow or shrink a lot); a file without a weight
// counts as the median of its pass. The split is the longest-first greedy one, stable for a given set of
// files; the database files' two shards are one split for both databases, balanced on each with the
// measured shard's instrumentation counted (twoDatabaseShards).
const fs = require('fs');
const path = require('path');
const Sequencer = require('@jest/test-sequencer').default;

const WEIGHTS_FILE = path.join(__dirname, 'test-weights.json');

// The weights file (scripts/ci-report.js writes it from a CI run): seconds per file for each pass,
// `sqlite`, `postgres` and `browser`, as the file takes without coverage (a measured run's time divided
// by `coverage_factor`, what istanbul's instrumentation multiplied a file's time by in that run). The
// same file differs a lot between the passes: on PostgreSQL a file spends 2-6 s more outside its tests
// (docs/performance.md), and the database-free files do not run there at all. An older file is one map
// of seconds for every pass.
function loadWeights() {
  let raw;
  try {
    raw = JSON.parse(fs.readFileSync(WEIGHTS_FILE, 'utf8'));
  } catch {
    raw = {};
  }
  if (raw && typeof raw.sqlite === 'object') {
    return {
      sqlite: raw.sqlite ?? {},
      postgres: raw.postgres ?? {},
      browser: raw.browser ?? {},
      coverageFactor: Number(raw.coverage_factor) >= 1 ? Number(raw.coverage_factor) : 1,
      // What a run's first file takes over its weight (jest's start, node_modules, a cold cache): ci-report.js.
      runStart: Number(raw.run_start) >= 0 ? Number(raw.run_start) : undefined,
    };
  }
  return { sqlite: raw, postgres: raw, browser: raw, coverageFactor: 1 };
}

/** A pass's weight of a file: its seconds, or the pass's median for a file it has not timed. */
function weigher(map) {
  const known = Object.values(map).sort((a, b) => a - b);
  const median = known.length ? known[Math.floor(known.length / 2)] : 1;
  return (file) => map[file] ?? median;
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

/**
 * The database files' two shards, one split for both databases: CI measures coverage on shard 1 on
 * SQLite and on shard 2 on PostgreSQL, so that each file is measured once, and that holds only when both
 * databases put every file on the same shard. Each of the four runs is then as long as its files' times
 * on its database, a measured run's multiplied by `coverageFactor`. The two databases pull apart: SQLite
 * wants shard 1 light (its instrumented run) and PostgreSQL wants it heavy, and PostgreSQL's times are
 * the larger. So the split keeps the longest of the four runs as short as it can (it bounds when CI
 * ends), then the others as even as it can (sum of squares): each file goes, heaviest first, to the
 * shard that leaves each database's pair of runs the least apart, then files are moved or swapped across
 * while that improves the split. `pinned` as above.
 * Returns the shard of each file and the four runs' estimated seconds: sqlite 1 and 2, postgres 1 and 2.
 */
function twoDatabaseShards(files, sqliteWeight, postgresWeight, coverageFactor, pinned = new Map()) {
  const cost = (file) => ({ sqlite: sqliteWeight(file), postgres: postgresWeight(file) });
  const order = [...files].sort((a, b) => {
    const wa = cost(a);
    const wb = cost(b);
    return wb.sqlite + wb.postgres - (wa.sqlite + wa.postgres) || (a < b ? -1 : a > b ? 1 : 0);
  });
  // [sqlite shard 1 (measured), sqlite shard 2, postgres shard 1, postgres shard 2 (measured)]
  const totals = [0, 0, 0, 0];
  const added = (file, shard) => {
    const w = cost(file);
    return shard === 0 ? [w.sqlite * coverageFactor, 0, w.postgres, 0] : [0, w.sqlite, 0, w.postgres * coverageFactor];
  };
  const place = (file, shard) => {
    added(file, shard).forEach((seconds, i) => (totals[i] += seconds));
    shardOf.set(file, shard);
  };
  const apart = (t) => Math.abs(t[0] - t[1]) + Math.abs(t[2] - t[3]);
  const shardOf = new Map();
  for (const file of order) {
    const group = pinned.get(file);
    if (group === 0 || group === 1) place(file, group);
  }
  for (const file of order) {
    if (shardOf.has(file)) continue;
    const after = (shard) => apart(totals.map((t, i) => t + added(file, shard)[i]));
    place(file, after(1) < after(0) ? 1 : 0);
  }
  // Then the longest run first, the spread of all four second.
  const worse = (a, b) => {
    const longest = Math.max(...a) - Math.max(...b);
    if (Math.abs(longest) > 1e-6) return longest > 0;
    return a.reduce((sum, t) => sum + t * t, 0) > b.reduce((sum, t) => sum + t * t, 0) + 1e-6;
  };
  const free = order.filter((file) => !pinned.has(file));
  const moved = (changes) => {
    const t = [...totals];
    for (const [file, from, to] of changes) {
      added(file, from).forEach((seconds, i) => (t[i] -= seconds));
      added(file, to).forEach((seconds, i) => (t[i] += seconds));
    }
    return t;
  };
  const apply = (changes) => {
    totals.splice(0, 4, ...moved(changes));
    for (const [file, , to] of changes) shardOf.set(file, to);
  };
  for (let round = 0; round < 200; round += 1) {
    let best = totals;
    let bestChanges;
    const consider = (changes) => {
      const t = moved(changes);
      if (worse(best, t)) [best, bestChanges] = [t, changes];
    };
    for (let i = 0; i < free.length; i += 1) {
      const a = free[i];
      const move = [[a, shardOf.get(a), 1 - shardOf.get(a)]];
      consider(move);
      for (let j = i + 1; j < free.length; j += 1) {
        const b = free[j];
        if (shardOf.get(a) !== shardOf.get(b)) consider([...move, [b, shardOf.get(b), shardOf.get(a)]]);
      }
    }
    if (!bestChanges) break;
    apply(bestChanges);
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

/**
 * The split of `files` (paths from the root, already chosen by TEST_SELECT) into `shardCount` shards for
 * one pass: `sqlite`, `postgres` or `browser`. Returns the shard of each file and the database-free ones.
 */
function splitFiles(files, { select, shardCount, rootDir, weights = loadWeights() }) {
  const pinned = new Map();
  const databaseFree = new Set(select === 'database' ? files.filter((file) => !usesDatabase(file, rootDir)) : []);
  for (const file of files) {
    const group = databaseFree.has(file) ? PINNED_SHARD.sqlite : pinnedShard(file, rootDir);
    if (group !== undefined) pinned.set(file, group);
  }
  // The database files in two shards: one split for both databases (coverage is measured per shard).
  // The database-free files weigh nothing on PostgreSQL, where they do not run.
  const postgresWeight = weigher(weights.postgres);
  const { shardOf, totals } =
    select === 'database' && shardCount === 2
      ? twoDatabaseShards(
          files,
          weigher(weights.sqlite),
          (file) => (databaseFree.has(file) ? 0 : postgresWeight(file)),
          weights.coverageFactor,
          pinned,
        )
      : balancedShards(files, weigher(weights[select === 'browser' ? 'browser' : 'sqlite']), shardCount, pinned);
  return { shardOf, totals, databaseFree };
}

/** Every test file jest would find (jest.config.js: its roots and testMatch), as paths from the root. */
function listTestFiles(rootDir) {
  const found = [];
  const walk = (dir) => {
    let entries;
    try {
      entries = fs.readdirSync(path.join(rootDir, dir), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const child = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist' && !entry.name.startsWith('.')) walk(child);
      } else if (entry.name.endsWith('.test.ts')) found.push(child);
    }
  };
  walk('tests');
  walk('plugins/greeting-cards/server/src');
  return found.sort();
}

/**
 * The estimated seconds of one CI run (`.ci/run`'s queue entry <pass> <shard> <coverage>), from the
 * weights: its files' times on its pass, a measured database run's multiplied by the coverage factor.
 */
function estimateRun(rootDir, pass, shardIndex, measured, weights = loadWeights(), shardCount = 2) {
  const select = pass === 'browser' ? 'browser' : 'database';
  const files = listTestFiles(rootDir).filter((file) => isBrowserFile(file, rootDir) === (select === 'browser'));
  const { shardOf, databaseFree } = splitFiles(files, { select, shardCount, rootDir, weights });
  const weightOf = weigher(weights[pass]);
  const factor = measured && pass !== 'browser' ? weights.coverageFactor : 1;
  return files
    .filter((file) => shardOf.get(file) === shardIndex - 1 && !(pass === 'postgres' && databaseFree.has(file)))
    .reduce((sum, file) => sum + weightOf(file) * factor, 0);
}

class LaneSequencer extends Sequencer {
  shard(tests, { shardIndex, shardCount }) {
    const weights = loadWeights();
    const rootOf = (test) => test.context.config.rootDir;
    const key = (test) => path.relative(rootOf(test), test.path).split(path.sep).join('/');
    const rootDir = tests.length ? rootOf(tests[0]) : process.cwd();
    const select = process.env.TEST_SELECT;
    if (select && select !== 'browser' && select !== 'database')
      throw new Error(`TEST_SELECT must be browser or database, not ${select}`);
    if (select) tests = tests.filter((test) => isBrowserFile(key(test), rootDir) === (select === 'browser'));
    const pass = select === 'browser' ? 'browser' : process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';
    const { shardOf, databaseFree } = splitFiles(tests.map(key), { select, shardCount, rootDir, weights });
    const skipFree = process.env.TEST_DATABASE_FREE === 'skip';
    if (skipFree && select !== 'database') throw new Error('TEST_DATABASE_FREE=skip needs TEST_SELECT=database');
    const inShard = tests.filter(
      (test) => shardOf.get(key(test)) === shardIndex - 1 && !(skipFree && databaseFree.has(key(test))),
    );
    const chunk = parseChunk(process.env.TEST_CHUNK);
    if (!chunk) return inShard;
    const { shardOf: chunkOf } = balancedShards(inShard.map(key), weigher(weights[pass]), chunk.count);
    return inShard.filter((test) => chunkOf.get(key(test)) === chunk.index - 1);
  }

  async sort(tests) {
    const sorted = await super.sort(tests);
    return process.env.TEST_ORDER === 'reverse' ? [...sorted].reverse() : sorted;
  }
}

module.exports = LaneSequencer;
module.exports.balancedShards = balancedShards;
module.exports.twoDatabaseShards = twoDatabaseShards;
module.exports.loadWeights = loadWeights;
module.exports.listTestFiles = listTestFiles;
module.exports.estimateRun = estimateRun;
module.exports.isBrowserFile = isBrowserFile;
module.exports.usesDatabase = usesDatabase;
module.exports.parseChunk = parseChunk;
