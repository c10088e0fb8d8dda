import { appForSuite, TestApp } from '../helpers/strapi';
import { createUser } from '../helpers/users';
import { orderRow, pendingOrder } from '../helpers/order-fixtures';

// Issue 9, item 12: success_url, cancel_url and the portal's return_url are not open redirects: only
// the public URL's origin or one listed in SERVICE_ALLOWED_REDIRECT_ORIGINS.
describe('security: return URLs stay on allowed origins', () => {
  let app: TestApp;
  const http = () => app.http();

  appForSuite(
    {
      SERVICE_SEED_SAMPLE_DATA: 'true',
      SERVICE_PUBLIC_URL: 'https://cards.example.test',
      SERVICE_ALLOWED_REDIRECT_ORIGINS: 'https://shop.example.test, https://other.example.test',
    },
    (booted) => {
      app = booted;
    },
  );

  it('refuses a pay success_url or cancel_url elsewhere with 400 naming the field, and pays nothing', async () => {
    const u = await createUser(app.strapi);
    const order = await pendingOrder(app.strapi, http, u);
    const pay = (body: object) => http().post(`/api/orders/${order.uuid}/pay/`).set(u.auth).send(body);
    expect((await pay({ success_url: 'https://evil.example.test/ok' })).body).toEqual({
      success_url: [expect.stringMatching(/not allowed/)],
    });
    expect((await pay({ cancel_url: 'https://cards.example.test.evil.example/back' })).status).toBe(400);
    expect((await pay({ success_url: 'http://cards.example.test/ok' })).status).toBe(400);
    expect((await orderRow(app.strapi, order.uuid)).status).toBe('pending_payment');
    expect(
      (await pay({ success_url: 'https://cards.example.test/ok', cancel_url: 'https://shop.example.test/back' }))
        .status,
    ).toBe(200);
  });

  it('refuses subscription checkout and portal return URLs elsewhere', async () => {
    const u = await createUser(app.strapi);
    const sub = await http()
      .post('/api/subscriptions/checkout/')
      .set(u.auth)
      .send({ plan_slug: 'premium', cancel_url: 'https://evil.example.test/' });
    expect(sub.status).toBe(400);
    expect(sub.body).toEqual({ cancel_url: [expect.any(String)] });
    const portal = await http()
      .post('/api/subscriptions/portal/')
      .set(u.auth)
      .send({ return_url: 'https://evil.example.test/' });
    expect(portal.status).toBe(400);
    expect(portal.body).toEqual({ return_url: [expect.any(String)] });
    await http()
      .post('/api/subscriptions/portal/')
      .set(u.auth)
      .send({ return_url: 'https://other.example.test/me' })
      .expect(200);
  });
});
