import crypto from 'crypto';
import { appWithFakeStripeForSuite, type FakeStripe } from '../helpers/fake-stripe';
import type { TestApp } from '../helpers/strapi';
import { createUser, type TestUser } from '../helpers/users';
import { createAdmin } from '../helpers/admin';
import { createPlan, stripeSubscription, SUBSCRIPTION } from '../helpers/subscriptions';

// Issue 42 item 5, the parts left: deleting an account cancels its live subscriptions at the payment
// provider (the fake Stripe, tests/helpers/fake-stripe.ts), exactly once even when a run stops
// halfway; and an operator finds the account by e-mail address in the admin and deletes it there,
// with the accounts.delete action and not without.

const PASSWORD = 'correct-horse-battery';
const USER = 'plugin::users-permissions.user';
const ACCOUNTS_DELETE = 'plugin::greeting-cards.accounts.delete';

describe('account deletion: subscriptions and the admin', () => {
  let app: TestApp;
  let fake: FakeStripe;
  let planId: number;
  const http = () => app.http();
  const q = (uid: string) => app.strapi.db.query(uid as never);

  appWithFakeStripeForSuite(
    {
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_RENDERER: 'memory',
      SERVICE_STRIPE_SECRET_KEY: 'sk_test_account_deletion',
      SERVICE_STRIPE_WEBHOOK_SECRET: 'whsec_account_deletion',
    },
    async (booted) => {
      ({ app, fake } = booted);
      planId = (await createPlan(app.strapi, { slug: 'monthly', provider_price_id: 'price_monthly' })).id;
    },
  );

  /** A subscription at the fake Stripe and its row, as a completed checkout and its webhook leave them. */
  async function subscribe(user: TestUser, status = 'active') {
    const sub = stripeSubscription({ price: 'price_monthly', status, metadata: { user_id: String(user.id) } });
    fake.subscriptions.set(sub.id, sub);
    await q(SUBSCRIPTION).create({
      data: {
        user: user.id,
        plan: planId,
        provider: 'stripe',
        provider_subscription_id: sub.id,
        provider_customer_id: sub.customer,
        status,
        current_period_end: new Date(Date.now() + 30 * 86400_000),
      },
    });
    return sub.id;
  }

  const cancelsOf = (id: string) => fake.requestsTo('DELETE', `/v1/subscriptions/${id}`);
  const rowOf = (id: string) => q(SUBSCRIPTION).findOne({ where: { provider_subscription_id: id } });
  const deleteOwn = (user: TestUser) =>
    http().delete('/api/me/account/').set(user.auth).set('X-Current-Password', PASSWORD);

  it('cancels a live subscription at the provider when the account is deleted, and keeps the row', async () => {
    const user = await createUser(app.strapi);
    const live = await subscribe(user);
    const ended = await subscribe(user, 'canceled');
    const res = await deleteOwn(user);
    expect([res.status, res.body.status]).toEqual([200, 'done']);
    expect(cancelsOf(live)).toHaveLength(1);
    expect(fake.subscriptions.get(live)!.status).toBe('canceled');
    // An ended one is not asked for again.
    expect(cancelsOf(ended)).toHaveLength(0);
    const row = await rowOf(live);
    expect(row).toMatchObject({ status: 'canceled', cancel_at_period_end: false });
    expect(row.canceled_at).toBeTruthy();
    expect(await q(USER).count({ where: { id: user.id } })).toBe(0);
  });

  it('finishes after the provider failed, cancelling once; a subscription already ended there is not cancelled again', async () => {
    const user = await createUser(app.strapi);
    const live = await subscribe(user);
    // Stripe answers 500 to the look-up and its one retry: the deletion stops at that step.
    fake.failNext(500, 'Stripe is down', 'api_error', 2);
    const failed = await deleteOwn(user);
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(fake.subscriptions.get(live)!.status).toBe('active');
    expect(await q(USER).count({ where: { id: user.id } })).toBe(1);

    // The operator (or the resume job) runs what is left.
    const operator = await createAdmin(app.strapi, http, [ACCOUNTS_DELETE]);
    const done = await http().post(`/greeting-cards/admin/accounts/${user.id}/delete`).set(operator.auth);
    expect([done.status, done.body.status]).toEqual([200, 'done']);
    expect(cancelsOf(live)).toHaveLength(1);
    expect((await rowOf(live)).status).toBe('canceled');

    // A run that cancelled at Stripe and stopped before saving: the next run only records it.
    const other = await createUser(app.strapi);
    const halfway = await subscribe(other);
    fake.subscriptions.get(halfway)!.status = 'canceled';
    expect((await deleteOwn(other)).status).toBe(200);
    expect(cancelsOf(halfway)).toHaveLength(0);
    expect((await rowOf(halfway)).status).toBe('canceled');
  });

  it('lets an operator with accounts.delete find a shopper by e-mail address; others get 403', async () => {
    const user = await createUser(app.strapi, {
      email: `find.me.${crypto.randomBytes(3).toString('hex')}@example.test`,
    });
    await subscribe(user);
    const without = await createAdmin(app.strapi, http, ['plugin::greeting-cards.orders.read']);
    expect((await http().get('/greeting-cards/admin/accounts').query({ q: user.email }).set(without.auth)).status).toBe(
      403,
    );
    expect((await http().get('/greeting-cards/admin/accounts').query({ q: user.email })).status).toBe(401);

    const operator = await createAdmin(app.strapi, http, [ACCOUNTS_DELETE]);
    const found = await http()
      .get('/greeting-cards/admin/accounts')
      .query({ q: `  ${user.email.toUpperCase()} ` })
      .set(operator.auth);
    expect(found.status).toBe(200);
    expect(found.body.results).toEqual([
      expect.objectContaining({
        id: user.id,
        email: user.email.toLowerCase(),
        provider: 'local',
        confirmed: true,
        blocked: false,
        orders: 0,
        live_subscriptions: 1,
        deletion: null,
      }),
    ]);
    // Exact matches only: a part of an address finds nobody.
    const partial = await http().get('/greeting-cards/admin/accounts').query({ q: 'example.test' }).set(operator.auth);
    expect(partial.body.results).toEqual([]);
  });
});
