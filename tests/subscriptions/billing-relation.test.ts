import type { TestApp } from '../helpers/strapi';
import { createUser } from '../helpers/users';
import { appWithFakeStripeForSuite, FakeStripe } from '../helpers/fake-stripe';
import { buildEvent, postWebhook, signEvent } from '../helpers/stripe-webhook';
import { BILLING_PROFILE, createPlan, stripeSubscription, subscriptionRow } from '../helpers/subscriptions';

const ACCOUNT = 'api::billing-account.billing-account';
const WEBHOOK_SECRET = 'whsec_billing_relation';

// The host's users have a `billing_account` relation to api::billing-account.billing-account (see
// src/extensions and src/api); these settings make the plugin keep the customer there.
describe('billing profile through a relation on the user and a field map', () => {
  let app: TestApp;
  let fake: FakeStripe;
  const accounts = () => app.strapi.db.query(ACCOUNT);
  const checkout = (auth: Record<string, string>) =>
    app.http().post('/api/subscriptions/checkout/').set(auth).send({ plan_slug: 'monthly' });
  const accountOf = async (userId: number) =>
    (
      await app.strapi.db
        .query('plugin::users-permissions.user')
        .findOne({ where: { id: userId }, populate: ['billing_account'] })
    )?.billing_account;

  appWithFakeStripeForSuite(
    {
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_STRIPE_SECRET_KEY: 'sk_test_billing_relation',
      SERVICE_STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      SERVICE_BILLING_PROFILE_RELATION: 'billing_account',
      SERVICE_BILLING_FIELD_MAP: JSON.stringify({
        stripe_customer_id: 'customer_ref',
        email: 'billing_email',
        name: 'billing_name',
      }),
    },
    async (booted) => {
      ({ app, fake } = booted);
      await createPlan(app.strapi, { slug: 'monthly', provider_price_id: 'price_monthly' });
    },
  );
  beforeEach(() => fake.reset());

  it('uses the customer of an existing account, creating no customer', async () => {
    const account = await accounts().create({
      data: {
        customer_ref: 'cus_host_existing',
        billing_email: 'accounts@firm.example.test',
        billing_name: 'Firm Ltd',
      },
    });
    fake.customers.set('cus_host_existing', { id: 'cus_host_existing', object: 'customer' });
    const user = await createUser(app.strapi, { billing_account: account.id });
    await checkout(user.auth).expect(200);
    expect(fake.requestsTo('POST', '/v1/customers')).toHaveLength(0);
    expect(fake.requestsTo('POST', '/v1/checkout/sessions')[0].params.customer).toBe('cus_host_existing');
    expect(await app.strapi.db.query(BILLING_PROFILE).count()).toBe(0);
  });

  it('creates the account on the relation when missing, stores the customer in the mapped field, and reuses it', async () => {
    const user = await createUser(app.strapi, { first_name: 'Ada', last_name: 'Byron' });
    await checkout(user.auth).expect(200);
    await checkout(user.auth).expect(200);
    expect(fake.customers.size).toBe(1);
    const customerId = [...fake.customers.keys()][0];
    expect(fake.requestsTo('POST', '/v1/customers')[0].params).toMatchObject({ email: user.email, name: 'Ada Byron' });
    expect(await accountOf(user.id)).toMatchObject({
      customer_ref: customerId,
      billing_email: user.email,
      billing_name: 'Ada Byron',
    });
    expect(fake.requestsTo('POST', '/v1/checkout/sessions').map((r) => r.params.customer)).toEqual([
      customerId,
      customerId,
    ]);
    expect(await app.strapi.db.query(BILLING_PROFILE).count()).toBe(0);
  });

  it('racing first checkouts leave one account and one customer', async () => {
    const user = await createUser(app.strapi);
    const results = await Promise.all([checkout(user.auth), checkout(user.auth), checkout(user.auth)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(fake.customers.size).toBe(1);
    const account = await accountOf(user.id);
    expect(account.customer_ref).toBe([...fake.customers.keys()][0]);
    expect(await accounts().count({ where: { billing_email: user.email } })).toBe(1);
  });

  it("maps a subscription event to the user through the account's customer id", async () => {
    const user = await createUser(app.strapi);
    await checkout(user.auth).expect(200);
    const sub = stripeSubscription({ price: 'price_monthly', customer: (await accountOf(user.id)).customer_ref });
    const signed = signEvent(buildEvent('customer.subscription.created', sub), WEBHOOK_SECRET);
    expect((await postWebhook(() => app.http(), signed)).body).toMatchObject({ result: 'subscription active' });
    expect(await subscriptionRow(app.strapi, sub.id)).toMatchObject({ user: { id: user.id } });
    expect((await app.http().get('/api/me/subscription/').set(user.auth)).body).toMatchObject({ has_premium: true });
  });
});
