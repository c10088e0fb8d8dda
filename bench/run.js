#!/usr/bin/env node
// `npm run bench`: every benchmark part, one after another (never at once: they would measure each
// other), then one combined table in bench/results/summary-<date>.md. Parts that are not in this
// checkout (e.g. bench/fulfilment.js before it is merged) are skipped. BENCH_ONLY=catalogue,render
// runs a subset.
'use strict';
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const { latestResult, markdownTable, saveResults } = require('./lib/results');

const PARTS = ['catalogue', 'checkout', 'fulfilment', 'render', 'queue'];

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
saveResults('summary', { parts: ran }, [issueTable(), ...sections].join('\n\n'));
process.exitCode = ran.some((r) => r.status !== 0) ? 1 : 0;

function latestMarkdown(part) {
  const dir = path.join(__dirname, 'results');
  const result = latestResult(part);
  if (!result) return null;
  const md = path.join(dir, `${part}-${result.date.slice(0, 10)}.md`);
  return fs.existsSync(md) ? fs.readFileSync(md, 'utf8').trim() : null;
}

/**
 * Issue 25's table, from the newest result of each part (they may come from different runs: each
 * row names its date and the machine's load average then).
 */
function issueTable() {
  const mb = (bytes) => (Number.isFinite(bytes) && bytes > 0 ? `${Math.round(bytes / 2 ** 20)} MB` : 'n/a');
  const when = (r) => `${r.date.slice(0, 10)}, load ${(r.load_average ?? r.machine?.load_average)?.[0] ?? '?'}`;
  const rows = [];
  const checkout = latestResult('checkout');
  const passes = checkout?.passes ?? [];
  for (const p of passes) {
    const p99 = ['add_to_cart', 'checkout', 'pay'].map((s) => Math.round(p.steps[s].p99_ms)).join(' / ');
    rows.push([
      `Checkout path, ${p.shoppers} shoppers at once (${checkout.kind})`,
      `${p.orders_per_s.toFixed(1)} orders/s; p99 ${p99} ms`,
      p.shoppers >= 50 ? '>= 80 orders/s; p99 <= 250 ms per step' : 'p99 <= 60 ms per step',
      p.target_met ? 'met' : 'not met',
      when(checkout),
    ]);
  }
  const catalogue = latestResult('catalogue');
  for (const run of catalogue?.runs ?? []) {
    const bare = run.routes?.health?.requests_per_s;
    const share = (key) =>
      bare && run.routes?.[key] ? `${Math.round((100 * run.routes[key].requests_per_s) / bare)} %` : 'n/a';
    const shares = ['api_library', 'page_library'].map((k) => Number.parseInt(share(k), 10));
    rows.push([
      `Signed-in reads, \`GET /api/library/\` and \`/library/\` (${run.kind})`,
      `${share('api_library')} and ${share('page_library')} of the bare route`,
      '>= 60 %',
      shares.every((n) => n >= 60) ? 'met' : 'not met',
      when(catalogue),
    ]);
  }
  const fulfilment = latestResult('fulfilment');
  if (fulfilment) {
    const strapiPeak = Math.max(...(fulfilment.per_instance ?? []).map((i) => i.peak_rss ?? 0));
    // PSS where measured: the RSS sum counts Chromium's binary once per process (bench/fulfilment.js).
    const chromiumPeak = Math.max(
      ...(fulfilment.per_instance ?? []).map((i) => i.peak_chromium_pss ?? i.peak_chromium_rss ?? 0),
    );
    const met = fulfilment.drained_s <= 15 && strapiPeak <= 400 * 2 ** 20 && chromiumPeak <= 600 * 2 ** 20;
    rows.push([
      `${fulfilment.cards} e-cards, ${fulfilment.designs} designs, one order (${fulfilment.database}, ${fulfilment.instances} instance${fulfilment.instances > 1 ? 's' : ''})`,
      `${fulfilment.drained_s} s; peak ${mb(strapiPeak)} Strapi, ${mb(chromiumPeak)} Chromium (PSS)`,
      '<= 15 s; Strapi <= 400 MB, Chromium <= 600 MB',
      met ? 'met' : 'not met',
      when(fulfilment),
    ]);
  }
  const large = checkout?.large_order;
  if (large)
    rows.push([
      `Paying an order of ${large.lines} items (\`pay\` answer time)`,
      `${large.seconds.toFixed(2)} s`,
      '<= 1 s',
      large.target_met ? 'met' : 'not met',
      when(checkout),
    ]);
  return ["### Summary (issue 25's figures)", '', markdownTable(['Figure', 'Now', 'Target', '', 'Run'], rows)].join(
    '\n',
  );
}
