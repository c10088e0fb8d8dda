import type { TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { appWithFakeStripeForSuite, FakeStripe } from '../helpers/fake-stripe';
import { deliveriesOf, orderRow, pendingOrder } from '../helpers/order-fixtures';

const SECRET_KEY = 'sk_test_orders_suite';

describe('orders: paying through the payment provider (real SDK, fake Stripe server)', () => {
  let app: TestApp;
  let fake: FakeStripe;
  let user: TestUser;
  const http = () => app.http();
  const pay = (u: TestUser, uuid: string, body: object = {}) =>
    http().post(`/api/orders/${uuid}/pay/`).set(u.auth).send(body);
  const sessionPosts = () => fake.requestsTo('POST', '/v1/checkout/sessions');

  appWithFakeStripeForSuite(
    {
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_STRIPE_SECRET_KEY: SECRET_KEY,
      SERVICE_STRIPE_WEBHOOK_SECRET: 'whsec_orders_suite',
      SERVICE_PUBLIC_URL: 'https://cards.example.test',
      SERVICE_ALLOWED_REDIRECT_ORIGINS: 'https://shop.example.test',
    },
    async (booted) => {
      ({ app, fake } = booted);
      user = await createUser(app.strapi);
    },
  );
  beforeEach(() => fake.reset());

  it('opens a Checkout Session with one line per item, the order reference, an idempotency key and the given URLs', async () => {
    const order = await pendingOrder(app.strapi, http, user, [{}, { delivery_method: 'post', gift_wrap: true }]);
    const res = await pay(user, order.uuid, {
      success_url: 'https://shop.example.test/ok',
      cancel_url: 'https://shop.example.test/back',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      checkout_url: expect.stringContaining(fake.url),
      session_id: expect.stringMatching(/^cs_test_/),
    });
    const [req] = sessionPosts();
    expect(sessionPosts()).toHaveLength(1);
    expect(req.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(req.idempotencyKey).toBe(`gc-order-${order.uuid}-after-none`);
    expect(req.params).toMatchObject({
      mode: 'payment',
      client_reference_id: order.uuid,
      metadata: { order_uuid: order.uuid },
      payment_intent_data: { metadata: { order_uuid: order.uuid } },
      customer_email: user.email,
      success_url: 'https://shop.example.test/ok',
      cancel_url: 'https://shop.example.test/back',
    });
    expect(req.params.line_items).toEqual([
      {
        quantity: '1',
        price_data: {
          currency: 'gbp',
          unit_amount: '299',
          product_data: { name: 'Happy birthday (E-card)', description: 'For Ada Lovelace' },
        },
      },
      {
        quantity: '1',
        price_data: {
          currency: 'gbp',
          unit_amount: '598',
          product_data: { name: 'Happy birthday (Posted card)', description: 'For Ada Lovelace; gift wrap' },
        },
      },
    ]);
    const row = await orderRow(app.strapi, order.uuid);
    expect(row).toMatchObject({
      status: 'pending_payment',
      provider_session_id: res.body.session_id,
      payment_provider: 'stripe',
    });
    expect(await deliveriesOf(app.strapi, order.uuid)).toHaveLength(0);
  });

  it('fills the URL settings with the order uuid and makes them absolute with the public URL', async () => {
    const order = await pendingOrder(app.strapi, http, user);
    expect((await pay(user, order.uuid)).status).toBe(200);
    expect(sessionPosts()[0].params).toMatchObject({
      success_url: `https://cards.example.test/orders/${order.uuid}/`,
      cancel_url: 'https://cards.example.test/cart/',
    });
  });

  it('reuses an open session, shares one session between racing clicks, and opens a new one after expiry', async () => {
    const order = await pendingOrder(app.strapi, http, user);
    const racing = await Promise.all([pay(user, order.uuid), pay(user, order.uuid)]);
    expect(racing.map((r) => r.status)).toEqual([200, 200]);
    expect(racing[0].body.session_id).toBe(racing[1].body.session_id);
    expect(fake.sessions.size).toBe(1);
    // A racing click that reads the order after the other stored its session looks that session up
    // (one GET); one that read it before shares the session through the idempotency key (no GET).
    const lookups = () => fake.requestsTo('GET', `/v1/checkout/sessions/${racing[0].body.session_id}`).length;
    const lookupsWhileRacing = lookups();
    expect(lookupsWhileRacing).toBeLessThanOrEqual(1);
    const again = await pay(user, order.uuid);
    expect(again.body.session_id).toBe(racing[0].body.session_id);
    expect(lookups()).toBe(lookupsWhileRacing + 1);
    expect(fake.sessions.size).toBe(1);

    fake.expireSession(racing[0].body.session_id);
    const fresh = await pay(user, order.uuid);
    expect(fresh.body.session_id).not.toBe(racing[0].body.session_id);
    expect(sessionPosts().at(-1)!.idempotencyKey).toBe(`gc-order-${order.uuid}-after-${racing[0].body.session_id}`);
    expect((await orderRow(app.strapi, order.uuid)).provider_session_id).toBe(fresh.body.session_id);
  });

  it('spreads a discount over the lines (each at its refundable share) so the session charges exactly the order total', async () => {
    const u = await createUser(app.strapi);
    const order = await pendingOrder(app.strapi, http, u, [{ delivery_method: 'post' }, {}], 'FIRSTCARD');
    expect(order.total_pence).toBe(399);
    await pay(u, order.uuid);
    const amounts = sessionPosts()[0].params.line_items.map((l: { price_data: { unit_amount: unknown } }) =>
      Number(l.price_data.unit_amount),
    );
    // 399 paid for a 399 posted card and a 299 e-card: 228.08 and 170.92, the spare penny to the larger remainder.
    expect(amounts).toEqual([228, 171]);
    expect(amounts.reduce((a: number, b: number) => a + b, 0)).toBe(399);
  });

  it('completes a zero-total order without calling the provider', async () => {
    const u = await createUser(app.strapi);
    const order = await pendingOrder(app.strapi, http, u, [{}], 'FIRSTCARD');
    const res = await pay(u, order.uuid);
    expect(res.body.status).toBe('paid');
    expect(fake.requests).toHaveLength(0);
  });

  it('expires the open session when a pending order is cancelled', async () => {
    const order = await pendingOrder(app.strapi, http, user);
    const session = (await pay(user, order.uuid)).body.session_id;
    const res = await http().post(`/api/orders/${order.uuid}/cancel/`).set(user.auth);
    expect(res.body.status).toBe('cancelled');
    expect(fake.requestsTo('POST', `/v1/checkout/sessions/${session}/expire`)).toHaveLength(1);
    expect(fake.sessions.get(session)!.status).toBe('expired');
  });

  it('answers 503 when the provider refuses, and the order stays pending', async () => {
    const order = await pendingOrder(app.strapi, http, user);
    fake.failNext(400, 'Invalid currency', 'invalid_request_error');
    const res = await pay(user, order.uuid);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ detail: 'The payment provider could not be reached. Please try again.' });
    expect(await orderRow(app.strapi, order.uuid)).toMatchObject({
      status: 'pending_payment',
      provider_session_id: null,
    });
  });
});
