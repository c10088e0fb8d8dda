import type { TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { appWithFakeStripeForSuite, FakeStripe } from '../helpers/fake-stripe';
import { buildEvent, postWebhook, signEvent } from '../helpers/stripe-webhook';
import { createPromo, deliveriesOf, orderRow, pendingOrder } from '../helpers/order-fixtures';

const WEBHOOK_SECRET = 'whsec_payment_integrity';
const ISSUE = 'plugin::greeting-cards.payment-issue';

// Issue 9, items 1-3 with a real provider flow: the webhook pays only the session the order started,
// pay never opens a second session for a completed one, late payments are recorded for a refund, and
// an expired checkout gives its promo use back.
describe('security: payment integrity', () => {
  let app: TestApp;
  let fake: FakeStripe;
  let user: TestUser;
  const http = () => app.http();
  const send = (event: ReturnType<typeof buildEvent>) => postWebhook(http, signEvent(event, WEBHOOK_SECRET));
  const issuesOf = (orderUuid: string) => app.strapi.db.query(ISSUE).findMany({ where: { order_uuid: orderUuid } });
  const pay = (u: TestUser, uuid: string) => http().post(`/api/orders/${uuid}/pay/`).set(u.auth).send({});

  async function openedOrder(u = user, promo?: string) {
    const order = await pendingOrder(app.strapi, http, u, [{}], promo);
    const res = await pay(u, order.uuid);
    expect(res.status).toBe(200);
    return { order, sessionId: res.body.session_id as string };
  }

  appWithFakeStripeForSuite(
    {
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_STRIPE_SECRET_KEY: 'sk_test_payment_integrity',
      SERVICE_STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      SERVICE_RENDERER: 'memory',
    },
    async (booted) => {
      ({ app, fake } = booted);
      user = await createUser(app.strapi);
      await createPromo(app.strapi, { code: 'SOLO', kind: 'fixed', amount_pence: 50, max_uses_total: 1 });
    },
  );

  it('does not pay for a session the order did not start, and records it', async () => {
    const { order, sessionId } = await openedOrder();
    const real = fake.completeSession(sessionId);
    const other = { ...real, id: 'cs_test_from_elsewhere', payment_intent: 'pi_elsewhere' };
    const res = await send(buildEvent('checkout.session.completed', other));
    expect(res.status).toBe(200);
    expect((await orderRow(app.strapi, order.uuid)).status).toBe('pending_payment');
    expect(await deliveriesOf(app.strapi, order.uuid)).toHaveLength(0);
    expect(await issuesOf(order.uuid)).toEqual([
      expect.objectContaining({
        kind: 'session_mismatch',
        provider_session_id: 'cs_test_from_elsewhere',
        provider_payment_id: 'pi_elsewhere',
      }),
    ]);
  });

  it('does not pay when the amount or the currency differs from the order', async () => {
    for (const change of [{ amount_total: 1 }, { currency: 'usd' }]) {
      const { order, sessionId } = await openedOrder();
      const session = { ...fake.completeSession(sessionId), ...change };
      await send(buildEvent('checkout.session.completed', session));
      expect((await orderRow(app.strapi, order.uuid)).status).toBe('pending_payment');
      expect(await issuesOf(order.uuid)).toEqual([expect.objectContaining({ kind: 'amount_mismatch' })]);
    }
    // The session it started, for its amount, still pays.
    const { order, sessionId } = await openedOrder();
    expect((await send(buildEvent('checkout.session.completed', fake.completeSession(sessionId)))).body.result).toBe(
      'paid',
    );
    expect(await issuesOf(order.uuid)).toEqual([]);
  });

  it('never opens a second session for an order whose session is already complete', async () => {
    const { order, sessionId } = await openedOrder();
    fake.completeSession(sessionId);
    const before = fake.requestsTo('POST', '/v1/checkout/sessions').length;
    const again = await pay(user, order.uuid);
    expect(again.status).toBe(409);
    expect(again.body.detail).toEqual(expect.any(String));
    expect(again.body.checkout_url).toBeUndefined();
    expect(fake.requestsTo('POST', '/v1/checkout/sessions')).toHaveLength(before);
  });

  it('records a payment that arrives for a cancelled or already paid order as needing a refund', async () => {
    const { order, sessionId } = await openedOrder();
    const session = fake.completeSession(sessionId);
    expect((await http().post(`/api/orders/${order.uuid}/cancel/`).set(user.auth).send({})).status).toBe(200);
    expect((await send(buildEvent('checkout.session.completed', session))).status).toBe(200);
    expect((await orderRow(app.strapi, order.uuid)).status).toBe('cancelled');
    expect(await issuesOf(order.uuid)).toEqual([
      expect.objectContaining({
        kind: 'needs_refund',
        provider_payment_id: session.payment_intent,
        amount_pence: order.total_pence,
      }),
    ]);

    const paid = await openedOrder();
    const first = fake.completeSession(paid.sessionId);
    await send(buildEvent('checkout.session.completed', first));
    // A second charge for the same order (another session of it) is money to give back.
    const second = { ...first, payment_intent: 'pi_second_charge' };
    await send(buildEvent('checkout.session.async_payment_succeeded', second));
    expect((await orderRow(app.strapi, paid.order.uuid)).provider_payment_id).toBe(first.payment_intent);
    expect(await issuesOf(paid.order.uuid)).toEqual([
      expect.objectContaining({ kind: 'needs_refund', provider_payment_id: 'pi_second_charge' }),
    ]);
  });

  it('an expired checkout gives its promo use back; paying again needs a use left', async () => {
    const u = await createUser(app.strapi);
    const { order, sessionId } = await openedOrder(u, 'SOLO');
    const other = await createUser(app.strapi);
    await expect(pendingOrder(app.strapi, http, other, [{}], 'SOLO')).rejects.toThrow(
      'This promo code has been used up.',
    );
    await send(buildEvent('checkout.session.expired', fake.expireSession(sessionId)));
    expect((await pendingOrder(app.strapi, http, other, [{}], 'SOLO')).promo_code).toBe('SOLO');
    const retry = await pay(u, order.uuid);
    expect(retry.status).toBe(400);
    expect(retry.body).toEqual({ promo_code: ['This promo code has been used up.'] });
  });
});
