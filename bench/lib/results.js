// Saving and printing benchmark results: every part writes bench/results/<name>-<date>.json (figures)
// and .md (a table), and prints the table. The combined run (bench/run.js) reads the JSON files back.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');

const RESULTS_DIR = path.resolve(__dirname, '../results');

const today = () => new Date().toISOString().slice(0, 10);

/** The machine line every result carries: these machines are shared, so load matters. */
function machine() {
  return {
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    memory_gb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    load_average: os.loadavg().map((l) => Number(l.toFixed(2))),
  };
}

/** A markdown table from a header row and rows of cells. */
function markdownTable(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Writes <name>-<date>.json and .md, prints the markdown (or `printed`), returns the file paths. */
function saveResults(name, data, markdown, printed = markdown) {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const base = path.join(RESULTS_DIR, `${name}-${today()}`);
  const full = { name, date: new Date().toISOString(), machine: machine(), ...data };
  fs.writeFileSync(`${base}.json`, `${JSON.stringify(full, null, 2)}\n`);
  fs.writeFileSync(`${base}.md`, `${markdown}\n`);
  console.log(`\n${printed}\n\nwritten: ${path.relative(process.cwd(), base)}.json and .md`);
  return { json: `${base}.json`, md: `${base}.md` };
}

/** The newest saved result of a part, or null. */
function latestResult(name) {
  if (!fs.existsSync(RESULTS_DIR)) return null;
  // <name>-<date>.json only: checkout-web2-<date>.json is another part's result, not checkout's.
  const own = new RegExp(`^${name.replace(/[^\w-]/g, '')}-\\d{4}-\\d{2}-\\d{2}\\.json$`);
  const files = fs
    .readdirSync(RESULTS_DIR)
    .filter((f) => own.test(f))
    .sort();
  if (!files.length) return null;
  return JSON.parse(fs.readFileSync(path.join(RESULTS_DIR, files[files.length - 1]), 'utf8'));
}

const int = (n) => Math.round(n).toLocaleString('en-GB');
const ms = (n) => `${n < 10 ? n.toFixed(1) : int(n)} ms`;

module.exports = { RESULTS_DIR, machine, markdownTable, saveResults, latestResult, int, ms };
