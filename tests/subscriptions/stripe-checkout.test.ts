import type { TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { appWithFakeStripeForSuite, FakeStripe } from '../helpers/fake-stripe';
import { BILLING_PROFILE, createPlan } from '../helpers/subscriptions';

const SECRET_KEY = 'sk_test_subscriptions_suite';

describe('subscriptions through the payment provider (real SDK, fake Stripe server)', () => {
  let app: TestApp;
  let fake: FakeStripe;
  const http = () => app.http();
  const checkout = (u: TestUser, body: object) => http().post('/api/subscriptions/checkout/').set(u.auth).send(body);
  const portal = (u: TestUser, body: object = {}) => http().post('/api/subscriptions/portal/').set(u.auth).send(body);
  const sessionPosts = () => fake.requestsTo('POST', '/v1/checkout/sessions');
  const profileOf = (userId: number) =>
    app.strapi.db.query(BILLING_PROFILE).findOne({ where: { user_key: userId }, populate: ['user'] });

  appWithFakeStripeForSuite(
    {
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_STRIPE_SECRET_KEY: SECRET_KEY,
      SERVICE_STRIPE_WEBHOOK_SECRET: 'whsec_subscriptions_suite',
      SERVICE_PUBLIC_URL: 'https://cards.example.test',
    },
    async (booted) => {
      ({ app, fake } = booted);
      await createPlan(app.strapi, { slug: 'monthly', name: 'Monthly', provider_price_id: 'price_monthly' });
      await createPlan(app.strapi, { slug: 'unpriced', name: 'Unpriced' });
    },
  );
  beforeEach(() => fake.reset());

  it("opens a subscription Checkout Session for the plan's price with the user's customer, reference and metadata", async () => {
    const user = await createUser(app.strapi, { first_name: 'Grace', last_name: 'Hopper' });
    const res = await checkout(user, { plan_slug: 'monthly' }).expect(200);
    expect(res.body).toEqual({
      checkout_url: expect.stringContaining(`${fake.url}/pay/`),
      session_id: expect.stringMatching(/^cs_test_/),
      provider: 'stripe',
    });

    const [customerPost] = fake.requestsTo('POST', '/v1/customers');
    expect(customerPost.params).toEqual({
      email: user.email,
      name: 'Grace Hopper',
      metadata: { user_id: String(user.id) },
    });
    expect(customerPost.authorization).toBe(`Bearer ${SECRET_KEY}`);
    const customerId = [...fake.customers.keys()][0];
    expect(sessionPosts()).toHaveLength(1);
    expect(sessionPosts()[0].params).toEqual({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: String(user.id),
      metadata: { user_id: String(user.id), plan_slug: 'monthly' },
      subscription_data: { metadata: { user_id: String(user.id), plan_slug: 'monthly' } },
      line_items: [{ price: 'price_monthly', quantity: '1' }],
      success_url: 'https://cards.example.test/subscriptions/?status=success',
      cancel_url: 'https://cards.example.test/subscriptions/?status=cancelled',
    });
    const profile = await profileOf(user.id);
    expect(profile).toMatchObject({
      stripe_customer_id: customerId,
      email: user.email,
      name: 'Grace Hopper',
      user: { id: user.id },
    });
    // Not active until the provider says so.
    expect((await http().get('/api/me/subscription/').set(user.auth)).body).toEqual({
      active: false,
      has_premium: false,
      subscription: null,
    });
  });

  it('reuses the customer across checkouts, and two racing checkouts create one customer', async () => {
    const user = await createUser(app.strapi);
    await checkout(user, { plan_slug: 'monthly' }).expect(200);
    await checkout(user, { plan_slug: 'monthly', success_url: 'https://cards.example.test/ok' }).expect(200);
    expect(fake.customers.size).toBe(1);
    const [first, second] = sessionPosts();
    expect(second.params.customer).toBe(first.params.customer);
    expect(second.params.success_url).toBe('https://cards.example.test/ok');

    fake.reset();
    const racer = await createUser(app.strapi);
    const results = await Promise.all([
      checkout(racer, { plan_slug: 'monthly' }),
      checkout(racer, { plan_slug: 'monthly' }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(fake.customers.size).toBe(1);
    expect(new Set(sessionPosts().map((r) => r.params.customer))).toEqual(new Set([[...fake.customers.keys()][0]]));
    expect(await app.strapi.db.query(BILLING_PROFILE).count({ where: { user_key: racer.id } })).toBe(1);
    expect((await profileOf(racer.id)).stripe_customer_id).toBe([...fake.customers.keys()][0]);
  });

  it('refuses a plan without a provider price (400 detail) and reaches nobody', async () => {
    const user = await createUser(app.strapi);
    const res = await checkout(user, { plan_slug: 'unpriced' }).expect(400);
    expect(res.body).toEqual({ detail: expect.stringMatching(/no provider price/) });
    expect(fake.requests).toHaveLength(0);
  });

  it('answers 503 when the provider fails, and 409 for a user who already has premium', async () => {
    const user = await createUser(app.strapi);
    fake.failNext(400, 'No such price', 'invalid_request_error');
    expect((await checkout(user, { plan_slug: 'monthly' }).expect(503)).body).toEqual({
      detail: 'The payment provider could not be reached. Please try again.',
    });

    const subscribed = await createUser(app.strapi);
    const plan = await app.strapi.db
      .query('plugin::greeting-cards.subscription-plan')
      .findOne({ where: { slug: 'monthly' } });
    await app.strapi.db.query('plugin::greeting-cards.subscription').create({
      data: {
        user: subscribed.id,
        plan: plan.id,
        provider: 'stripe',
        provider_subscription_id: 'sub_existing',
        status: 'trialing',
        current_period_end: new Date(Date.now() + 86400_000),
      },
    });
    fake.reset();
    const res = await checkout(subscribed, { plan_slug: 'monthly' }).expect(409);
    expect(res.body.detail).toMatch(/\/api\/subscriptions\/portal\//);
    expect(fake.requests).toHaveLength(0);
  });

  it('the portal needs a customer (400 detail), then opens a portal session with the return URL', async () => {
    const user = await createUser(app.strapi);
    expect((await portal(user).expect(400)).body).toEqual({
      detail: 'You have no billing account yet: subscribe first at /subscriptions/.',
    });
    expect(fake.requestsTo('POST', '/v1/billing_portal/sessions')).toHaveLength(0);

    await checkout(user, { plan_slug: 'monthly' }).expect(200);
    const customerId = [...fake.customers.keys()][0];
    const res = await portal(user).expect(200);
    expect(res.body).toEqual({ portal_url: expect.stringContaining(`${fake.url}/portal/`), provider: 'stripe' });
    expect(fake.requestsTo('POST', '/v1/billing_portal/sessions')[0].params).toEqual({
      customer: customerId,
      return_url: 'https://cards.example.test/subscriptions/',
    });
    await portal(user, { return_url: 'https://cards.example.test/account' }).expect(200);
    expect(fake.requestsTo('POST', '/v1/billing_portal/sessions')[1].params.return_url).toBe(
      'https://cards.example.test/account',
    );
  });
});
