#!/usr/bin/env node
// Catalogue and storefront benchmark: a production instance with 500 active templates (nearly all in
// one occasion), autocannon 20 connections x 8 s per route, on SQLite and, when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set, PostgreSQL. Strapi's bare /_health in the same run is the ceiling every
// route is compared with. `npm run bench:catalogue` builds first; results go to bench/results/.
'use strict';
const fs = require('fs');
const { databaseKinds, startApp } = require('./lib/app');
const { measure, CONNECTIONS, DURATION } = require('./lib/load');
const { markdownTable, saveResults, int, ms } = require('./lib/results');

// Targets from the issue: the list at >= 50 % of the bare route's requests per second, p99 < 50 ms.
const TARGET_SHARE = 0.5;
const TARGET_P99_MS = 50;

function routes(app) {
  const shopper = app.seed.shoppers[0];
  const bearer = { Authorization: `Bearer ${shopper.token}` };
  const cookie = { Cookie: `gc_session=${shopper.token}` };
  return [
    { key: 'health', label: "Strapi's bare `/_health` (ceiling)", path: '/_health', expectStatus: 204 },
    {
      key: 'list_occasion',
      label: '`GET /api/templates/?occasion=birthday`',
      path: '/api/templates/?occasion=birthday',
      list: true,
    },
    { key: 'list_all', label: '`GET /api/templates/`', path: '/api/templates/', list: true },
    {
      key: 'list_conditional',
      label: '`GET /api/templates/?occasion=birthday`, `If-None-Match` matches (304)',
      path: '/api/templates/?occasion=birthday',
      conditional: true,
      expectStatus: 304,
    },
    { key: 'detail', label: '`GET /api/templates/<slug>/`', path: `/api/templates/${app.seed.detailSlug}/` },
    {
      key: 'detail_signed_in',
      label: '`GET /api/templates/<slug>/`, signed in (Bearer)',
      path: `/api/templates/${app.seed.detailSlug}/`,
      headers: bearer,
    },
    { key: 'occasions', label: '`GET /api/occasions/`', path: '/api/occasions/' },
    { key: 'page_home', label: 'Storefront home page `/`', path: '/' },
    {
      key: 'page_catalogue',
      label: 'Storefront catalogue page `/catalogue/?occasion=birthday`',
      path: '/catalogue/?occasion=birthday',
    },
    { key: 'api_library', label: '`GET /api/library/` (signed in)', path: '/api/library/', headers: bearer },
    {
      key: 'page_library',
      label: 'Storefront library page `/library/` (signed in)',
      path: '/library/',
      headers: cookie,
    },
    {
      key: 'card_detail',
      label: '`GET /api/cards/<id>/` (signed in)',
      path: `/api/cards/${shopper.cards[0]}/`,
      headers: bearer,
    },
    { key: 'api_orders', label: '`GET /api/orders/` (signed in)', path: '/api/orders/', headers: bearer },
  ];
}

/**
 * CPU time the server process has used so far, in ms (user + system, from /proc; null where there is
 * none). Read before and after a route's load, it gives the server's CPU-ms per request (the capacity
 * model in docs/performance.md); the database server's own CPU is not in it.
 */
function cpuMsOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command name.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
  } catch {
    return null;
  }
}
const TICKS_PER_S = 100;

/** BENCH_ROUTES=key,key runs only those routes (the bare route is always run: it is the ceiling). */
function selectedRoutes(app) {
  const only = (process.env.BENCH_ROUTES || '').split(',').filter(Boolean);
  return routes(app).filter((r) => !only.length || r.key === 'health' || only.includes(r.key));
}

async function runOn(kind) {
  const app = await startApp({
    kind,
    name: 'catalogue',
    seed: { templates: 500, birthday: 489, shoppers: 1, cardsPerShopper: 6 },
  });
  const out = { kind, templates: app.seed.templates, in_one_occasion: app.seed.birthday, routes: {} };
  try {
    console.log(
      `${kind}: ${app.seed.templates} active templates, ${app.seed.birthday} in birthday; ${CONNECTIONS} connections x ${DURATION} s per route`,
    );
    // One warm-up pass so each route is measured warm (JIT, caches, pools), as a live shop would be.
    for (const r of selectedRoutes(app))
      await measure(`${app.url}${r.path}`, {
        headers: r.headers,
        expectStatus: r.expectStatus,
        duration: 1,
        connections: 4,
      });
    for (const r of selectedRoutes(app)) {
      const headers = { ...(r.headers || {}) };
      if (r.conditional) {
        const first = await fetch(`${app.url}${r.path}`);
        headers['If-None-Match'] = first.headers.get('etag');
      }
      const cpuBefore = cpuMsOf(app.pid);
      const result = await measure(`${app.url}${r.path}`, { headers, expectStatus: r.expectStatus ?? 200 });
      const cpuAfter = cpuMsOf(app.pid);
      const served = Object.values(result.statuses).reduce((a, b) => a + b, 0);
      if (cpuBefore !== null && cpuAfter !== null && served)
        result.server_cpu_ms_per_request = (cpuAfter - cpuBefore) / served;
      out.routes[r.key] = { label: r.label, path: r.path, list: Boolean(r.list), ...result };
      console.log(
        `  ${r.label.padEnd(80)} ${int(result.requests_per_s).padStart(6)} req/s  p99 ${ms(result.latency_ms.p99).padStart(7)}  errors ${result.errors}  server CPU ${result.server_cpu_ms_per_request?.toFixed(2) ?? '-'} ms/request`,
      );
    }
    // The bare route again at the end: the machine is shared, and the ceiling is the mean of both.
    const again = await measure(`${app.url}/_health`, { expectStatus: 204 });
    const first = out.routes.health;
    out.routes.health = {
      ...first,
      requests_per_s: (first.requests_per_s + again.requests_per_s) / 2,
      requests_per_s_first_last: [first.requests_per_s, again.requests_per_s],
    };
    console.log(`  bare route at the end ${int(again.requests_per_s)} req/s; ceiling = mean of both`);
  } finally {
    await app.stop();
  }
  const health = out.routes.health.requests_per_s;
  out.targets = Object.fromEntries(
    Object.entries(out.routes)
      .filter(([, r]) => r.list)
      .map(([key, r]) => [
        key,
        {
          share_of_health: r.requests_per_s / health,
          p99_ms: r.latency_ms.p99,
          met: r.requests_per_s / health >= TARGET_SHARE && r.latency_ms.p99 < TARGET_P99_MS && r.errors === 0,
        },
      ]),
  );
  return out;
}

function table(runs) {
  const keys = Object.keys(runs[0].routes);
  const cell = (run, key) => {
    const r = run.routes[key];
    const share =
      key === 'health' ? '' : `, ${Math.round((100 * r.requests_per_s) / run.routes.health.requests_per_s)} %`;
    return `${int(r.requests_per_s)} req/s, p99 ${ms(r.latency_ms.p99)}${share}${r.errors ? `, **${r.errors} errors**` : ''}`;
  };
  const names = { sqlite: 'SQLite', postgres: 'PostgreSQL' };
  return markdownTable(
    ['Route', ...runs.map((run) => names[run.kind])],
    keys.map((key) => [runs[0].routes[key].label, ...runs.map((run) => cell(run, key))]),
  );
}

async function main() {
  const runs = [];
  for (const kind of databaseKinds()) runs.push(await runOn(kind));
  const md = [
    `Catalogue and storefront, production build, ${runs[0].templates} active templates (${runs[0].in_one_occasion} in one occasion), autocannon ${CONNECTIONS} connections x ${DURATION} s, loopback; % = share of the bare route's req/s in the same run.`,
    '',
    table(runs),
    '',
    ...runs.flatMap((run) =>
      Object.entries(run.targets).map(
        ([key, t]) =>
          `- ${run.kind} ${key}: ${Math.round(t.share_of_health * 100)} % of /_health, p99 ${ms(t.p99_ms)}: target (>= ${TARGET_SHARE * 100} %, p99 < ${TARGET_P99_MS} ms) ${t.met ? 'met' : 'NOT met'}`,
      ),
    ),
  ].join('\n');
  saveResults('catalogue', { connections: CONNECTIONS, duration_s: DURATION, runs }, md);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
