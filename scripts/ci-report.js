#!/usr/bin/env node
// CI's report after the test runs (.ci/run): where the time went per test file in each run, the
// statement and branch coverage of the plugin's server code merged over the SQLite and PostgreSQL
// runs (jest's own data, in istanbul's format whichever provider measured it), and the total count, written to .tmp/ci-total.txt for CI's
// closing line. Exits 1 when a run's report is missing or holds a failure.
//
//   node scripts/ci-report.js --root <checkout> [--copy <a copy of it that ran tests>]... [--runs <file>]
'use strict';
const fs = require('fs');
const path = require('path');

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const root = path.resolve(option('--root') || process.cwd());
// --copy, once for each copy of the checkout that ran tests (.ci/run): their paths map to the root's.
const copies = args.flatMap((arg, i) => (arg === '--copy' && args[i + 1] ? [path.resolve(args[i + 1])] : []));
const tmp = path.join(root, '.tmp');
// The database files run on SQLite and on PostgreSQL, each pass as two shards (jest --shard, .ci/run)
// of a few jest runs each (<pass>-<shard>-<chunk>); the browser files once, on SQLite (TEST_SELECT).
// --runs names a file listing the runs CI started, one a line; a run without a report is a failure.
// The table and totals show a pass as one.
const runsFile = option('--runs');
const RUNS = runsFile
  ? [
      ...new Set(
        fs
          .readFileSync(runsFile, 'utf8')
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
      ),
    ]
  : ['sqlite-1', 'sqlite-2', 'postgres-1', 'postgres-2', 'browser-1', 'install'];
const passOf = (run) => run.replace(/(-\d+)+$/, '');

function readRun(name) {
  const file = path.join(tmp, `${name}.json`);
  if (!fs.existsSync(file)) return undefined;
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const relative = (file) => {
  for (const base of [root, ...copies]) {
    if (file.startsWith(base + path.sep)) return path.relative(base, file);
  }
  return file;
};

let ok = true;
const runs = {};
const missing = [];
for (const name of RUNS) {
  runs[name] = readRun(name);
  if (!runs[name]) {
    console.log(`${name}: no report (the run did not finish; the end of its pass's log is printed last)`);
    missing.push(name);
    ok = false;
  }
}

// Per test file: seconds in each run, slowest first.
const files = new Map();
for (const name of RUNS) {
  for (const result of runs[name]?.testResults ?? []) {
    const file = relative(result.name);
    const seconds = (result.endTime - result.startTime) / 1000;
    const row = files.get(file) ?? { file, tests: 0 };
    row[passOf(name)] = seconds;
    row.tests = Math.max(row.tests, (result.assertionResults ?? []).filter((a) => a.status !== 'pending').length);
    files.set(file, row);
  }
}
const fmt = (n) => (n === undefined ? '-' : n.toFixed(1));
const PASSES = ['sqlite', 'postgres', 'browser', 'install'];
const slowest = (row) => Math.max(...PASSES.map((pass) => row[pass] ?? 0));
const rows = [...files.values()].sort((a, b) => slowest(b) - slowest(a));
console.log('\n== time per test file (seconds; slowest first; browser: the browser files, on SQLite)');
console.log(`${PASSES.map((pass) => pass.padStart(8)).join(' ')} ${'tests'.padStart(5)}  file`);
for (const row of rows) {
  console.log(
    `${PASSES.map((pass) => fmt(row[pass]).padStart(8)).join(' ')} ${String(row.tests).padStart(5)}  ${row.file}`,
  );
}
const sum = (pass) =>
  RUNS.filter((name) => passOf(name) === pass)
    .flatMap((name) => runs[name]?.testResults ?? [])
    .reduce((s, r) => s + (r.endTime - r.startTime) / 1000, 0);
console.log(`${PASSES.map((pass) => fmt(sum(pass)).padStart(8)).join(' ')}        sum of file times`);

// The shards' weights for the next runs (tests/helpers/lane-sequencer.js): each file's time in each pass
// of this run, as it would be without coverage. A run that measured coverage (it left a coverage-<run>
// directory) ran instrumented code; by how much that slowed a file is read off the database files that
// ran on both databases, measured on one: the ratio of a file's PostgreSQL time to its SQLite time is
// (the databases' ratio) / c where SQLite measured it and (the databases' ratio) x c where PostgreSQL did,
// so c is the square root of the two groups' median ratios over each other. The browser files are all
// measured, so their times stay as they are. Copy .tmp/test-weights.json over
// tests/helpers/test-weights.json when files grew or shrank.
// A run's first file also pays for the run's start: jest, loading node_modules, and in a checkout whose
// transform cache is cold the plugin compiled and instrumented (on 2026-12-02 a 4 s file took 75 s first
// in a measured run on a new machine, a 7 s one 60 s in the next run). Its time is not the file's own,
// so it is marked `first`: its weight comes from its time on the other database where it was not first
// there, else stays as it was; what it took over that is the run's start, which scripts/ci-queue.js adds
// to each run's estimate.
function timesByPass() {
  const byPass = { sqlite: new Map(), postgres: new Map(), browser: new Map() };
  for (const name of RUNS) {
    const pass = passOf(name);
    if (!byPass[pass]) continue;
    const measured = fs.existsSync(path.join(tmp, `coverage-${name}`));
    const results = runs[name]?.testResults ?? [];
    const firstStart = Math.min(...results.map((result) => result.startTime));
    for (const result of results) {
      byPass[pass].set(relative(result.name), {
        seconds: (result.endTime - result.startTime) / 1000,
        measured,
        first: result.startTime === firstStart,
      });
    }
  }
  return byPass;
}
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : undefined;
};
function coverageFactor(byPass) {
  const ratios = { sqlite: [], postgres: [] };
  for (const [file, onSqlite] of byPass.sqlite) {
    const onPostgres = byPass.postgres.get(file);
    if (!onPostgres || onSqlite.measured === onPostgres.measured || onSqlite.seconds <= 0) continue;
    ratios[onSqlite.measured ? 'sqlite' : 'postgres'].push(onPostgres.seconds / onSqlite.seconds);
  }
  const sqliteMeasured = median(ratios.sqlite);
  const postgresMeasured = median(ratios.postgres);
  if (!sqliteMeasured || !postgresMeasured) return 1;
  return Math.min(3, Math.max(1, Math.round(Math.sqrt(postgresMeasured / sqliteMeasured) * 100) / 100));
}
// One run's times move with what ran beside it (a file's PostgreSQL time doubled in a run that shared the
// machine with other jobs, and the factor read 1.1 there against about 1.5 in a quiet one), so the
// weights written are the mean of this run's and the weights the run used (tests/helpers/test-weights.json),
// those first scaled to this run's total on each pass, so a slower or faster machine does not tip them.
function previousWeights() {
  try {
    const raw = JSON.parse(fs.readFileSync(path.join(root, 'tests', 'helpers', 'test-weights.json'), 'utf8'));
    return raw && typeof raw.sqlite === 'object' ? raw : undefined;
  } catch {
    return undefined;
  }
}
const byPass = timesByPass();
const previous = previousWeights();
const measuredFactor = coverageFactor(byPass);
const factor = previous?.coverage_factor
  ? Math.round(((measuredFactor + previous.coverage_factor) / 2) * 100) / 100
  : measuredFactor;
const weights = { coverage_factor: factor, run_start: previous?.run_start, sqlite: {}, postgres: {}, browser: {} };
const round = (seconds) => Math.round(seconds * 10) / 10;
const starts = [];
/** A file's time without instrumentation's share (the browser files are all measured, so they stay). */
const ownTime = (pass, { seconds, measured }) => (measured && pass !== 'browser' ? seconds / measuredFactor : seconds);
// A database file that ran first on one database usually ran later on the other: its time there, times
// the two passes' ratio over the files neither run had first, is its own time on this one. (Keeping the
// earlier weight instead kept a weight that an earlier first run had inflated: the fuzz test, first in
// its SQLite run, weighed 178 s on SQLite against 39 s on PostgreSQL.)
const OTHER_PASS = { sqlite: 'postgres', postgres: 'sqlite' };
function passRatio(pass) {
  const other = byPass[OTHER_PASS[pass]];
  let here = 0;
  let there = 0;
  for (const [file, entry] of byPass[pass]) {
    const elsewhere = other?.get(file);
    if (!elsewhere || entry.first || elsewhere.first) continue;
    here += ownTime(pass, entry);
    there += ownTime(OTHER_PASS[pass], elsewhere);
  }
  return here > 0 && there > 0 ? here / there : undefined;
}
for (const pass of ['sqlite', 'postgres', 'browser']) {
  const before = previous?.[pass] ?? {};
  const ratio = OTHER_PASS[pass] ? passRatio(pass) : undefined;
  const now = new Map();
  const firsts = [];
  for (const [file, entry] of byPass[pass]) {
    const { first } = entry;
    const elsewhere = ratio ? byPass[OTHER_PASS[pass]].get(file) : undefined;
    if (first && elsewhere && !elsewhere.first) {
      const estimate = ownTime(OTHER_PASS[pass], elsewhere) * ratio;
      now.set(file, estimate);
      starts.push(Math.max(0, ownTime(pass, entry) - estimate));
    } else if (first && before[file] > 0) firsts.push([file, ownTime(pass, entry)]);
    else now.set(file, ownTime(pass, entry));
  }
  // The machine's speed in this run against the weights, from the files timed as they ran.
  const both = [...now.keys()].filter((file) => before[file] > 0 && !byPass[pass].get(file).first);
  const beforeTotal = both.reduce((sum, file) => sum + before[file], 0);
  const scale = beforeTotal > 0 ? both.reduce((sum, file) => sum + now.get(file), 0) / beforeTotal : 1;
  const blended = [...now].map(([file, seconds]) => [
    file,
    before[file] > 0 ? (seconds + before[file] * scale) / 2 : seconds,
  ]);
  // A first file keeps its earlier weight, scaled to this run like the rest; what it took beyond that
  // weight is the run's start.
  for (const [file, seconds] of firsts) {
    blended.push([file, before[file] * scale]);
    starts.push(Math.max(0, seconds - before[file] * scale));
  }
  for (const [file, seconds] of blended.sort((a, b) => b[1] - a[1])) weights[pass][file] = round(seconds);
}
// A run's start: the mean of this run's first files' time over their weights, blended with the last.
if (starts.length) {
  const mean = starts.reduce((sum, seconds) => sum + seconds, 0) / starts.length;
  weights.run_start = Math.round(previous?.run_start > 0 ? (mean + previous.run_start) / 2 : mean);
}
fs.writeFileSync(path.join(tmp, 'test-weights.json'), JSON.stringify(weights, null, 2) + '\n');
console.log(
  `\n== shard weights written to .tmp/test-weights.json (instrumentation slowed a database file ${measuredFactor} times in this run; ${factor} kept, with the weights' own)`,
);

// Coverage: jest's own data (istanbul's format) from both database runs, merged by path inside this checkout.
// It counts the built JavaScript Strapi loads in the integration tests (dist/server) and the
// TypeScript the unit tests import (server/src) as the files they are, as jest's own report does.
function coverageSummary() {
  const { createCoverageMap } = require('istanbul-lib-coverage');
  const map = createCoverageMap({});
  let found = false;
  const dirs = fs.existsSync(tmp) ? fs.readdirSync(tmp).filter((name) => name.startsWith('coverage-')) : [];
  for (const dir of dirs) {
    const file = path.join(tmp, dir, 'coverage-final.json');
    if (!fs.existsSync(file)) continue;
    found = true;
    for (const [key, value] of Object.entries(JSON.parse(fs.readFileSync(file, 'utf8')))) {
      const absolute = path.join(root, relative(value.path || key));
      map.merge({ [absolute]: { ...value, path: absolute } });
    }
  }
  return found ? map.getCoverageSummary() : undefined;
}

function printCoverage(summary) {
  if (!summary) {
    console.log('\n== coverage: no coverage data from the test runs');
    return;
  }
  const line = (label, s) => `${label.padEnd(11)}: ${s.pct.toFixed(2)}% (${s.covered}/${s.total})`;
  console.log('\n== coverage of plugins/greeting-cards (dist/server and server/src; from the runs that collected it)');
  console.log(line('Statements', summary.statements));
  console.log(line('Branches', summary.branches));
  console.log(line('Functions', summary.functions));
  console.log(line('Lines', summary.lines));
  fs.writeFileSync(path.join(tmp, 'coverage-summary.json'), JSON.stringify(summary.toJSON(), null, 2));
}

async function main() {
  printCoverage(coverageSummary());
  console.log('\n== tests per run');
  let passed = 0;
  let failed = 0;
  const failures = [];
  for (const name of RUNS) {
    const run = runs[name];
    if (!run) continue;
    console.log(`${name}: ${run.numPassedTests} passed, ${run.numFailedTests} failed, ${run.numPendingTests} skipped`);
    passed += run.numPassedTests;
    failed += run.numFailedTests;
    if (run.numFailedTests > 0 || run.numFailedTestSuites > 0 || run.numRuntimeErrorTestSuites > 0) ok = false;
    for (const result of run.testResults ?? []) {
      const failedTests = (result.assertionResults ?? []).filter((a) => a.status === 'failed');
      if (result.status === 'failed' && failedTests.length === 0)
        failures.push(`${name} ${relative(result.name)}: ${(result.message || '').slice(0, 1500)}`);
      for (const a of failedTests)
        failures.push(
          `${name} ${relative(result.name)} › ${a.fullName}\n${(a.failureMessages ?? []).join('\n').slice(0, 1500)}`,
        );
    }
  }
  // Test cases counted once whatever ran them: a database file's cases run on both databases, a
  // database-free file's (unit tests, the renderer's: TEST_DATABASE_FREE in .ci/run) and a browser file's
  // on SQLite only, the install test's on its own app. The runs' sum above counts each run of a case.
  const lanesOf = new Map();
  for (const name of RUNS) {
    for (const result of runs[name]?.testResults ?? []) {
      for (const a of result.assertionResults ?? []) {
        if (a.status !== 'passed' && a.status !== 'failed') continue;
        const key = `${relative(result.name)} › ${a.fullName}`;
        if (!lanesOf.has(key)) lanesOf.set(key, new Set());
        lanesOf.get(key).add(name.startsWith('postgres') ? 'postgres' : 'sqlite');
      }
    }
  }
  const both = [...lanesOf.values()].filter((lanes) => lanes.size === 2).length;
  console.log(`distinct test cases: ${lanesOf.size} (${both} run on both databases, ${lanesOf.size - both} on one)`);
  // Last, because a long log is cut from the top: what failed, and how a pass that wrote no report ended.
  if (failures.length) {
    console.log('\n== failures');
    for (const failure of failures) console.log(`\n${failure}`);
  }
  for (const pass of new Set(missing.map(passOf))) {
    const log = path.join(tmp, `${pass}.log`);
    if (!fs.existsSync(log)) continue;
    const lines = fs.readFileSync(log, 'utf8').split('\n');
    console.log(`\n== the last 60 lines of the ${pass} log (a run without a report)`);
    console.log(lines.slice(-60).join('\n'));
  }
  fs.writeFileSync(path.join(tmp, 'ci-total.txt'), `total: ${passed} passed, ${failed} failed\n`);
  process.exit(ok ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
