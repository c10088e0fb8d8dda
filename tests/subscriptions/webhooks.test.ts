import type { TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { appWithFakeStripeForSuite, FakeStripe } from '../helpers/fake-stripe';
import { buildEvent, postWebhook, signEvent } from '../helpers/stripe-webhook';
import { createPlan, stripeSubscription, subscriptionRow } from '../helpers/subscriptions';

const WEBHOOK_SECRET = 'whsec_subscription_events';
const now = () => Math.floor(Date.now() / 1000);

describe('subscription webhooks keep status, period end and cancellation in sync', () => {
  let app: TestApp;
  let fake: FakeStripe;
  const http = () => app.http();
  const mine = async (u: TestUser) => (await http().get('/api/me/subscription/').set(u.auth).expect(200)).body;
  /** Posts a signed event; `created` (seconds) defaults to now. */
  async function send(type: string, object: Record<string, unknown>, created?: number) {
    const event = buildEvent(type, object);
    if (created !== undefined) event.created = created;
    const res = await postWebhook(http, signEvent(event, WEBHOOK_SECRET));
    expect(res.status).toBe(200);
    return res.body;
  }

  appWithFakeStripeForSuite(
    {
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_STRIPE_SECRET_KEY: 'sk_test_subscription_events',
      SERVICE_STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
    async (booted) => {
      ({ app, fake } = booted);
      await createPlan(app.strapi, { slug: 'monthly', name: 'Monthly', provider_price_id: 'price_monthly' });
      await createPlan(app.strapi, {
        slug: 'plain',
        name: 'Plain',
        provider_price_id: 'price_plain',
        grants_premium: false,
      });
    },
  );

  it('checkout.session.completed (subscription mode) links the provider subscription to the user', async () => {
    const user = await createUser(app.strapi);
    const started = await http()
      .post('/api/subscriptions/checkout/')
      .set(user.auth)
      .send({ plan_slug: 'monthly' })
      .expect(200);
    const session = fake.completeSubscriptionSession(started.body.session_id);
    const body = await send('checkout.session.completed', session);
    expect(body).toEqual({ received: true, result: 'subscription active' });
    expect(fake.requestsTo('GET', `/v1/subscriptions/${session.subscription}`)).toHaveLength(1);
    const row = await subscriptionRow(app.strapi, session.subscription);
    expect(row).toMatchObject({
      provider: 'stripe',
      status: 'active',
      user: { id: user.id },
      plan: { slug: 'monthly' },
      provider_customer_id: session.customer,
    });
    const status = await mine(user);
    expect(status).toMatchObject({
      active: true,
      has_premium: true,
      subscription: { status: 'active', plan: { slug: 'monthly' }, provider: 'stripe' },
    });
    expect(new Date(status.subscription.current_period_end).getTime()).toBe(
      fake.subscriptions.get(session.subscription)!.items.data[0].current_period_end * 1000,
    );
    // An order-shaped reading of the same event does nothing to orders.
    expect(await app.strapi.db.query('plugin::greeting-cards.order').count()).toBe(0);
  });

  it('created, updated (cancel at period end), invoice.payment_failed and deleted each show in /api/me/subscription/', async () => {
    const user = await createUser(app.strapi);
    const metadata = { user_id: String(user.id), plan_slug: 'monthly' };
    const base = stripeSubscription({ price: 'price_monthly', metadata, status: 'incomplete' });
    const t = now() - 100;

    expect(await send('customer.subscription.created', base, t)).toMatchObject({ result: 'subscription incomplete' });
    expect(await mine(user)).toMatchObject({
      active: false,
      has_premium: false,
      subscription: { status: 'incomplete' },
    });

    await send('customer.subscription.updated', { ...base, status: 'active' }, t + 10);
    expect(await mine(user)).toMatchObject({
      active: true,
      has_premium: true,
      subscription: { status: 'active', cancel_at_period_end: false },
    });

    await send('customer.subscription.updated', { ...base, status: 'active', cancel_at_period_end: true }, t + 20);
    expect(await mine(user)).toMatchObject({
      active: true,
      has_premium: true,
      subscription: { cancel_at_period_end: true },
    });

    expect(
      await send(
        'invoice.payment_failed',
        {
          id: 'in_1',
          object: 'invoice',
          parent: { type: 'subscription_details', subscription_details: { subscription: base.id } },
        },
        t + 30,
      ),
    ).toMatchObject({ result: 'subscription past_due' });
    expect(await mine(user)).toMatchObject({ active: false, has_premium: false, subscription: { status: 'past_due' } });

    await send('customer.subscription.updated', { ...base, status: 'active', cancel_at_period_end: true }, t + 40);
    expect(await mine(user)).toMatchObject({ has_premium: true });

    const canceledAt = t + 50;
    await send('customer.subscription.deleted', { ...base, status: 'canceled', canceled_at: canceledAt }, canceledAt);
    const ended = await mine(user);
    expect(ended).toMatchObject({ active: false, has_premium: false, subscription: { status: 'canceled' } });
    expect(new Date(ended.subscription.canceled_at).getTime()).toBe(canceledAt * 1000);
  });

  it('ignores events that arrive out of order: a deleted subscription is never resurrected', async () => {
    const user = await createUser(app.strapi);
    const base = stripeSubscription({ price: 'price_monthly', metadata: { user_id: String(user.id) } });
    const t = now() - 100;
    await send('customer.subscription.deleted', { ...base, status: 'canceled' }, t + 30);
    expect(await send('customer.subscription.updated', { ...base, status: 'active' }, t + 20)).toMatchObject({
      result: 'ignored: out of date',
    });
    expect(await send('customer.subscription.created', { ...base, status: 'active' }, t + 10)).toMatchObject({
      result: 'ignored: out of date',
    });
    // Even a later-stamped non-final event cannot bring it back.
    expect(await send('customer.subscription.updated', { ...base, status: 'active' }, t + 40)).toMatchObject({
      result: 'ignored: out of date',
    });
    expect(
      await send('invoice.payment_failed', { id: 'in_2', object: 'invoice', subscription: base.id }, t + 50),
    ).toMatchObject({ result: 'ignored: out of date' });
    expect(await mine(user)).toMatchObject({ active: false, has_premium: false, subscription: { status: 'canceled' } });

    const other = stripeSubscription({ price: 'price_monthly', metadata: { user_id: String(user.id) } });
    await send('customer.subscription.updated', { ...other, status: 'active', cancel_at_period_end: true }, t + 20);
    expect(await send('customer.subscription.created', { ...other, status: 'incomplete' }, t + 10)).toMatchObject({
      result: 'ignored: out of date',
    });
    expect(await subscriptionRow(app.strapi, other.id)).toMatchObject({ status: 'active', cancel_at_period_end: true });
  });

  it('has_premium is false once the period end has passed, and for a plan that does not grant premium', async () => {
    const user = await createUser(app.strapi);
    const lapsed = stripeSubscription({
      price: 'price_monthly',
      metadata: { user_id: String(user.id) },
      periodEnd: now() - 60,
    });
    await send('customer.subscription.updated', lapsed);
    expect(await mine(user)).toMatchObject({ active: false, has_premium: false, subscription: { status: 'active' } });

    const plain = await createUser(app.strapi);
    await send(
      'customer.subscription.created',
      stripeSubscription({ price: 'price_plain', metadata: { user_id: String(plain.id) } }),
    );
    expect(await mine(plain)).toMatchObject({
      active: true,
      has_premium: false,
      subscription: { plan: { slug: 'plain', grants_premium: false } },
    });
  });

  it('finds the user through the billing profile when the subscription carries no metadata; unknown users are ignored', async () => {
    const user = await createUser(app.strapi);
    await http().post('/api/subscriptions/checkout/').set(user.auth).send({ plan_slug: 'monthly' }).expect(200);
    const customer = [...fake.customers.values()].find((c) => c.metadata.user_id === String(user.id))!;
    const sub = stripeSubscription({ price: 'price_monthly', customer: customer.id });
    await send('customer.subscription.created', sub);
    expect(await subscriptionRow(app.strapi, sub.id)).toMatchObject({
      user: { id: user.id },
      plan: { slug: 'monthly' },
    });

    const stray = stripeSubscription({ price: 'price_monthly', customer: 'cus_nobody' });
    expect(await send('customer.subscription.created', stray)).toMatchObject({ result: 'ignored: unknown user' });
    expect(await subscriptionRow(app.strapi, stray.id)).toBeNull();
  });

  it('reads the older API shape too (period on the subscription, invoice.subscription)', async () => {
    const user = await createUser(app.strapi);
    const end = now() + 86400;
    const sub = {
      id: 'sub_legacy_shape',
      object: 'subscription',
      customer: 'cus_legacy',
      status: 'trialing',
      current_period_start: now(),
      current_period_end: end,
      cancel_at_period_end: false,
      metadata: { user_id: String(user.id) },
      items: { data: [{ price: { id: 'price_monthly' } }] },
    };
    await send('customer.subscription.created', sub);
    const status = await mine(user);
    expect(status).toMatchObject({ active: true, has_premium: true, subscription: { status: 'trialing' } });
    expect(new Date(status.subscription.current_period_end).getTime()).toBe(end * 1000);
  });

  it('rejects unsigned subscription events and changes nothing', async () => {
    const user = await createUser(app.strapi);
    const sub = stripeSubscription({ price: 'price_monthly', metadata: { user_id: String(user.id) } });
    const res = await postWebhook(http, {
      payload: JSON.stringify(buildEvent('customer.subscription.created', sub)),
      signature: null,
    });
    expect(res.status).toBe(400);
    expect(await subscriptionRow(app.strapi, sub.id)).toBeNull();
  });
});
