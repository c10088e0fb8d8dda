import type { TestApp } from '../helpers/strapi';
import { createUser, type TestUser } from '../helpers/users';
import { appWithFakeStripeForSuite, type FakeStripe } from '../helpers/fake-stripe';
import { buildEvent, postWebhook, signEvent } from '../helpers/stripe-webhook';
import { deliveriesOf, orderRow, pendingOrder } from '../helpers/order-fixtures';

// A buyer cancels a posted card paid through Stripe (the fake Stripe server, the real SDK): its price,
// and only its price, goes back through POST /v1/refunds with an idempotency key, once.

const WEBHOOK_SECRET = 'whsec_posted_refunds_suite';

describe('cancelling a posted card paid through Stripe refunds its price once', () => {
  let app: TestApp;
  let fake: FakeStripe;
  let user: TestUser;
  const http = () => app.http();

  appWithFakeStripeForSuite(
    {
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_STRIPE_SECRET_KEY: 'sk_test_posted_refunds',
      SERVICE_STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      SERVICE_RENDERER: 'memory',
    },
    async (booted) => {
      ({ app, fake } = booted);
      user = await createUser(app.strapi);
    },
  );

  /** An e-card now and a posted card next week, paid on the hosted page; the posted card waits (scheduled). */
  async function paidOrder() {
    const nextWeek = new Date(Date.now() + 7 * 86400_000).toISOString();
    const order = await pendingOrder(app.strapi, http, user, [
      {},
      { delivery_method: 'post', scheduled_for: nextWeek },
    ]);
    const pay = await http().post(`/api/orders/${order.uuid}/pay/`).set(user.auth).send({});
    expect(pay.status).toBe(200);
    const session = fake.completeSession(pay.body.session_id);
    expect(
      (await postWebhook(http, signEvent(buildEvent('checkout.session.completed', session), WEBHOOK_SECRET))).body,
    ).toMatchObject({ result: 'paid' });
    const posted = (await deliveriesOf(app.strapi, order.uuid)).find(
      (d: { order_item: { delivery_method: string } }) => d.order_item.delivery_method === 'post',
    );
    const item = order.items.find((i: { delivery_method: string }) => i.delivery_method === 'post');
    return { order, session, posted, price: item.line_total_pence as number };
  }

  it("refunds the posted card's line total through Stripe; the order stays paid for the rest; a repeat refunds nothing more", async () => {
    const { order, session, posted, price } = await paidOrder();
    expect(posted.status).toBe('scheduled');
    expect(price).toBeGreaterThan(0);
    expect(price).toBeLessThan(order.total_pence);

    const res = await http().post(`/api/deliveries/${posted.id}/cancel/`).set(user.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: posted.id,
      status: 'cancelled',
      refund: { amount_pence: price, currency: 'GBP', status: 'succeeded' },
    });
    const calls = fake.requestsTo('POST', '/v1/refunds');
    expect(calls).toHaveLength(1);
    expect(calls[0].params).toMatchObject({ payment_intent: session.payment_intent, amount: String(price) });
    expect(calls[0].idempotencyKey).toBe(`gc-refund-delivery-${posted.id}`);
    const [made] = [...fake.refunds.values()].filter((r) => r.payment_intent === session.payment_intent);
    expect(made.amount).toBe(price);
    const row = await app.strapi.db
      .query('plugin::greeting-cards.refund')
      .findOne({ where: { delivery_id: posted.id } });
    expect(row).toMatchObject({
      provider: 'stripe',
      status: 'succeeded',
      provider_refund_id: made.id,
      amount_pence: price,
    });
    // Part of the money only: the order is still paid (its e-card went out).
    expect((await orderRow(app.strapi, order.uuid)).status).not.toBe('refunded');

    const again = await http().post(`/api/deliveries/${posted.id}/cancel/`).set(user.auth);
    expect(again.status).toBe(200);
    expect(again.body.refund).toEqual(res.body.refund);
    expect(fake.requestsTo('POST', '/v1/refunds')).toHaveLength(1);
  });

  it('a refund call that fails at Stripe is retried with the same key: one refund at Stripe', async () => {
    const { session, posted, price } = await paidOrder();
    const before = fake.requestsTo('POST', '/v1/refunds').length;
    // Stripe answers 500 once; the SDK retries the same request with the same Idempotency-Key.
    fake.failNext(500, 'Stripe is having a moment');
    const res = await http().post(`/api/deliveries/${posted.id}/cancel/`).set(user.auth);
    expect(res.status).toBe(200);
    expect(res.body.refund).toEqual({ amount_pence: price, currency: 'GBP', status: 'succeeded' });
    const calls = fake.requestsTo('POST', '/v1/refunds').slice(before);
    expect(calls.length).toBeGreaterThanOrEqual(2);
    expect(new Set(calls.map((c) => c.idempotencyKey))).toEqual(new Set([`gc-refund-delivery-${posted.id}`]));
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === session.payment_intent)).toHaveLength(1);
  });

  it('a refund Stripe keeps failing is left pending, and the dispatch job finishes it later with the same key: one refund', async () => {
    const { session, posted, price } = await paidOrder();
    // Both the request and the SDK's own retry fail.
    fake.failNext(500, 'Stripe is down', 'api_error', 2);
    const res = await http().post(`/api/deliveries/${posted.id}/cancel/`).set(user.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', refund: { amount_pence: price, status: 'pending' } });
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === session.payment_intent)).toHaveLength(0);

    await app.strapi.plugin('greeting-cards').service('fulfilment').runDue(new Date());
    const row = await app.strapi.db
      .query('plugin::greeting-cards.refund')
      .findOne({ where: { delivery_id: posted.id } });
    expect(row).toMatchObject({ status: 'succeeded', amount_pence: price });
    const made = [...fake.refunds.values()].filter((r) => r.payment_intent === session.payment_intent);
    expect(made).toHaveLength(1);
    expect(row.provider_refund_id).toBe(made[0].id);
    const keys = new Set(
      fake
        .requestsTo('POST', '/v1/refunds')
        .filter((c) => c.params.payment_intent === session.payment_intent)
        .map((c) => c.idempotencyKey),
    );
    expect(keys).toEqual(new Set([`gc-refund-delivery-${posted.id}`]));
    // Nothing left to do: the next run asks Stripe nothing more.
    const calls = fake.requestsTo('POST', '/v1/refunds').length;
    await app.strapi.plugin('greeting-cards').service('fulfilment').runDue(new Date());
    expect(fake.requestsTo('POST', '/v1/refunds')).toHaveLength(calls);
  });
});
