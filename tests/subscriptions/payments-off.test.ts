import { appForSuite, TestApp } from '../helpers/strapi';
import { createUser } from '../helpers/users';
import { createPlan, subscriptionsOf } from '../helpers/subscriptions';

// No provider key and demo payments off: subscribing and the portal are unavailable, status still works.
describe('subscriptions with payments off', () => {
  let app: TestApp;
  appForSuite(
    { SERVICE_SEED_SAMPLE_DATA: 'false', SERVICE_DEMO_PAYMENTS: 'false', SERVICE_STRIPE_SECRET_KEY: '' },
    async (booted) => {
      app = booted;
      await createPlan(app.strapi, { slug: 'monthly' });
    },
  );

  it('answers 503 naming the settings, and stores nothing', async () => {
    const user = await createUser(app.strapi);
    const res = await app
      .http()
      .post('/api/subscriptions/checkout/')
      .set(user.auth)
      .send({ plan_slug: 'monthly' })
      .expect(503);
    expect(res.body.detail).toMatch(/SERVICE_STRIPE_SECRET_KEY.*SERVICE_DEMO_PAYMENTS/);
    await app.http().post('/api/subscriptions/portal/').set(user.auth).send({}).expect(503);
    expect(await subscriptionsOf(app.strapi, user.id)).toHaveLength(0);
    expect((await app.http().get('/api/me/subscription/').set(user.auth).expect(200)).body).toEqual({
      active: false,
      has_premium: false,
      subscription: null,
    });
  });
});
