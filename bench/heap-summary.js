#!/usr/bin/env node
// Summarizes a .heapprofile (V8's sampling heap profiler, as bench/fulfilment-worker.js writes it with
// BENCH_HEAP_PROF): the bytes allocated by each function itself and by each package, largest first.
//   node bench/heap-summary.js <file.heapprofile> [rows]
'use strict';
const fs = require('fs');

const [file, rowsArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/heap-summary.js <file.heapprofile> [rows]');
  process.exit(2);
}
const rows = Number(rowsArg || 25);
const { head } = JSON.parse(fs.readFileSync(file, 'utf8'));

/** Where a frame's code lives: a package under node_modules, the plugin, Node itself, or V8. */
function area(url) {
  if (!url) return '(V8 / native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.includes('/plugins/greeting-cards/')) return 'plugin';
  if (url.startsWith('node:')) return 'node';
  return url;
}

const byFunction = new Map();
const byArea = new Map();
let total = 0;
(function walk(node) {
  const size = node.selfSize;
  if (size) {
    const frame = node.callFrame;
    const where = area(frame.url);
    const name = `${frame.functionName || '(anonymous)'} ${where === 'plugin' ? frame.url.split('/dist/server/').pop() : where}:${frame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) || 0) + size);
    byArea.set(where, (byArea.get(where) || 0) + size);
    total += size;
  }
  for (const child of node.children) walk(child);
})(head);

const mb = (n) => (n / 1024 / 1024).toFixed(1);
const table = (title, map) => {
  console.log(`\n| ${title} | MB | share |\n|---|---|---|`);
  for (const [name, size] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows))
    console.log(`| ${name} | ${mb(size)} | ${((size / total) * 100).toFixed(1)} % |`);
};
console.log(`allocated (sampled, collected or not): ${mb(total)} MB`);
table('by function', byFunction);
table('by package', byArea);
