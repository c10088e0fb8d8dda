// The one table `npm run bench` prints (bench/run.js): for each figure of the issues' targets, what the
// part measured, the target, the figure as a ratio to a reference measured in the same part's run (Strapi's
// bare `/_health` for the HTTP parts, the cold render for rendering, pg-boss for the queue), whether the
// target is met, and when that part ran with the machine's load average then. Pure: it only reads the
// parts' result objects (bench/results/<part>-<date>.json), defensively, since the parts change.
'use strict';

const TARGETS = {
  signedInShare: 0.6,
  listShare: 0.5,
  listP99Ms: 50,
  checkoutP99Ms: 250,
  checkoutP99MsFew: 60,
  barePerOrder: 18,
  largeOrderS: 1,
  cardsDrawnS: 6,
  cardsNotDrawnS: 15,
  strapiRssMb: 400,
  chromiumPssMb: 600,
  warmPdfMs: 150,
  warmColdRatio: 0.25,
  // The leases stay only while they keep up with pg-boss in the same run (docs/performance.md).
  leasesVsPgBoss: 0.9,
};

const num = (v) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const int = (n) => Math.round(n).toLocaleString('en-GB');
const pct = (share) => `${Math.round(share * 100)} %`;
const mb = (bytes) => (num(bytes) && bytes > 0 ? `${int(bytes / 2 ** 20)} MB` : 'n/a');
const kindName = (kind) => ({ sqlite: 'SQLite', postgres: 'PostgreSQL' })[kind] ?? kind ?? '?';

/** "2026-11-29 16:38 UTC, load 14.5" from a result's date and load average (where each part keeps them). */
function runOf(result) {
  const date = typeof result?.date === 'string' ? `${result.date.slice(0, 16).replace('T', ' ')} UTC` : 'date ?';
  const load = [result?.load_average, result?.machine?.load_average, result?.load_at_start].find(Array.isArray);
  return `${date}, load ${num(load?.[0]) ?? '?'}`;
}

/**
 * @typedef {{ part: string, figure: string, now: string, target: string, ratio: string,
 *   met: boolean | null, run: string }} SummaryRow
 */

/** @returns {Omit<SummaryRow, 'part' | 'run'>[]} */
function catalogueRows(result) {
  const rows = [];
  for (const run of Array.isArray(result?.runs) ? result.runs : []) {
    const routes = run?.routes ?? {};
    const bare = num(routes.health?.requests_per_s);
    const share = (key) =>
      bare && num(routes[key]?.requests_per_s) !== null ? routes[key].requests_per_s / bare : null;
    const group = (figure, keys, target, met) => {
      const present = keys.filter(([key]) => routes[key]);
      if (!present.length) return;
      const shares = present.map(([key]) => share(key));
      rows.push({
        figure: `${figure} (${kindName(run.kind)})`,
        now: present
          .map(
            ([key, name]) =>
              `${name} ${int(routes[key].requests_per_s)} req/s, p99 ${int(routes[key].latency_ms?.p99 ?? NaN)} ms`,
          )
          .join('; '),
        target,
        ratio: bare
          ? `${present.map(([, name], i) => `${name} ${shares[i] === null ? 'n/a' : pct(shares[i])}`).join(', ')} of ${int(bare)} req/s`
          : 'no bare route in the run',
        met: bare ? met(present, shares) : null,
      });
    };
    group(
      'Signed-in reads',
      [
        ['api_library', '`/api/library/`'],
        ['page_library', '`/library/`'],
        ['card_detail', 'card'],
        ['api_orders', 'orders'],
      ],
      `>= ${pct(TARGETS.signedInShare)} of the bare route`,
      (_, shares) => shares.every((s) => s !== null && s >= TARGETS.signedInShare),
    );
    group(
      'Anonymous catalogue lists',
      [
        ['list_occasion', '`?occasion=`'],
        ['list_all', 'all'],
      ],
      `>= ${pct(TARGETS.listShare)} of the bare route, p99 < ${TARGETS.listP99Ms} ms`,
      (present, shares) =>
        present.every(
          ([key], i) =>
            shares[i] !== null &&
            shares[i] >= TARGETS.listShare &&
            routes[key].latency_ms?.p99 < TARGETS.listP99Ms &&
            !routes[key].errors,
        ),
    );
    group(
      'Anonymous pages',
      [
        ['page_home', '`/`'],
        ['page_catalogue', '`/catalogue/`'],
        ['detail', 'template detail'],
      ],
      'reference (must not regress)',
      () => null,
    );
  }
  return rows;
}

function checkoutRows(result) {
  const rows = [];
  const passes = Array.isArray(result?.passes) ? result.passes : [];
  const bare = num(result?.bare?.requests_per_s);
  const where = `${kindName(result?.kind)}${result?.web ? `, ${result.web} web + ${result.workers} worker` : ''}`;
  for (const p of passes) {
    const steps = ['add_to_cart', 'checkout', 'pay'].map((s) => num(p?.steps?.[s]?.p99_ms));
    const target = p.shoppers >= 50 ? TARGETS.checkoutP99Ms : TARGETS.checkoutP99MsFew;
    const ordersPerS = num(p.orders_per_s);
    rows.push({
      figure: `Checkout path, ${p.shoppers} shoppers at once, p99 of add_to_cart / checkout / pay (${where})`,
      now: `${steps.map((s) => (s === null ? '?' : int(s))).join(' / ')} ms; ${ordersPerS?.toFixed(1) ?? '?'} orders/s${p.errors ? `; ${p.errors} errors` : ''}`,
      target: `p99 <= ${target} ms per step`,
      ratio:
        bare && ordersPerS
          ? `orders/s = ${((100 * ordersPerS) / bare).toFixed(2)} % of ${int(bare)} bare req/s`
          : 'n/a',
      met: steps.every((s) => s !== null && s <= target) && !p.errors,
    });
  }
  const costs = passes
    .map((p) => ({
      shoppers: p.shoppers,
      cost: num(p.bare_requests_per_order) ?? (bare && p.orders_per_s ? bare / p.orders_per_s : null),
    }))
    .filter((c) => c.cost !== null);
  if (costs.length)
    rows.push({
      figure: `One order (add_to_cart, checkout, demo pay) in bare \`/_health\` requests (${where})`,
      now: costs.map((c) => `${c.cost.toFixed(1)} (${c.shoppers} shoppers)`).join(', '),
      target: `<= ${TARGETS.barePerOrder}`,
      ratio: `bare req/s ÷ orders/s${bare ? `, bare ${int(bare)} req/s` : ''}`,
      met: costs.every((c) => c.cost <= TARGETS.barePerOrder),
    });
  const large = result?.large_order;
  if (large && num(large.seconds) !== null)
    rows.push({
      figure: `Paying an order of ${int(large.lines)} items (\`pay\` answer time)`,
      now: `${large.seconds.toFixed(2)} s`,
      target: `<= ${TARGETS.largeOrderS} s`,
      ratio: 'n/a',
      met: Boolean(large.target_met ?? large.seconds <= TARGETS.largeOrderS),
    });
  return rows;
}

/** One fulfilment run, or each of `runs` if the part reports several. */
function fulfilmentRows(result) {
  const runs = Array.isArray(result?.runs) ? result.runs : [result];
  const rows = [];
  for (const r of runs) {
    if (!r || num(r.drained_s) === null) continue;
    const drawn = r.previews !== 'missing';
    const limit = drawn ? TARGETS.cardsDrawnS : TARGETS.cardsNotDrawnS;
    const what = `${int(r.cards ?? 0)} e-cards, ${int(r.designs ?? 1)} design(s), ${drawn ? 'pictures drawn beforehand' : 'never drawn before the send'} (${kindName(r.database)}, ${r.instances ?? 1} instance(s)${r.worker_node_flags ? `, Node ${r.worker_node_flags}` : ''})`;
    const share = num(r.share_of_health);
    rows.push({
      figure: what,
      now: `${r.drained_s} s, ${r.emails_per_s ?? '?'} e-cards/s; ${r.duplicates ?? '?'} duplicates, ${r.losses ?? '?'} lost`,
      target: `<= ${limit} s, none lost or sent twice`,
      ratio:
        share !== null
          ? `e-cards/s = ${(share * 100).toFixed(1)} % of ${int(r.health_requests_per_s)} bare req/s`
          : 'n/a',
      met: r.drained_s <= limit && r.losses === 0 && r.duplicates === 0,
    });
    const perInstance = Array.isArray(r.per_instance) ? r.per_instance : [];
    if (perInstance.length) {
      const strapi = Math.max(...perInstance.map((i) => num(i.peak_rss) ?? 0));
      const pss = perInstance.map((i) => num(i.peak_chromium_pss)).filter((v) => v !== null && v > 0);
      const chromium = pss.length ? Math.max(...pss) : null;
      rows.push({
        figure: `Memory while sending: ${what}`,
        now: `Strapi ${mb(strapi)} RSS, Chromium ${chromium === null ? 'n/a' : mb(chromium)} PSS`,
        target: `Strapi <= ${TARGETS.strapiRssMb} MB RSS, Chromium <= ${TARGETS.chromiumPssMb} MB PSS`,
        ratio: 'n/a',
        met:
          strapi > 0 &&
          strapi <= TARGETS.strapiRssMb * 2 ** 20 &&
          chromium !== null &&
          chromium <= TARGETS.chromiumPssMb * 2 ** 20,
      });
    }
  }
  return rows;
}

function renderRows(result) {
  const warm = num(result?.cases?.warm_pdf?.median);
  const cold = num(result?.cases?.cold_pdf?.median);
  if (warm === null) return [];
  const ratio = cold ? warm / cold : null;
  return [
    {
      figure: `Print PDF with a warm browser, median of ${result.cards ?? '?'} cards`,
      now: `${warm.toFixed(1)} ms`,
      target: `<= ${TARGETS.warmPdfMs} ms; warm/cold <= ${TARGETS.warmColdRatio}`,
      ratio: ratio === null ? 'n/a' : `warm/cold ${ratio.toFixed(3)} (cold ${int(cold)} ms)`,
      met: warm <= TARGETS.warmPdfMs && ratio !== null && ratio <= TARGETS.warmColdRatio,
    },
  ];
}

function queueRows(result) {
  const runs = Array.isArray(result?.runs) ? result.runs : [];
  const rows = [];
  for (const kill of [false, true]) {
    const leases = runs.find((r) => r.lane === 'leases' && Boolean(r.kill) === kill);
    const boss = runs.find((r) => r.lane === 'pg-boss' && Boolean(r.kill) === kill);
    if (!leases || !boss) continue;
    const ratio = num(leases.jobs_per_s) && num(boss.jobs_per_s) ? leases.jobs_per_s / boss.jobs_per_s : null;
    rows.push({
      figure: `Delivery queue alone, ${int(result.jobs ?? 0)} jobs, ${result.workers ?? '?'} workers${kill ? ', one SIGKILLed' : ''}: leases against pg-boss`,
      now: `${int(leases.jobs_per_s)} / ${int(boss.jobs_per_s)} jobs/s; lost ${leases.lost} / ${boss.lost}${kill ? `; sent twice ${leases.sent_twice} / ${boss.sent_twice}` : ''}`,
      target: `none lost; leases >= ${TARGETS.leasesVsPgBoss} x pg-boss's jobs/s`,
      ratio: ratio === null ? 'n/a' : `leases ÷ pg-boss ${ratio.toFixed(2)}`,
      met: leases.lost === 0 && boss.lost === 0 && ratio !== null && ratio >= TARGETS.leasesVsPgBoss,
    });
  }
  return rows;
}

function twoMachinesRows(result) {
  if (!result || num(result.delivered) === null) return [];
  const share = num(result.share_of_health);
  const killed = result.killed ?? {};
  return [
    {
      figure: `${int(result.cards)} distinct e-cards on two machines (PostgreSQL and a bucket shared), one machine's process tree SIGKILLed`,
      now: `${int(result.delivered)} delivered, ${result.lost} lost, ${result.duplicates} duplicate${result.duplicates === 1 ? '' : 's'}${result.duplicates_same_message_id ? ' (each with its card’s one Message-ID)' : ' (**Message-IDs differ**)'}; ${result.drained_s} s, ${result.emails_per_s} e-cards/s`,
      target: `none lost; duplicates <= claims the killed machine held (${killed.claims_held ?? '?'}), one Message-ID per card`,
      ratio:
        share !== null
          ? `e-cards/s = ${(share * 100).toFixed(1)} % of ${int(result.health_requests_per_s)} bare req/s`
          : 'n/a',
      met:
        result.lost === 0 &&
        result.duplicates_same_message_id === true &&
        num(killed.claims_held) !== null &&
        result.duplicates <= killed.claims_held,
    },
  ];
}

const ROWS = {
  catalogue: catalogueRows,
  checkout: checkoutRows,
  fulfilment: fulfilmentRows,
  render: renderRows,
  queue: queueRows,
  'two-machines': twoMachinesRows,
};

/**
 * The table's rows from the parts' results, in order: [{ part, result (or null), note? }].
 * A part without a result (it failed, or was skipped) gets one row saying so.
 * @param {Array<{ part: string, result: any, note?: string }>} parts
 * @returns {SummaryRow[]}
 */
function summaryRows(parts) {
  const rows = [];
  for (const { part, result, note } of parts) {
    const make = ROWS[part];
    const made = result && make ? make(result) : [];
    if (!made.length) {
      rows.push({
        part,
        figure: part,
        now: note ?? (result ? 'no figure this table knows in its result' : 'no result'),
        target: '',
        ratio: '',
        met: null,
        run: result ? runOf(result) : '',
      });
      continue;
    }
    for (const row of made) rows.push({ part, ...row, run: runOf(result) });
  }
  return rows;
}

/**
 * The table as markdown, under a heading naming the run's date.
 * @param {SummaryRow[]} rows
 * @param {string} date ISO date of the `npm run bench` run
 * @param {{ tableOnly?: boolean }} [options] tableOnly: built from saved results, nothing run
 */
function summaryMarkdown(rows, date, { tableOnly = false } = {}) {
  const cell = (s) => String(s).replace(/\|/g, '\\|');
  const met = (m) => (m === true ? 'met' : m === false ? '**not met**' : '-');
  return [
    `### Summary, ${tableOnly ? 'from the newest saved results' : '`npm run bench`'} of ${date.slice(0, 16).replace('T', ' ')} UTC`,
    '',
    'Each row comes from one part\'s run: its figure, and the same figure as a ratio to a reference that part measured in that run (Strapi\'s bare `/_health`, the cold render, pg-boss), which holds across machines and loads where absolute figures do not. "Run" is when that part ran and the load average (1 min) then.',
    '',
    '| Figure | Now | Target | Ratio (same run) | Met | Run |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map((r) => `| ${[r.figure, r.now, r.target, r.ratio, met(r.met), r.run].map(cell).join(' | ')} |`),
  ].join('\n');
}

module.exports = { TARGETS, summaryRows, summaryMarkdown };
