import type { TestApp } from '../helpers/strapi';
import { createUser } from '../helpers/users';
import { appWithFakeStripeForSuite, FakeStripe } from '../helpers/fake-stripe';
import { buildEvent, postWebhook, signEvent } from '../helpers/stripe-webhook';
import { BILLING_PROFILE, createPlan, stripeSubscription, subscriptionRow } from '../helpers/subscriptions';

const ACCOUNT = 'api::billing-account.billing-account';
const WEBHOOK_SECRET = 'whsec_billing_model';

// The host's api::billing-account.billing-account replaces the built-in billing profile, found by its
// `user` field. Only the customer id and e-mail are mapped: the type has no `name` field.
describe('billing profile in a host model with a user field', () => {
  let app: TestApp;
  let fake: FakeStripe;
  const accounts = () => app.strapi.db.query(ACCOUNT);
  const checkout = (auth: Record<string, string>) =>
    app.http().post('/api/subscriptions/checkout/').set(auth).send({ plan_slug: 'monthly' });
  const accountsOf = (userId: number) => accounts().findMany({ where: { user: { id: userId } } });

  appWithFakeStripeForSuite(
    {
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_STRIPE_SECRET_KEY: 'sk_test_billing_model',
      SERVICE_STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      SERVICE_BILLING_PROFILE_MODEL: ACCOUNT,
      SERVICE_BILLING_PROFILE_USER_FIELD: 'user',
      SERVICE_BILLING_FIELD_MAP: JSON.stringify({ stripe_customer_id: 'customer_ref', email: 'billing_email' }),
    },
    async (booted) => {
      ({ app, fake } = booted);
      await createPlan(app.strapi, { slug: 'monthly', provider_price_id: 'price_monthly' });
    },
  );
  beforeEach(() => fake.reset());

  it("creates the user's row with the e-mail, stores the customer in the mapped field and reuses it", async () => {
    const user = await createUser(app.strapi);
    await checkout(user.auth).expect(200);
    await checkout(user.auth).expect(200);
    expect(fake.customers.size).toBe(1);
    const customerId = [...fake.customers.keys()][0];
    const rows = await accountsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ customer_ref: customerId, billing_email: user.email, billing_name: null });
    expect(fake.requestsTo('POST', '/v1/checkout/sessions').map((r) => r.params.customer)).toEqual([
      customerId,
      customerId,
    ]);
    expect(await app.strapi.db.query(BILLING_PROFILE).count()).toBe(0);
  });

  it("uses an existing row's billing e-mail for a new customer", async () => {
    const user = await createUser(app.strapi);
    await accounts().create({ data: { user: user.id, billing_email: 'billing@firm.example.test' } });
    await checkout(user.auth).expect(200);
    expect(fake.requestsTo('POST', '/v1/customers')[0].params).toMatchObject({ email: 'billing@firm.example.test' });
    expect(await accountsOf(user.id)).toEqual([
      expect.objectContaining({ customer_ref: [...fake.customers.keys()][0] }),
    ]);
  });

  it('racing first checkouts leave one row and one customer', async () => {
    const user = await createUser(app.strapi);
    const results = await Promise.all([checkout(user.auth), checkout(user.auth), checkout(user.auth)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(fake.customers.size).toBe(1);
    expect(await accountsOf(user.id)).toEqual([
      expect.objectContaining({ customer_ref: [...fake.customers.keys()][0] }),
    ]);
  });

  it("maps a subscription event to the user through the row's customer id", async () => {
    const user = await createUser(app.strapi);
    await checkout(user.auth).expect(200);
    const [row] = await accountsOf(user.id);
    const sub = stripeSubscription({ price: 'price_monthly', customer: row.customer_ref });
    const signed = signEvent(buildEvent('customer.subscription.created', sub), WEBHOOK_SECRET);
    expect((await postWebhook(() => app.http(), signed)).body).toMatchObject({ result: 'subscription active' });
    expect(await subscriptionRow(app.strapi, sub.id)).toMatchObject({ user: { id: user.id } });
  });
});
