import { appForSuite, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { createPlan, endPeriods, subscriptionsOf, PLAN } from '../helpers/subscriptions';

const NO_CREDENTIALS = { detail: 'Authentication credentials were not provided.' };

describe('subscriptions in demo mode: plans, checkout, portal, status', () => {
  let app: TestApp;
  let alice: TestUser;
  const http = () => app.http();
  const checkout = (u: TestUser, body: unknown) =>
    http()
      .post('/api/subscriptions/checkout/')
      .set(u.auth)
      .send(body as object);
  const mine = async (u: TestUser) => (await http().get('/api/me/subscription/').set(u.auth).expect(200)).body;

  appForSuite(
    {
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_PUBLIC_URL: 'https://cards.example.test/shop',
      SERVICE_ALLOWED_REDIRECT_ORIGINS: 'https://elsewhere.example.test',
      SERVICE_SUBSCRIPTION_SUCCESS_URL: '/welcome/premium/',
      SERVICE_BILLING_PORTAL_RETURN_URL: 'https://account.example.test/billing',
    },
    async (booted) => {
      app = booted;
      alice = await createUser(app.strapi);
    },
  );

  it('lists active plans publicly, without the provider price id', async () => {
    const priced = await createPlan(app.strapi, {
      name: 'Gold',
      slug: 'gold',
      amount_pence: 999,
      interval: 'year',
      provider_price_id: 'price_gold',
      description: 'All of it',
    });
    await createPlan(app.strapi, { name: 'Basic', slug: 'basic', amount_pence: 199, grants_premium: false });
    await createPlan(app.strapi, { name: 'Old', slug: 'old', is_active: false });
    for (const path of ['/api/subscriptions/plans/', '/api/subscriptions/plans']) {
      const res = await http().get(path).expect(200);
      expect(res.body).toMatchObject({ count: 2, next: null, previous: null });
      expect(res.body.results).toEqual([
        {
          id: expect.any(Number),
          documentId: expect.any(String),
          slug: 'basic',
          name: 'Basic',
          description: '',
          amount_pence: 199,
          interval: 'month',
          grants_premium: false,
          has_price: false,
        },
        {
          id: priced.id,
          documentId: expect.any(String),
          slug: 'gold',
          name: 'Gold',
          description: 'All of it',
          amount_pence: 999,
          interval: 'year',
          grants_premium: true,
          has_price: true,
        },
      ]);
      expect(JSON.stringify(res.body)).not.toContain('price_gold');
    }
  });

  it('answers 401 to anonymous callers on every private route', async () => {
    const calls = [
      http().post('/api/subscriptions/checkout/').send({ plan_slug: 'gold' }),
      http().post('/api/subscriptions/portal/').send({}),
      http().get('/api/me/subscription/'),
      http().get('/api/me/subscription'),
    ];
    for (const res of await Promise.all(calls))
      expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: NO_CREDENTIALS });
    expect(await app.strapi.db.query('plugin::greeting-cards.subscription').count()).toBe(0);
  });

  it('validates the checkout body', async () => {
    const bob = await createUser(app.strapi);
    expect((await checkout(bob, {}).expect(400)).body).toEqual({ plan_slug: ['This field is required.'] });
    expect((await checkout(bob, { plan_slug: 12 }).expect(400)).body).toEqual({ plan_slug: ['Not a valid string.'] });
    expect((await checkout(bob, { plan_slug: 'nope' }).expect(400)).body).toEqual({
      plan_slug: ['No active plan has this slug.'],
    });
    expect((await checkout(bob, { plan_slug: 'old' }).expect(400)).body).toEqual({
      plan_slug: ['No active plan has this slug.'],
    });
    expect((await checkout(bob, { plan_slug: 'gold', success_url: 'javascript:alert(1)' }).expect(400)).body).toEqual({
      success_url: ['Enter a valid URL.'],
    });
    expect((await checkout(bob, [1, 2]).expect(400)).body).toEqual({
      non_field_errors: ['Invalid data. Expected a dictionary.'],
    });
    const malformed = await http()
      .post('/api/subscriptions/checkout/')
      .set(bob.auth)
      .set('Content-Type', 'application/json')
      .send('{"plan_slug":');
    expect(malformed.status).toBe(400);
    expect(await subscriptionsOf(app.strapi, bob.id)).toHaveLength(0);
  });

  it('activates a demo subscription at once for one interval and reports it; a second checkout is 409', async () => {
    expect(await mine(alice)).toEqual({ active: false, has_premium: false, subscription: null });
    const res = await checkout(alice, { plan_slug: 'gold' }).expect(200);
    expect(res.body).toEqual({ checkout_url: 'https://cards.example.test/shop/welcome/premium/', provider: 'demo' });
    const status = await mine(alice);
    expect(status).toMatchObject({ active: true, has_premium: true });
    expect(status.subscription).toMatchObject({
      plan: { slug: 'gold', name: 'Gold', grants_premium: true },
      provider: 'demo',
      status: 'active',
      cancel_at_period_end: false,
      canceled_at: null,
    });
    const start = new Date(status.subscription.current_period_start);
    const end = new Date(status.subscription.current_period_end);
    expect(Math.abs(start.getTime() - Date.now())).toBeLessThan(60_000);
    // a yearly plan: same day next year
    expect(end.getUTCFullYear()).toBe(start.getUTCFullYear() + 1);
    expect(end.getUTCMonth()).toBe(start.getUTCMonth());

    const again = await checkout(alice, { plan_slug: 'gold' }).expect(409);
    expect(again.body.detail).toMatch(/billing portal/);
    expect(await subscriptionsOf(app.strapi, alice.id)).toHaveLength(1);
  });

  it('a plan that does not grant premium is active without premium, and allows subscribing to premium later', async () => {
    const carol = await createUser(app.strapi);
    await checkout(carol, { plan_slug: 'basic', success_url: 'https://elsewhere.example.test/ok' })
      .expect(200)
      .expect({ checkout_url: 'https://elsewhere.example.test/ok', provider: 'demo' });
    expect(await mine(carol)).toMatchObject({
      active: true,
      has_premium: false,
      subscription: { plan: { slug: 'basic' } },
    });
    await checkout(carol, { plan_slug: 'gold' }).expect(200);
    expect(await mine(carol)).toMatchObject({
      active: true,
      has_premium: true,
      subscription: { plan: { slug: 'gold' } },
    });
  });

  it('has_premium turns false once the period end has passed, and subscribing again is allowed', async () => {
    const dan = await createUser(app.strapi);
    await checkout(dan, { plan_slug: 'gold' }).expect(200);
    await endPeriods(app.strapi, dan.id);
    expect(await mine(dan)).toMatchObject({
      active: false,
      has_premium: false,
      subscription: { status: 'active', plan: { slug: 'gold' } },
    });
    await checkout(dan, { plan_slug: 'gold' }).expect(200);
    expect(await mine(dan)).toMatchObject({ active: true, has_premium: true });
  });

  it('racing demo checkouts make one subscription; the others are 409', async () => {
    const racer = await createUser(app.strapi);
    // Six at once: with two, one often finished before the other started and the race went unseen.
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map(() => checkout(racer, { plan_slug: 'gold' })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await subscriptionsOf(app.strapi, racer.id)).toHaveLength(1);
  });

  it('the portal in demo mode answers the return URL (setting, or the one given)', async () => {
    const res = await http().post('/api/subscriptions/portal/').set(alice.auth).send({}).expect(200);
    expect(res.body).toEqual({ portal_url: 'https://account.example.test/billing', provider: 'demo' });
    const given = await http()
      .post('/api/subscriptions/portal')
      .set(alice.auth)
      .send({ return_url: 'https://cards.example.test/me' })
      .expect(200);
    expect(given.body).toEqual({ portal_url: 'https://cards.example.test/me', provider: 'demo' });
    expect(
      (await http().post('/api/subscriptions/portal/').set(alice.auth).send({ return_url: 'nope' }).expect(400)).body,
    ).toEqual({ return_url: ['Enter a valid URL.'] });
  });

  it("only counts the user's own subscriptions", async () => {
    const eve = await createUser(app.strapi);
    expect(await mine(eve)).toEqual({ active: false, has_premium: false, subscription: null });
    expect(await app.strapi.db.query(PLAN).count()).toBe(3);
  });
});
