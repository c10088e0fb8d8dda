#!/usr/bin/env node
// Where an order's CPU goes, step by step (issue 46, item 2). bench/checkout.js measures an order as a
// whole, under load, its e-card's sending included; here each step runs for every shopper in turn, one
// request at a time, and the CPU that the server and the database's backends spent over the step is
// divided by its requests. Beside them, on the same instance: Strapi's bare `/_health`; a plugin API
// request refused by its validation (add_to_cart with an empty body: the plugin's request path, signed
// in, with no work behind it); and an unknown path under /api. The e-cards are scheduled for tomorrow, so
// no sending runs during the steps; the buyers' confirmations do (the worker's sweep), as in a shop.
// `BENCH_DATABASE_URL=... node bench/order-steps.js` (PostgreSQL; SQLite without it); ROUNDS (4) x 50
// shoppers a step. BENCH_CPU_PROF=<dir> writes the server's profile, with each step's windows printed for
// `node bench/profile-summary.js <profile> --from A --to B`.
'use strict';
const { databaseKinds, startApp, startSmtpSink } = require('./lib/app');
const { markdownTable, saveResults } = require('./lib/results');
const { cpuMeter } = require('./lib/cpu');

const SHOPPERS = Number(process.env.BENCH_SHOPPERS || 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 4);
const BARE_PER_ROUND = 4;

async function main() {
  const kind = databaseKinds().includes('postgres') ? 'postgres' : 'sqlite';
  const smtp = await startSmtpSink();
  const app = await startApp({
    kind,
    name: 'order_steps',
    seed: { templates: 50, birthday: 40, shoppers: SHOPPERS, cardsPerShopper: ROUNDS, largeOrder: 0 },
    env: { ...smtp.env, SERVICE_RATE_LIMIT_WRITES_PER_IP: '100000', SERVICE_RATE_LIMIT_WRITES_PER_USER: '1000' },
  });
  /** @type {Record<string, { server_ms: number, system_ms: number, database_ms: number, requests: number, windows: Array<[bigint, bigint]> }>} */
  const steps = {};
  const shoppers = app.seed.shoppers;
  const request = async (s, path, body, expected) => {
    const res = await fetch(`${app.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { Authorization: `Bearer ${s.token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status !== expected) throw new Error(`${path}: ${res.status}, expected ${expected}: ${text.slice(0, 200)}`);
    return text ? JSON.parse(text) : null;
  };
  // step(name, perShopper, fn): fn for every shopper in turn, one request (or perShopper) at a time.
  const step = async (name, perShopper, fn) => {
    const meter = cpuMeter({ pids: app.pids.map((p) => p.pid), database: app.database });
    const from = process.hrtime.bigint() / 1000n;
    meter.start();
    for (const s of shoppers) await fn(s);
    const cpu = meter.stop();
    const entry = (steps[name] ??= { server_ms: 0, system_ms: 0, database_ms: 0, requests: 0, windows: [] });
    entry.server_ms += cpu.app_ms;
    entry.system_ms += cpu.app_system_ms;
    entry.database_ms += cpu.database_ms;
    entry.requests += shoppers.length * perShopper;
    entry.windows.push([from, process.hrtime.bigint() / 1000n]);
  };
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      const carts = new Map();
      const tomorrow = new Date(Date.now() + 86400_000).toISOString();
      await step('add_to_cart', 1, async (s) => {
        const body = { card_id: s.cards[round % s.cards.length], recipient_id: s.recipient, delivery_method: 'ecard' };
        carts.set(s, await request(s, '/api/orders/add_to_cart/', { ...body, scheduled_for: tomorrow }, 200));
      });
      await step('checkout', 1, (s) => request(s, `/api/orders/${carts.get(s).uuid}/checkout/`, {}, 200));
      await step('pay', 1, (s) =>
        request(
          s,
          `/api/orders/${carts.get(s).uuid}/pay/`,
          { success_url: `${app.url}/orders/${carts.get(s).uuid}/`, cancel_url: `${app.url}/cart/` },
          200,
        ),
      );
      await step('add_to_cart refused (empty body)', 1, (s) => request(s, '/api/orders/add_to_cart/', '{}', 400));
      await step('unknown /api path', 1, (s) => request(s, '/api/nothing-here/', undefined, 404));
      await step('bare /_health', BARE_PER_ROUND, async () => {
        for (let i = 0; i < BARE_PER_ROUND; i += 1) {
          const res = await fetch(`${app.url}/_health`);
          await res.arrayBuffer();
          if (res.status !== 204) throw new Error(`/_health: ${res.status}`);
        }
      });
    }
  } finally {
    await app.stop();
    await smtp.stop();
  }
  const bare = steps['bare /_health'];
  const bareMs = (bare.server_ms + bare.database_ms) / bare.requests;
  const names = { sqlite: 'SQLite', postgres: 'PostgreSQL' };
  const rows = Object.entries(steps).map(([name, s]) => [
    name,
    String(s.requests),
    (s.server_ms / s.requests).toFixed(2),
    (s.system_ms / s.requests).toFixed(2),
    (s.database_ms / s.requests).toFixed(2),
    ((s.server_ms + s.database_ms) / s.requests / bareMs).toFixed(1),
  ]);
  const md = [
    `CPU a request, one request at a time, on ${names[kind]} (production build, one instance): ${SHOPPERS} shoppers x ${ROUNDS} rounds a step.`,
    '',
    markdownTable(
      ['Step', 'Requests', 'Server CPU ms', "of it the kernel's", 'Database CPU ms', 'In bare requests'],
      rows,
    ),
  ].join('\n');
  if (process.env.BENCH_CPU_PROF) {
    for (const [name, s] of Object.entries(steps))
      console.log(`profile windows, ${name}: ${s.windows.map(([a, b]) => `--from ${a} --to ${b}`).join('; ')}`);
  }
  saveResults(
    `order-steps-${kind}`,
    {
      kind,
      shoppers: SHOPPERS,
      rounds: ROUNDS,
      steps: Object.fromEntries(
        Object.entries(steps).map(([name, s]) => [
          name,
          {
            requests: s.requests,
            server_cpu_ms: s.server_ms / s.requests,
            server_system_ms: s.system_ms / s.requests,
            database_cpu_ms: s.database_ms / s.requests,
          },
        ]),
      ),
    },
    md,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
