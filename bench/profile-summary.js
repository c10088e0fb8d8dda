#!/usr/bin/env node
// Where a server's CPU went, from a V8 CPU profile (BENCH_CPU_PROF=<dir> writes one per server):
// self time per package (node_modules/<name>, the plugin, Node's internals, garbage collection) and
// the heaviest functions. `node bench/profile-summary.js <file.cpuprofile> [top] [--from us --to us]`.
'use strict';
const fs = require('fs');

function owner(url) {
  if (!url) return '(native or idle)';
  if (url.startsWith('node:')) return 'node internals';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.includes('plugins/greeting-cards/')) return 'greeting-cards plugin';
  return 'app';
}

/**
 * `window`: only the samples taken between `from` and `to` (microseconds on the monotonic clock, as the
 * profile's startTime and the benchmarks' "profile window" lines count them).
 */
function summarise(file, top = 15, window = {}) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const from = window.from ?? -Infinity;
  const to = window.to ?? Infinity;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] || 0;
    if (at >= from && at <= to) self.set(id, (self.get(id) || 0) + (profile.timeDeltas[i] || 0));
  });
  let total = 0;
  let idle = 0;
  const packages = new Map();
  const functions = new Map();
  for (const [id, us] of self) {
    const frame = byId.get(id).callFrame;
    total += us;
    if (frame.functionName === '(idle)' || frame.functionName === '(program)') {
      idle += frame.functionName === '(idle)' ? us : 0;
      if (frame.functionName === '(idle)') continue;
    }
    const pkg = frame.functionName === '(garbage collector)' ? 'garbage collection' : owner(frame.url);
    packages.set(pkg, (packages.get(pkg) || 0) + us);
    const fn = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*node_modules\//, '').replace(/^.*plugins\/greeting-cards\//, '')}:${frame.lineNumber + 1}`;
    functions.set(fn, (functions.get(fn) || 0) + us);
  }
  const busy = total - idle;
  const pct = (us) => `${((100 * us) / busy).toFixed(1)} %`;
  const lines = [
    `${file}: ${(busy / 1e6).toFixed(1)} s busy of ${(total / 1e6).toFixed(1)} s profiled`,
    '',
    'Self time by package:',
  ];
  for (const [name, us] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, top))
    lines.push(`  ${pct(us).padStart(7)}  ${name}`);
  lines.push('', 'Heaviest functions (self time):');
  for (const [name, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top))
    lines.push(`  ${pct(us).padStart(7)}  ${name}`);
  return lines.join('\n');
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const option = (name) => {
    const i = args.indexOf(`--${name}`);
    if (i < 0) return undefined;
    const [, value] = args.splice(i, 2);
    return Number(value);
  };
  const window = { from: option('from'), to: option('to') };
  const [file, top] = args;
  if (!file) {
    console.error('usage: node bench/profile-summary.js <file.cpuprofile> [top] [--from us --to us]');
    process.exit(2);
  }
  console.log(summarise(file, Number(top) || 15, window));
}

module.exports = { summarise };
