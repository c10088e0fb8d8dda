#!/usr/bin/env node
// CI's queue of test runs (.ci/run), in the order that ends them soonest by the shards' weights.
//
// .ci/run's three checkouts each take the queue's next run when their last one ends. Six runs (seven until
// 2026-12-02) on three checkouts: which runs share a checkout decides when the last ends (a fixed order,
// longest first, ended the runs of 2026-12-01 about 300 s apart). This prints the
// entries (`<pass> <shard> <coverage>`, one a line) in the order whose simulated claims end the last run
// earliest, each run's length estimated from tests/helpers/test-weights.json (lane-sequencer.js
// estimateRun) plus a run's own start (jest, node_modules and a cold cache in its first file: the weights'
// `run_start`, which scripts/ci-report.js measures; 25 s without it). Ties keep the order
// below. With --explain it also prints, on stderr, each run's estimate and each checkout's runs.
//
//   node scripts/ci-queue.js [--admin-ready <seconds>] [--shards database=2,browser=2] [--explain] [<entry>...]
//
// .ci/run passes its own queue (the entries) and shard counts, so they are said in one place; without
// them the script takes the same defaults, to be run by hand.
// --admin-ready: when the admin panel will be ready (0 when CI's cache has it); the browser runs wait
// for it, so a browser run claimed before then starts late.
'use strict';
const path = require('path');
const { estimateRun, loadWeights } = require('../tests/helpers/lane-sequencer');

const ENTRIES = ['postgres 2 yes', 'sqlite 1 yes', 'postgres 1 no', 'sqlite 2 no', 'browser 1 yes', 'browser 2 yes'];
const SHARDS = { database: 2, browser: 2 };
const CHECKOUTS = 3;
const RUN_START_SECONDS = 25;

/** When each checkout's runs end, claimed in `order` (each run: { entry, seconds, browser }). */
function simulate(order, adminReady) {
  const free = new Array(CHECKOUTS).fill(0);
  const lanes = Array.from({ length: CHECKOUTS }, () => []);
  for (const run of order) {
    let next = 0;
    for (let i = 1; i < CHECKOUTS; i += 1) if (free[i] < free[next]) next = i;
    const start = run.browser ? Math.max(free[next], adminReady) : free[next];
    free[next] = start + run.seconds;
    lanes[next].push(run.entry);
  }
  return { end: Math.max(...free), free, lanes };
}

/** `database=2,browser=3` -> { database: 2, browser: 3 }. */
function parseShards(text = '') {
  const shards = {};
  for (const part of text.split(',').filter(Boolean)) {
    const [name, value] = part.split('=');
    if (!(name in SHARDS) || !(Number(value) >= 1))
      throw new Error(`--shards: not <database|browser>=<count>: ${part}`);
    shards[name] = Number(value);
  }
  return shards;
}

function* permutations(items) {
  if (items.length <= 1) {
    yield items;
    return;
  }
  for (let i = 0; i < items.length; i += 1) {
    const rest = [...items.slice(0, i), ...items.slice(i + 1)];
    for (const tail of permutations(rest)) yield [items[i], ...tail];
  }
}

function bestOrder(runs, adminReady) {
  let best;
  for (const order of permutations(runs)) {
    const result = simulate(order, adminReady);
    if (!best || result.end < best.result.end - 1e-9) best = { order, result };
  }
  return best;
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--admin-ready');
  const adminReady = at >= 0 ? Number(args[at + 1]) || 0 : 0;
  const root = path.resolve(__dirname, '..');
  const shardsAt = args.indexOf('--shards');
  const shards = { ...SHARDS, ...(shardsAt >= 0 ? parseShards(args[shardsAt + 1]) : {}) };
  const given = args.filter((arg, i) => !arg.startsWith('--') && !['--admin-ready', '--shards'].includes(args[i - 1]));
  const weights = loadWeights();
  const runs = (given.length ? given : ENTRIES).map((entry) => {
    const [pass, shard, coverage] = entry.trim().split(/\s+/);
    if (!['sqlite', 'postgres', 'browser'].includes(pass) || !(Number(shard) >= 1) || !['yes', 'no'].includes(coverage))
      throw new Error(`not a queue entry (<pass> <shard> <coverage yes|no>): ${entry}`);
    const count = pass === 'browser' ? shards.browser : shards.database;
    return {
      entry,
      browser: pass === 'browser',
      seconds:
        (weights.runStart ?? RUN_START_SECONDS) +
        estimateRun(root, pass, Number(shard), coverage === 'yes', weights, count),
    };
  });
  const { order, result } = bestOrder(runs, adminReady);
  if (args.includes('--explain')) {
    for (const run of runs) console.error(`${run.entry}: about ${Math.round(run.seconds)} s`);
    result.lanes.forEach((lane, i) =>
      console.error(`checkout ${i + 1}: ${lane.join(', ')} (ends at about ${Math.round(result.free[i])} s)`),
    );
  }
  for (const run of order) console.log(run.entry);
}

module.exports = { simulate, bestOrder, parseShards, ENTRIES };
