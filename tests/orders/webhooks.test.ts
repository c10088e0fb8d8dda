import { appForSuite, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { appWithFakeStripeForSuite, FakeStripe } from '../helpers/fake-stripe';
import { buildEvent, postWebhook, sessionCompleted, signEvent } from '../helpers/stripe-webhook';
import { deliveriesOf, observeFulfilmentStarts, orderRow, pendingOrder } from '../helpers/order-fixtures';

const WEBHOOK_SECRET = 'whsec_webhooks_suite';

describe('payments webhook: signatures, idempotency, order events', () => {
  let app: TestApp;
  let starts: ReturnType<typeof observeFulfilmentStarts>;
  let fake: FakeStripe;
  let user: TestUser;
  const http = () => app.http();
  const events = () => app.strapi.db.query('plugin::greeting-cards.payment-event');
  const send = (event: ReturnType<typeof buildEvent>, secret = WEBHOOK_SECRET, timestamp?: number) =>
    postWebhook(http, signEvent(event, secret, timestamp));

  /** A pending order with a hosted session open at the fake provider. */
  async function openedOrder(items: Array<Record<string, unknown>> = [{}]) {
    const order = await pendingOrder(app.strapi, http, user, items);
    const res = await http().post(`/api/orders/${order.uuid}/pay/`).set(user.auth).send({});
    expect(res.status).toBe(200);
    return { order, session: fake.completeSession(res.body.session_id) };
  }

  appWithFakeStripeForSuite(
    {
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_STRIPE_SECRET_KEY: 'sk_test_webhooks_suite',
      SERVICE_STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      // Fulfilment really sends after payment: the browser-free renderer keeps that quick.
      SERVICE_RENDERER: 'memory',
    },
    async (booted) => {
      ({ app, fake } = booted);
      user = await createUser(app.strapi);
      starts = observeFulfilmentStarts(app.strapi);
    },
  );

  it('pays the order on a validly signed checkout.session.completed, once', async () => {
    const { order, session } = await openedOrder([{}, { delivery_method: 'post' }]);
    const event = buildEvent('checkout.session.completed', session);
    const res = await send(event);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ received: true, result: 'paid' });
    const row = await orderRow(app.strapi, order.uuid);
    expect(starts.of(row.id)).toBe(1);
    expect(row).toMatchObject({
      status: 'paid',
      provider_payment_id: session.payment_intent,
      provider_session_id: session.id,
    });
    expect(await deliveriesOf(app.strapi, order.uuid)).toHaveLength(2);
    const recorded = await events().findOne({ where: { event_id: event.id } });
    expect(recorded).toMatchObject({ provider: 'stripe', type: 'checkout.session.completed' });
    expect(recorded.processed_at).toBeTruthy();

    const repeat = await send(event);
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual({ received: true, duplicate: true });
    expect(await starts.ofUuid(order.uuid)).toBe(1);
    expect(await deliveriesOf(app.strapi, order.uuid)).toHaveLength(2);
  });

  it('rejects forged, expired, unsigned and tampered events with 400 and changes nothing', async () => {
    const { order, session } = await openedOrder();
    const event = buildEvent('checkout.session.completed', session);
    const forged = await send(event, 'whsec_somebody_else');
    const expired = await send(event, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600);
    const unsigned = await postWebhook(http, { payload: JSON.stringify(event), signature: null });
    const signed = signEvent(event, WEBHOOK_SECRET);
    const tampered = await postWebhook(http, {
      payload: signed.payload.replace('"paid"', '"paid" '),
      signature: signed.signature,
    });
    for (const res of [forged, expired, unsigned, tampered]) {
      expect(res.status).toBe(400);
      expect(res.body.detail).toEqual(expect.any(String));
    }
    expect(unsigned.body.detail).toBe('Missing Stripe-Signature header.');
    expect(await events().count({ where: { event_id: event.id } })).toBe(0);
    expect(await orderRow(app.strapi, order.uuid)).toMatchObject({ status: 'pending_payment' });
    expect(await starts.ofUuid(order.uuid)).toBe(0);
  });

  it('handles two deliveries of the same event at once: paid once, deliveries created once', async () => {
    const { order, session } = await openedOrder([{}, {}]);
    const signed = signEvent(buildEvent('checkout.session.completed', session), WEBHOOK_SECRET);
    const results = await Promise.all([
      postWebhook(http, signed),
      postWebhook(http, signed),
      postWebhook(http, signed),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.filter((r) => r.body.result === 'paid')).toHaveLength(1);
    expect(await deliveriesOf(app.strapi, order.uuid)).toHaveLength(2);
    expect(await starts.ofUuid(order.uuid)).toBe(1);
    expect(await events().count({ where: { event_id: signed.event.id } })).toBe(1);
  });

  it('completes once when different events for the same payment race (completed and async succeeded)', async () => {
    const { order, session } = await openedOrder([{}, {}, {}]);
    const a = buildEvent('checkout.session.completed', session);
    const b = buildEvent('checkout.session.async_payment_succeeded', session);
    const results = await Promise.all([send(a), send(b)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results.map((r) => r.body.result).sort()).toEqual(['already handled', 'paid']);
    expect(await deliveriesOf(app.strapi, order.uuid)).toHaveLength(3);
    expect(await starts.ofUuid(order.uuid)).toBe(1);
  });

  it('waits for async payment when a completed session is not paid yet, and keeps the order on failure or expiry', async () => {
    const { order, session } = await openedOrder();
    const unpaid = await send(buildEvent('checkout.session.completed', { ...session, payment_status: 'unpaid' }));
    expect(unpaid.body.result).toBe('ignored: not paid yet');
    expect((await send(buildEvent('checkout.session.async_payment_failed', session))).body.result).toBe('failed');
    expect((await send(buildEvent('checkout.session.expired', session))).body.result).toBe('expired');
    expect(await orderRow(app.strapi, order.uuid)).toMatchObject({ status: 'pending_payment' });
    expect(await starts.ofUuid(order.uuid)).toBe(0);
    expect((await send(buildEvent('checkout.session.async_payment_succeeded', session))).body.result).toBe('paid');
    expect((await orderRow(app.strapi, order.uuid)).status).toBe('paid');
  });

  it('refunds a paid order on a full charge.refunded and cancels its unsent deliveries', async () => {
    const { order, session } = await openedOrder([
      {},
      { scheduled_for: new Date(Date.now() + 86400_000).toISOString() },
    ]);
    await send(buildEvent('checkout.session.completed', session));
    // The due e-card goes out at once (startOrder, in the background); the scheduled one is still unsent.
    await (app.strapi.plugin('greeting-cards').service('fulfilment') as any).drain();
    const partial = await send(
      buildEvent('charge.refunded', {
        id: 'ch_1',
        object: 'charge',
        payment_intent: session.payment_intent,
        refunded: false,
      }),
    );
    expect(partial.body.result).toBe('partial refund ignored');
    expect((await orderRow(app.strapi, order.uuid)).status).toBe('paid');
    const full = await send(
      buildEvent('charge.refunded', {
        id: 'ch_1',
        object: 'charge',
        payment_intent: session.payment_intent,
        refunded: true,
      }),
    );
    expect(full.body.result).toBe('refunded');
    const row = await orderRow(app.strapi, order.uuid);
    expect(row.status).toBe('refunded');
    expect(row.refunded_at).toBeTruthy();
    const statuses = (await deliveriesOf(app.strapi, order.uuid)).map((d: any) => d.status).sort();
    expect(statuses).toEqual(['cancelled', 'sent']);
    // A refunded order cannot be paid again by a late event.
    expect((await send(buildEvent('checkout.session.async_payment_succeeded', session))).body.result).toBe(
      'already handled',
    );
    expect((await orderRow(app.strapi, order.uuid)).status).toBe('refunded');
  });

  it("forgets the event when processing fails, so the provider's retry is processed", async () => {
    const { order, session } = await openedOrder();
    const signed = signEvent(buildEvent('checkout.session.completed', session), WEBHOOK_SECRET);
    const knex = app.strapi.db.connection;
    // A real failure inside payment completion: the deliveries table is briefly unavailable.
    await knex.raw('ALTER TABLE gc_deliveries RENAME TO gc_deliveries_away');
    let failed;
    try {
      failed = await postWebhook(http, signed);
    } finally {
      await knex.raw('ALTER TABLE gc_deliveries_away RENAME TO gc_deliveries');
    }
    expect(failed.status).toBe(500);
    expect(await events().count({ where: { event_id: signed.event.id } })).toBe(0);
    expect(await orderRow(app.strapi, order.uuid)).toMatchObject({ status: 'pending_payment' });
    expect(await starts.ofUuid(order.uuid)).toBe(0);
    const retry = await postWebhook(http, signed);
    expect(retry.body).toMatchObject({ received: true, result: 'paid' });
    expect(await deliveriesOf(app.strapi, order.uuid)).toHaveLength(1);
  });

  it('answers 200 to subscription and unknown events and records them', async () => {
    for (const type of [
      'customer.subscription.updated',
      'customer.subscription.deleted',
      'invoice.payment_failed',
      'customer.created',
    ]) {
      const event = buildEvent(type, { id: 'sub_123', object: 'subscription' });
      const res = await send(event);
      expect(res.status).toBe(200);
      expect(res.body.received).toBe(true);
      expect(await events().count({ where: { event_id: event.id } })).toBe(1);
    }
    const subCheckout = await send(
      buildEvent('checkout.session.completed', { id: 'cs_sub', mode: 'subscription', payment_status: 'paid' }),
    );
    // Routed to the subscriptions hook (not to orders), which ignores a session naming no user.
    expect(subCheckout.body.result).toBe('ignored: no user or subscription');
    const unknownOrder = await send(sessionCompleted('00000000-0000-4000-8000-000000000000'));
    expect(unknownOrder.body.result).toBe('unknown order');
  });
});

describe('payments webhook without a webhook secret', () => {
  let app: TestApp;
  appForSuite({ SERVICE_SEED_SAMPLE_DATA: 'false', SERVICE_STRIPE_WEBHOOK_SECRET: '' }, (booted) => {
    app = booted;
  });

  it('refuses every event with 400 and records nothing', async () => {
    const user = await createUser(app.strapi);
    const order = await pendingOrder(app.strapi, () => app.http(), user);
    const res = await postWebhook(() => app.http(), signEvent(sessionCompleted(order.uuid), 'whsec_anything'));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: 'The webhook secret is not configured.' });
    expect(await app.strapi.db.query('plugin::greeting-cards.payment-event').count()).toBe(0);
    expect((await orderRow(app.strapi, order.uuid)).status).toBe('pending_payment');
  });
});
