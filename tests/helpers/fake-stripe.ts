import http from 'http';
import crypto from 'crypto';
import type { AddressInfo } from 'net';
import { startApp, type TestApp } from './strapi';

// A small Stripe-compatible HTTP server on 127.0.0.1 for integration tests. The real `stripe` SDK is
// pointed at it (SERVICE_STRIPE_API_BASE=fake.url). It speaks Stripe's form encoding, honours
// Idempotency-Key (same key, same response), returns Stripe-shaped errors, and records every request.

export interface RecordedRequest {
  method: string;
  path: string;
  params: Record<string, any>;
  idempotencyKey: string | null;
  authorization: string | null;
}

export interface FakeStripe {
  url: string;
  requests: RecordedRequest[];
  sessions: Map<string, Record<string, any>>;
  customers: Map<string, Record<string, any>>;
  subscriptions: Map<string, Record<string, any>>;
  /** Refunds made (POST /v1/refunds), by id. */
  refunds: Map<string, Record<string, any>>;
  /** Tax rates (POST /v1/tax_rates), by id. Account objects: reset() keeps them, as it keeps prices. */
  taxRates: Map<string, Record<string, any>>;
  /**
   * A Price as an operator makes it in the dashboard: a session line naming it is then charged its
   * amount (with any exclusive tax rates of the line added), as Stripe charges it.
   */
  definePrice(id: string, unitAmount: number, currency?: string): void;
  /** Requests to one path (e.g. '/v1/checkout/sessions'), in order. */
  requestsTo(method: string, path: string): RecordedRequest[];
  /** Marks a session completed and paid, as if the buyer paid on the hosted page; returns it. */
  completeSession(id: string, paymentIntent?: string): Record<string, any>;
  /**
   * Completes a subscription-mode session: creates an active subscription for its customer and price
   * (metadata from subscription_data), links it to the session, and returns the session.
   */
  completeSubscriptionSession(id: string): Record<string, any>;
  expireSession(id: string): Record<string, any>;
  /** The next request (any path), or the next `times`, answer this Stripe error instead, e.g. failNext(500, 'boom'). */
  failNext(status: number, message: string, type?: string, times?: number): void;
  reset(): void;
  close(): Promise<void>;
}

/** Decodes Stripe's form encoding (a[b][0][c]=1) into nested objects and arrays. */
/** The rate the fake's Stripe Tax applies (a UK consumer), in basis points. */
export const FAKE_TAX_RATE_BP = 2000;

export function decodeForm(body: string): Record<string, any> {
  const root: Record<string, any> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: any = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = node[part] ??= {};
    });
  }
  const arrays = (v: any): any => {
    if (!v || typeof v !== 'object') return v;
    const keys = Object.keys(v);
    const out: any = {};
    for (const k of keys) out[k] = arrays(v[k]);
    return keys.length && keys.every((k) => /^\d+$/.test(k)) ? keys.sort((a, b) => +a - +b).map((k) => out[k]) : out;
  };
  return arrays(root);
}

const rid = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('hex')}`;

class StripeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param?: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

const need = (cond: unknown, message: string, param?: string) => {
  if (!cond) throw new StripeError(400, message, param, 'parameter_missing');
};

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, Record<string, any>>();
  const customers = new Map<string, Record<string, any>>();
  const subscriptions = new Map<string, Record<string, any>>();
  const refunds = new Map<string, Record<string, any>>();
  const taxRates = new Map<string, Record<string, any>>();
  const prices = new Map<string, { unit_amount: number; currency: string }>();
  const replays = new Map<string, { status: number; body: unknown }>();
  let url = '';
  let injected: { status: number; message: string; type: string; times: number } | null = null;

  function createSession(p: Record<string, any>) {
    need(p.mode, 'Missing required param: mode.', 'mode');
    need(['payment', 'subscription', 'setup'].includes(p.mode), `Invalid mode: ${p.mode}`, 'mode');
    need(p.success_url, 'Missing required param: success_url.', 'success_url');
    const lines: any[] = p.line_items ?? [];
    need(p.mode === 'setup' || lines.length > 0, 'Missing required param: line_items.', 'line_items');
    let total = 0;
    // Stripe Tax (automatic_tax[enabled]=true): every price needs a tax behaviour (or an account default,
    // which this fake account has not), and Checkout computes the tax per line for the buyer's location:
    // here always a UK buyer at 20 %, rounded per line. Inclusive prices keep amount_total; exclusive ones
    // add the tax to it. total_details.amount_tax says how much of amount_total is tax.
    const automaticTax = p.automatic_tax?.enabled === 'true';
    let tax = 0;
    let currency: string | null = null;
    lines.forEach((line, n) => {
      need(line.quantity && /^\d+$/.test(line.quantity), 'Invalid integer: quantity', `line_items[${n}][quantity]`);
      // Manual tax rates (line_items[n][tax_rates]): each must exist and be active; an exclusive one adds
      // its percentage of the line, rounded, to the total, and the tax is reported in total_details.
      const lineRates: Array<Record<string, any>> = (line.tax_rates ?? []).map((id: string) => {
        const rate = taxRates.get(id);
        need(rate, `No such tax rate: '${id}'`, `line_items[${n}][tax_rates]`);
        need(rate!.active, `Tax rate ${id} is archived and cannot be used.`, `line_items[${n}][tax_rates]`);
        return rate!;
      });
      const addRates = (amount: number) => {
        for (const rate of lineRates) {
          const added = Math.round((amount * rate.percentage) / 100);
          tax += added;
          if (!rate.inclusive) total += added;
        }
      };
      if (line.price) {
        const price = prices.get(line.price);
        if (price) {
          const amount = price.unit_amount * Number(line.quantity);
          total += amount;
          currency ??= price.currency;
          addRates(amount);
        }
        return;
      }
      const pd = line.price_data;
      need(pd, 'You must specify either `price` or `price_data`.', `line_items[${n}]`);
      need(pd.currency, 'Missing required param: currency.', `line_items[${n}][price_data][currency]`);
      need(
        /^\d+$/.test(pd.unit_amount ?? ''),
        'Invalid integer: unit_amount',
        `line_items[${n}][price_data][unit_amount]`,
      );
      need(
        pd.product_data?.name || pd.product,
        'Missing required param: product_data[name].',
        `line_items[${n}][price_data][product_data][name]`,
      );
      const amount = Number(pd.unit_amount) * Number(line.quantity);
      total += amount;
      addRates(amount);
      if (automaticTax) {
        need(
          ['inclusive', 'exclusive'].includes(pd.tax_behavior),
          'Stripe Tax needs a tax_behavior on every price, or a default tax behavior in the tax settings.',
          `line_items[${n}][price_data][tax_behavior]`,
        );
        tax +=
          pd.tax_behavior === 'inclusive'
            ? Math.round((amount * FAKE_TAX_RATE_BP) / (10000 + FAKE_TAX_RATE_BP))
            : Math.round((amount * FAKE_TAX_RATE_BP) / 10000);
        if (pd.tax_behavior === 'exclusive') total += Math.round((amount * FAKE_TAX_RATE_BP) / 10000);
      }
    });
    if (p.customer) need(customers.has(p.customer), `No such customer: '${p.customer}'`, 'customer');
    const id = `cs_test_${crypto.randomBytes(16).toString('hex')}`;
    const session = {
      id,
      object: 'checkout.session',
      mode: p.mode,
      status: 'open',
      payment_status: 'unpaid',
      url: `${url}/pay/${id}`,
      client_reference_id: p.client_reference_id ?? null,
      metadata: p.metadata ?? {},
      success_url: p.success_url,
      cancel_url: p.cancel_url ?? null,
      customer: p.customer ?? null,
      customer_email: p.customer_email ?? null,
      currency: lines[0]?.price_data?.currency ?? currency,
      amount_total: total,
      automatic_tax: {
        enabled: automaticTax,
        status: automaticTax ? 'complete' : null,
        provider: null,
        liability: null,
      },
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: tax },
      payment_intent: null,
      subscription: null,
      line_items: lines,
      subscription_data: p.subscription_data ?? null,
    };
    sessions.set(id, session);
    return session;
  }

  function route(method: string, path: string, p: Record<string, any>): unknown {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(p);
    if ((m = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path))) {
      const session = sessions.get(m[1]);
      if (!session) throw new StripeError(404, `No such checkout.session: '${m[1]}'`, 'id', 'resource_missing');
      if (method === 'GET' && !m[2]) return session;
      if (method === 'POST' && m[2]) return Object.assign(session, { status: 'expired', url: null });
    }
    if (method === 'GET' && (m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const sub = subscriptions.get(m[1]);
      if (!sub) throw new StripeError(404, `No such subscription: '${m[1]}'`, 'id', 'resource_missing');
      return sub;
    }
    // Cancelling now (DELETE): Stripe refuses a subscription that is already canceled.
    if (method === 'DELETE' && (m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const sub = subscriptions.get(m[1]);
      if (!sub) throw new StripeError(404, `No such subscription: '${m[1]}'`, 'id', 'resource_missing');
      if (sub.status === 'canceled')
        throw new StripeError(400, `A canceled subscription can only update its cancellation_details and metadata.`);
      const now = Math.floor(Date.now() / 1000);
      return Object.assign(sub, { status: 'canceled', canceled_at: now, ended_at: now, cancel_at_period_end: false });
    }
    if (method === 'POST' && path === '/v1/refunds') {
      need(p.payment_intent || p.charge, 'Missing required param: payment_intent.', 'payment_intent');
      const paid = [...sessions.values()].find(
        (s) => s.payment_intent && s.payment_intent === p.payment_intent && s.payment_status === 'paid',
      );
      if (!paid)
        throw new StripeError(
          404,
          `No such payment_intent: '${p.payment_intent}'`,
          'payment_intent',
          'resource_missing',
        );
      const already = [...refunds.values()]
        .filter((r) => r.payment_intent === p.payment_intent)
        .reduce((sum, r) => sum + r.amount, 0);
      const amount = p.amount === undefined ? paid.amount_total - already : Number(p.amount);
      need(Number.isInteger(amount) && amount > 0, 'Invalid positive integer', 'amount');
      if (amount > paid.amount_total - already) {
        throw new StripeError(
          400,
          `Refund amount (${amount}) is greater than unrefunded amount on charge (${paid.amount_total - already})`,
          'amount',
          'amount_too_large',
        );
      }
      const refund = {
        id: rid('re'),
        object: 'refund',
        amount,
        currency: paid.currency,
        payment_intent: p.payment_intent,
        status: 'succeeded',
        metadata: p.metadata ?? {},
      };
      refunds.set(refund.id, refund);
      return refund;
    }
    if (method === 'POST' && path === '/v1/tax_rates') {
      need(p.display_name, 'Missing required param: display_name.', 'display_name');
      need(p.inclusive === 'true' || p.inclusive === 'false', 'Missing required param: inclusive.', 'inclusive');
      need(/^\d+(\.\d{1,4})?$/.test(p.percentage ?? ''), 'Invalid decimal: percentage', 'percentage');
      const rate = {
        id: rid('txr'),
        object: 'tax_rate',
        active: true,
        display_name: p.display_name,
        percentage: Number(p.percentage),
        inclusive: p.inclusive === 'true',
        country: p.country ?? null,
        tax_type: p.tax_type ?? null,
        description: p.description ?? null,
        metadata: p.metadata ?? {},
      };
      taxRates.set(rate.id, rate);
      return rate;
    }
    if (method === 'GET' && path === '/v1/tax_rates') {
      const flag = (v: unknown) => (v === undefined ? undefined : v === 'true');
      const data = [...taxRates.values()]
        .reverse()
        .filter((r) => flag(p.active) === undefined || r.active === flag(p.active))
        .filter((r) => flag(p.inclusive) === undefined || r.inclusive === flag(p.inclusive));
      return { object: 'list', url: '/v1/tax_rates', has_more: false, data };
    }
    if (method === 'POST' && (m = /^\/v1\/tax_rates\/([^/]+)$/.exec(path))) {
      const rate = taxRates.get(m[1]);
      if (!rate) throw new StripeError(404, `No such tax rate: '${m[1]}'`, 'id', 'resource_missing');
      if (p.active !== undefined) rate.active = p.active === 'true';
      return rate;
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: rid('cus'),
        object: 'customer',
        email: p.email ?? null,
        name: p.name ?? null,
        metadata: p.metadata ?? {},
      };
      customers.set(customer.id, customer);
      return customer;
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      need(p.customer, 'Missing required param: customer.', 'customer');
      need(customers.has(p.customer), `No such customer: '${p.customer}'`, 'customer');
      const id = rid('bps');
      return {
        id,
        object: 'billing_portal.session',
        customer: p.customer,
        return_url: p.return_url ?? null,
        url: `${url}/portal/${id}`,
      };
    }
    throw new StripeError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const target = new URL(req.url ?? '/', 'http://fake');
      const params = req.method === 'GET' ? decodeForm(target.search.slice(1)) : decodeForm(body);
      const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
      const authorization = (req.headers.authorization as string | undefined) ?? null;
      requests.push({ method: req.method ?? '', path: target.pathname, params, idempotencyKey, authorization });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': rid('req') });
        res.end(JSON.stringify(payload));
      };
      const replayKey = idempotencyKey && req.method === 'POST' ? `${target.pathname}|${idempotencyKey}` : null;
      if (replayKey && replays.has(replayKey)) {
        const r = replays.get(replayKey)!;
        res.setHeader('idempotent-replayed', 'true');
        return send(r.status, r.body);
      }
      let status = 200;
      let payload: unknown;
      if (injected) {
        const failure = injected;
        injected = failure.times > 1 ? { ...failure, times: failure.times - 1 } : null;
        return send(failure.status, { error: { type: failure.type, message: failure.message } });
      }
      if (!/^Bearer sk_(test|live)_\w+$/.test(authorization ?? '')) {
        status = 401;
        payload = { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } };
      } else {
        try {
          payload = route(req.method ?? '', target.pathname, params);
        } catch (error) {
          const e = error as StripeError;
          status = e.status ?? 500;
          payload = { error: { type: 'invalid_request_error', message: e.message, param: e.param, code: e.code } };
        }
      }
      if (replayKey) replays.set(replayKey, { status, body: payload });
      send(status, payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const existing = (id: string) => {
    const s = sessions.get(id);
    if (!s) throw new Error(`fake stripe: no session ${id}`);
    return s;
  };
  return {
    url,
    requests,
    sessions,
    customers,
    subscriptions,
    refunds,
    taxRates,
    definePrice(id, unitAmount, currency = 'gbp') {
      prices.set(id, { unit_amount: unitAmount, currency });
    },
    requestsTo: (method, path) => requests.filter((r) => r.method === method && r.path === path),
    completeSession(id, paymentIntent = rid('pi')) {
      return Object.assign(existing(id), {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: paymentIntent,
        url: null,
      });
    },
    completeSubscriptionSession(id) {
      const session = existing(id);
      if (session.mode !== 'subscription') throw new Error(`fake stripe: session ${id} is not a subscription session`);
      const now = Math.floor(Date.now() / 1000);
      const sub = {
        id: rid('sub'),
        object: 'subscription',
        customer: session.customer,
        status: 'active',
        created: now,
        cancel_at_period_end: false,
        canceled_at: null,
        metadata: session.subscription_data?.metadata ?? {},
        items: {
          object: 'list',
          data: [
            {
              id: rid('si'),
              price: { id: session.line_items[0].price },
              // Stripe keeps a session line's tax rates on the subscription item: every renewal adds them.
              tax_rates: (session.line_items[0].tax_rates ?? []).map((id: string) => taxRates.get(id)),
              current_period_start: now,
              current_period_end: now + 30 * 86400,
            },
          ],
        },
      };
      subscriptions.set(sub.id, sub);
      return Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: sub.id, url: null });
    },
    expireSession: (id) => Object.assign(existing(id), { status: 'expired', url: null }),
    failNext(status, message, type = 'api_error', times = 1) {
      injected = { status, message, type, times };
    },
    reset() {
      injected = null;
      requests.length = 0;
      sessions.clear();
      customers.clear();
      subscriptions.clear();
      refunds.clear();
      replays.clear();
    },
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

/**
 * Boots the fake Stripe server and a Strapi pointed at it (SERVICE_STRIPE_API_BASE), the set-up the
 * provider-mode suites share. Stop both with stopAppAndFakeStripe in afterAll.
 */
export async function startAppWithFakeStripe(
  env: Record<string, string | undefined>,
): Promise<{ app: TestApp; fake: FakeStripe }> {
  const fake = await startFakeStripe();
  try {
    return { app: await startApp({ ...env, SERVICE_STRIPE_API_BASE: fake.url }), fake };
  } catch (error) {
    await fake.close();
    throw error;
  }
}

export async function stopAppAndFakeStripe(app: TestApp | undefined, fake: FakeStripe | undefined): Promise<void> {
  await app?.stop();
  await fake?.close();
}

/** appForSuite with the fake Stripe server: boots both for the describe block and stops both after it. */
export function appWithFakeStripeForSuite(
  env: Record<string, string | undefined>,
  ready: (booted: { app: TestApp; fake: FakeStripe }) => Promise<void> | void,
): void {
  let booted: { app: TestApp; fake: FakeStripe } | undefined;
  beforeAll(async () => {
    booted = await startAppWithFakeStripe(env);
    await ready(booted);
  });
  afterAll(async () => {
    await stopAppAndFakeStripe(booted?.app, booted?.fake);
  });
}
