#!/usr/bin/env node
// Checkout path benchmark: 50 shoppers at once, each ROUNDS x (add an e-card to the cart -> checkout
// -> demo pay), against a production instance on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL;
// SQLite when neither is set, and the result says so), e-mail to an SMTP sink on loopback, the
// delivery job running as in production. Reports p50/p99 per step and orders per second.
// `npm run bench:checkout` builds first; results go to bench/results/.
'use strict';
const { databaseKinds, startApp, startSmtpSink } = require('./lib/app');
const { markdownTable, saveResults, ms } = require('./lib/results');

const SHOPPERS = Number(process.env.BENCH_SHOPPERS || 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const TARGET_P99_MS = 250;
const STEPS = ['add_to_cart', 'checkout', 'pay'];

function percentile(samples, q) {
  const s = [...samples].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] : NaN;
}

async function timed(samples, errors, step, fn) {
  const start = process.hrtime.bigint();
  const res = await fn();
  samples[step].push(Number(process.hrtime.bigint() - start) / 1e6);
  const text = await res.text();
  if (res.status !== 200 && res.status !== 201) {
    errors.push(`${step}: ${res.status} ${text.slice(0, 200)}`);
    return null;
  }
  return JSON.parse(text);
}

async function shopper(app, s, samples, errors) {
  const headers = { Authorization: `Bearer ${s.token}`, 'Content-Type': 'application/json' };
  const post = (path, body) => fetch(`${app.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  let orders = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const cart = await timed(samples, errors, 'add_to_cart', () => post('/api/orders/add_to_cart/', { card_id: s.cards[round % s.cards.length], recipient_id: s.recipient, delivery_method: 'ecard', ...(process.env.BENCH_SCHEDULED ? { scheduled_for: new Date(Date.now() + 86400_000).toISOString() } : {}) }));
    if (!cart) return orders;
    const checkedOut = await timed(samples, errors, 'checkout', () => post(`/api/orders/${cart.uuid}/checkout/`, {}));
    if (!checkedOut) return orders;
    const paid = await timed(samples, errors, 'pay', () => post(`/api/orders/${cart.uuid}/pay/`, { success_url: `${app.url}/orders/${cart.uuid}/`, cancel_url: `${app.url}/cart/` }));
    if (!paid) return orders;
    if (paid.status !== 'paid') errors.push(`pay: order ${cart.uuid} is ${paid.status}`);
    else orders += 1;
  }
  return orders;
}

async function main() {
  const kind = databaseKinds().includes('postgres') ? 'postgres' : 'sqlite';
  const smtp = await startSmtpSink();
  // The write limits stay on (their store is part of the cost); only the per-IP budget is raised,
  // because every simulated shopper comes from 127.0.0.1.
  const app = await startApp({
    kind,
    name: 'checkout',
    seed: { templates: 500, birthday: 489, shoppers: SHOPPERS, cardsPerShopper: ROUNDS },
    env: { ...smtp.env, SERVICE_RATE_LIMIT_WRITES_PER_IP: '100000', SERVICE_RATE_LIMIT_WRITES_PER_USER: '1000', ...(process.env.DATABASE_POOL_MAX ? { DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX } : {}) },
  });
  const samples = Object.fromEntries(STEPS.map((s) => [s, []]));
  const errors = [];
  let orders = 0;
  let seconds = 0;
  let drainSeconds = null;
  try {
    console.log(`${kind}: ${SHOPPERS} shoppers x ${ROUNDS} rounds of add_to_cart -> checkout -> demo pay`);
    const start = process.hrtime.bigint();
    const done = await Promise.all(app.seed.shoppers.map((s) => shopper(app, s, samples, errors)));
    seconds = Number(process.hrtime.bigint() - start) / 1e9;
    orders = done.reduce((a, b) => a + b, 0);
    // The e-cards go out in the background; wait (bounded) for them so the next run starts quiet.
    const until = Date.now() + 120_000;
    while (smtp.received() < orders && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
    drainSeconds = Number(process.hrtime.bigint() - start) / 1e9;
  } finally {
    await app.stop();
    await smtp.stop();
  }
  const steps = Object.fromEntries(STEPS.map((s) => [s, { n: samples[s].length, p50_ms: percentile(samples[s], 0.5), p99_ms: percentile(samples[s], 0.99), max_ms: Math.max(...samples[s]) }]));
  const met = errors.length === 0 && STEPS.every((s) => steps[s].p99_ms < TARGET_P99_MS);
  const names = { sqlite: 'SQLite', postgres: 'PostgreSQL' };
  const md = [
    `Checkout path on ${names[kind]}, production build: ${SHOPPERS} shoppers at once, each ${ROUNDS} x (add_to_cart -> checkout -> demo pay of one e-card), SMTP sink on loopback: ${orders} orders in ${seconds.toFixed(1)} s (${(orders / seconds).toFixed(1)} orders/s), ${errors.length} errors; all ${smtp.received()} e-cards at the SMTP server ${drainSeconds.toFixed(1)} s after the start.`,
    '',
    markdownTable(['Step', 'p50', 'p99', 'max'], STEPS.map((s) => [s, ms(steps[s].p50_ms), ms(steps[s].p99_ms), ms(steps[s].max_ms)])),
    '',
    `Target p99 < ${TARGET_P99_MS} ms per step with no errors: ${met ? 'met' : 'NOT met'}.`,
    ...(errors.length ? ['', 'First errors:', ...errors.slice(0, 5).map((e) => `- ${e}`)] : []),
  ].join('\n');
  saveResults('checkout', { kind, shoppers: SHOPPERS, rounds: ROUNDS, orders, seconds, orders_per_s: orders / seconds, emails_received: smtp.received(), drain_seconds: drainSeconds, steps, errors: errors.length, first_errors: errors.slice(0, 20), target_met: met }, md);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
