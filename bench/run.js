#!/usr/bin/env node
// `npm run bench`: every benchmark part, one after another (never at once: they would measure each
// other), then one table (bench/lib/summary.js): each figure, its target, its ratio to the reference that
// part measured in the same run (Strapi's bare `/_health` for the HTTP parts), met or not, and when the
// part ran with the load average then. Printed, and saved with each part's own table below it in
// bench/results/summary-<date>.md (and .json). A part's result is taken right after it ran, so a part
// run twice (fulfilment: pictures drawn beforehand, then never drawn) keeps both.
//
//   BENCH_ONLY=catalogue,render     runs a subset (part names as in PARTS)
//   node bench/run.js --table-only  runs nothing: the table from each part's newest saved result
//                                   (they may come from different days: each row names its run)
// Parts that are not in this checkout are skipped; those needing PostgreSQL (queue, two-machines) say so
// and write nothing without BENCH_DATABASE_URL.
'use strict';
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const { latestResult, saveResults, RESULTS_DIR } = require('./lib/results');
const { summaryRows, summaryMarkdown } = require('./lib/summary');

/** @type {Array<{ name: string, part: string, args?: string[], env?: Record<string, string> }>} part: the result's name (bench/<part>.js) */
const PARTS = [
  { name: 'catalogue', part: 'catalogue' },
  { name: 'checkout', part: 'checkout' },
  {
    name: 'fulfilment-drawn',
    part: 'fulfilment',
    args: ['--cards', '1000', '--designs', '1000', '--previews', 'ready'],
  },
  {
    name: 'fulfilment-not-drawn',
    part: 'fulfilment',
    args: ['--cards', '1000', '--designs', '1000', '--previews', 'missing'],
  },
  // The same two sends with Strapi started with a V8 heap limit, as docs/performance.md advises for
  // instances that must stay under a memory ceiling (without one V8 lets garbage grow the heap).
  {
    name: 'fulfilment-drawn-heap-limit',
    part: 'fulfilment',
    args: ['--cards', '1000', '--designs', '1000', '--previews', 'ready'],
    env: { BENCH_WORKER_NODE_FLAGS: '--max-old-space-size=384' },
  },
  {
    name: 'fulfilment-not-drawn-heap-limit',
    part: 'fulfilment',
    args: ['--cards', '1000', '--designs', '1000', '--previews', 'missing'],
    env: { BENCH_WORKER_NODE_FLAGS: '--max-old-space-size=384' },
  },
  { name: 'render', part: 'render' },
  { name: 'queue', part: 'queue' },
  { name: 'two-machines', part: 'two-machines' },
];

/** The markdown a part saved with its result (<part>-<date of the result>.md), or null. */
function markdownOf(part, result) {
  const file = path.join(RESULTS_DIR, `${part}-${String(result?.date).slice(0, 10)}.md`);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : null;
}

const tableOnly = process.argv.includes('--table-only');
const only = (process.env.BENCH_ONLY || '').split(',').filter(Boolean);
const started = new Date().toISOString();
/** @type {Array<{ part: string, result: any, note?: string, name: string, status: number | null, markdown: string | null }>} */
const ran = [];
for (const { name, part, args = [], env = {} } of PARTS) {
  if (only.length && !only.includes(name) && !only.includes(part)) continue;
  if (tableOnly) {
    // The newest result of each part once (fulfilment's two variants share one name).
    if (ran.some((r) => r.part === part)) continue;
    const result = latestResult(part);
    ran.push({ name: part, part, result, status: 0, markdown: result ? markdownOf(part, result) : null });
    continue;
  }
  const script = path.join(__dirname, `${part}.js`);
  if (!fs.existsSync(script)) {
    console.log(`\n== ${name}: bench/${part}.js not present, skipped`);
    continue;
  }
  const shown = [...args, ...Object.entries(env).map(([k, v]) => `${k}=${v}`)];
  console.log(`\n== ${name}${shown.length ? ` (${shown.join(' ')})` : ''}`);
  const partStarted = new Date().toISOString();
  const run = spawnSync(process.execPath, [script, ...args], { stdio: 'inherit', env: { ...process.env, ...env } });
  // Only a result written by this run of the part counts. checkout.js names its result
  // checkout-web<N> when BENCH_WEB splits the roles.
  const web = Number(process.env.BENCH_WEB);
  const saved = part === 'checkout' && web ? `checkout-web${web}` : part;
  const newest = latestResult(saved);
  const result = newest && String(newest.date) >= partStarted ? newest : null;
  ran.push({
    name,
    part,
    result,
    status: run.status,
    note: result
      ? undefined
      : `no result from this run (exited with ${run.status}${run.status === 0 ? ': skipped?' : ''})`,
    markdown: result ? markdownOf(saved, result) : null,
  });
}
const rows = summaryRows(ran);
const table = summaryMarkdown(rows, started, { tableOnly });
const sections = ran.map(
  ({ name, status, markdown }) =>
    `### ${name}${status === 0 ? '' : ` (exited with ${status})`}\n\n${markdown ?? 'no result written in this run'}`,
);
saveResults(
  'summary',
  { started, table_only: tableOnly, parts: ran.map(({ name, part, status }) => ({ name, part, status })), rows },
  [table, ...sections].join('\n\n'),
  table,
);
process.exitCode = ran.some((r) => r.status !== 0) ? 1 : 0;
