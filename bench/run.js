#!/usr/bin/env node
// `npm run bench`: every benchmark part, one after another (never at once: they would measure each
// other), then one combined table in bench/results/summary-<date>.md. Parts that are not in this
// checkout (e.g. bench/fulfilment.js before it is merged) are skipped. BENCH_ONLY=catalogue,render
// runs a subset.
'use strict';
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const { latestResult, saveResults } = require('./lib/results');

const PARTS = ['catalogue', 'checkout', 'fulfilment', 'render'];

const only = (process.env.BENCH_ONLY || '').split(',').filter(Boolean);
const ran = [];
for (const part of PARTS) {
  if (only.length && !only.includes(part)) continue;
  const script = path.join(__dirname, `${part}.js`);
  if (!fs.existsSync(script)) {
    console.log(`\n== ${part}: bench/${part}.js not present, skipped`);
    continue;
  }
  console.log(`\n== ${part}`);
  const run = spawnSync(process.execPath, [script], { stdio: 'inherit', env: process.env });
  ran.push({ part, status: run.status });
}

// The combined report: each part's own markdown (its latest result), in order.
const sections = [];
for (const { part, status } of ran) {
  const md = latestMarkdown(part);
  sections.push(`### ${part}${status === 0 ? '' : ` (exited with ${status})`}\n\n${md ?? 'no result written'}`);
}
saveResults('summary', { parts: ran }, sections.join('\n\n'));
process.exitCode = ran.some((r) => r.status !== 0) ? 1 : 0;

function latestMarkdown(part) {
  const dir = path.join(__dirname, 'results');
  const result = latestResult(part);
  if (!result) return null;
  const md = path.join(dir, `${part}-${result.date.slice(0, 10)}.md`);
  return fs.existsSync(md) ? fs.readFileSync(md, 'utf8').trim() : null;
}
