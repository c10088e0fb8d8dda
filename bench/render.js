#!/usr/bin/env node
// Rendering benchmark: cold (a new browser for every card) versus warm (one browser, Fabric.js
// already loaded) print PDFs and PNG previews, over 50 cards cycling through the seeded sample
// template designs with inside messages. Runs the built plugin: `npm run bench:render` builds first.
// The last output is saved to bench/results/render.txt.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');

const dist = path.resolve(__dirname, '../plugins/greeting-cards/dist/server');
const { createCardRenderer } = require(path.join(dist, 'areas/rendering/card-renderer'));
const { PuppeteerRenderer } = require(path.join(dist, 'platform/providers/renderer/puppeteer-renderer'));
const { localUploadsResolver } = require(path.join(dist, 'platform/providers/renderer/local-uploads'));
const { TEMPLATES } = require(path.join(dist, 'areas/catalogue/seed/sample-data'));
const { markdownTable, saveResults, ms } = require('./lib/results');

const CARDS = Number(process.env.BENCH_CARDS || 50);
const WARMUP = 3;
const TARGET_WARM_PDF_MS = 150;
const TARGET_RATIO = 0.25;
const publicDir = path.resolve(__dirname, '../public');

const MESSAGES = [
  'Happy birthday! Have a wonderful day.',
  'Dear Sam,\nWishing you all the best today and always. Here is to another year of adventures 🎉\nLove, Alex',
  'Thank you so much for everything you did for us this year. We could not have done it without you!',
  'Congratulations to you both ❤️',
  'Thinking of you and sending lots of love. Get well soon, and see you for tea as soon as you are up and about again.',
];
const cards = Array.from({ length: CARDS }, (_, i) => ({
  canvasData: TEMPLATES[i % TEMPLATES.length].canvas_data,
  insideMessage: MESSAGES[i % MESSAGES.length],
}));

const newRenderer = () => {
  const provider = new PuppeteerRenderer({ resolveAsset: localUploadsResolver(publicDir) });
  return createCardRenderer({ provider, publicDir, publicUrl: '', cropMarks: false });
};

async function time(fn) {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

function stats(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
  const median = s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  return {
    n: s.length,
    median,
    p95: at(0.95),
    mean: s.reduce((a, b) => a + b, 0) / s.length,
    min: s[0],
    max: s[s.length - 1],
  };
}

async function cold(kind) {
  const samples = [];
  for (const card of cards) {
    samples.push(
      await time(async () => {
        const r = newRenderer();
        try {
          if (kind === 'pdf') await r.cardPdf(card);
          else await r.previewPng(card.canvasData);
        } finally {
          await r.shutdown();
        }
      }),
    );
  }
  return samples;
}

async function warm(renderer, kind) {
  const run = (card) => (kind === 'pdf' ? renderer.cardPdf(card) : renderer.previewPng(card.canvasData));
  for (let i = 0; i < WARMUP; i += 1) await run(cards[i]);
  const samples = [];
  for (const card of cards) samples.push(await time(() => run(card)));
  return samples;
}

const fmt = (ms) => `${ms.toFixed(1).padStart(8)} ms`;
const row = (label, st) =>
  `${label.padEnd(26)} ${fmt(st.median)} ${fmt(st.p95)} ${fmt(st.mean)} ${fmt(st.min)} ${fmt(st.max)}`;

async function main() {
  const chromium = process.env.PUPPETEER_EXECUTABLE_PATH || '/usr/bin/chromium';
  let version = 'unknown';
  try {
    version = execFileSync(chromium, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    // reported as unknown
  }
  const lines = [];
  const out = (line = '') => {
    lines.push(line);
    console.log(line);
  };
  out(`Render benchmark, ${new Date().toISOString()}`);
  out(
    `${CARDS} cards cycling ${TEMPLATES.length} sample templates; node ${process.version}; ${os.cpus().length} cores; ${version}`,
  );
  out(
    `load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  out();

  const coldPdf = stats(await cold('pdf'));
  const coldPng = stats(await cold('png'));
  const renderer = newRenderer();
  let warmPdf;
  let warmPng;
  try {
    warmPdf = stats(await warm(renderer, 'pdf'));
    warmPng = stats(await warm(renderer, 'png'));
  } finally {
    await renderer.shutdown();
  }

  out(
    `${'case'.padEnd(26)} ${'median'.padStart(11)} ${'p95'.padStart(11)} ${'mean'.padStart(11)} ${'min'.padStart(11)} ${'max'.padStart(11)}`,
  );
  out(row('cold PDF (new browser)', coldPdf));
  out(row('warm PDF (reused page)', warmPdf));
  out(row('cold PNG 600px', coldPng));
  out(row('warm PNG 600px', warmPng));
  out();
  const pdfRatio = warmPdf.median / coldPdf.median;
  const pngRatio = warmPng.median / coldPng.median;
  out(`warm/cold median ratio: PDF ${pdfRatio.toFixed(3)}, PNG ${pngRatio.toFixed(3)}`);
  out(
    `target warm PDF median <= ${TARGET_WARM_PDF_MS} ms: ${warmPdf.median <= TARGET_WARM_PDF_MS ? 'met' : 'NOT met'} (${warmPdf.median.toFixed(1)} ms)`,
  );
  out(
    `target warm/cold PDF ratio <= ${TARGET_RATIO}: ${pdfRatio <= TARGET_RATIO ? 'met' : 'NOT met'} (${pdfRatio.toFixed(3)})`,
  );
  out(
    `load average at end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  const resultFile = path.join(__dirname, 'results', 'render.txt');
  fs.mkdirSync(path.dirname(resultFile), { recursive: true });
  fs.writeFileSync(resultFile, `${lines.join('\n')}\n`);

  // The same figures in the harness's shape (bench/run.js puts this table in the summary).
  const cases = { cold_pdf: coldPdf, warm_pdf: warmPdf, cold_png: coldPng, warm_png: warmPng };
  const labels = {
    cold_pdf: 'cold PDF (new browser)',
    warm_pdf: 'warm PDF (reused page)',
    cold_png: 'cold PNG 600px',
    warm_png: 'warm PNG 600px',
  };
  const md = [
    `Rendering, ${CARDS} cards cycling ${TEMPLATES.length} sample templates, ${version}.`,
    '',
    markdownTable(
      ['Case', 'median', 'p95', 'mean'],
      Object.entries(cases).map(([k, st]) => [labels[k], ms(st.median), ms(st.p95), ms(st.mean)]),
    ),
    '',
    `Warm PDF median <= ${TARGET_WARM_PDF_MS} ms: ${warmPdf.median <= TARGET_WARM_PDF_MS ? 'met' : 'NOT met'}; warm/cold PDF ratio <= ${TARGET_RATIO}: ${pdfRatio <= TARGET_RATIO ? 'met' : 'NOT met'} (${pdfRatio.toFixed(3)}).`,
  ].join('\n');
  saveResults('render', { cards: CARDS, chromium: version, cases }, md);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
