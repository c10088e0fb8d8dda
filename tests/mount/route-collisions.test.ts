import { bootFailure, QUIET_APP, startApp, type TestApp } from '../helpers/strapi';
import { createUser } from '../helpers/users';
import { addHostOrderApi, allowPublicHostOrders } from '../helpers/host-order-api';

// A host app with its own api::order.order at /api/orders: with the plugin's API at its default
// prefix the two would answer the same paths, so boot refuses and names both; with the plugin's API
// moved to /api/greeting-cards the same host boots and both answer.

describe('mount points: a host with its own /api/orders', () => {
  it('refuses to boot with the API prefix at its default, naming both routes and the setting that moves ours', async () => {
    const error = await bootFailure(QUIET_APP, { beforeLoad: addHostOrderApi });
    expect(error.message).toContain('route collision');
    // Ours and the host's, each with its method and path; the host's with where it comes from.
    expect(error.message).toMatch(
      /the plugin's GET \/api\/orders collides with the host's api::order route \(api::order\.order\.find\) GET \/api\/orders/,
    );
    expect(error.message).toMatch(
      /the plugin's GET \/api\/orders\/:uuid collides with the host's api::order route \(api::order\.order\.findOne\) GET \/api\/orders\/:id/,
    );
    expect(error.message).toContain('SERVICE_API_PREFIX');
    // Nothing else of ours collides with this host: only the order routes are named.
    for (const line of error.message.split('; ')) expect(line).toMatch(/\/api\/orders/);
  });

  it('refuses an API prefix outside the host REST prefix', async () => {
    const error = await bootFailure({ ...QUIET_APP, SERVICE_API_PREFIX: '/greeting-cards' });
    expect(error.message).toContain(
      "SERVICE_API_PREFIX (apiPrefix) must be the host's REST prefix /api or a path under it",
    );
  });

  describe('with the API moved to /api/greeting-cards', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startApp(
        { ...QUIET_APP, SERVICE_API_PREFIX: '/api/greeting-cards' },
        { beforeLoad: addHostOrderApi },
      );
      await allowPublicHostOrders(app.strapi);
      await app.strapi.documents('api::order.order').create({ data: { reference: 'HOST-1' } });
    });
    afterAll(async () => {
      await app?.stop();
    });

    it("the host's /api/orders answers as Strapi's core router does, in Strapi's shape", async () => {
      const res = await app.http().get('/api/orders');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([expect.objectContaining({ reference: 'HOST-1' })]);
      expect(res.body.meta.pagination).toEqual(expect.objectContaining({ total: 1 }));
      // An unknown id is the host's 404, in Strapi's shape (not rewritten to the spec's {"detail"}).
      const missing = await app.http().get('/api/orders/nope');
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual(
        expect.objectContaining({ data: null, error: expect.objectContaining({ status: 404 }) }),
      );
    });

    it("the plugin's API answers under the new prefix in the spec's shape, and no longer at /api/templates/", async () => {
      const user = await createUser(app.strapi);
      const templates = await app.http().get('/api/greeting-cards/templates/');
      expect(templates.status).toBe(200);
      expect(templates.body).toEqual(
        expect.objectContaining({ count: expect.any(Number), results: expect.any(Array) }),
      );
      const anonymous = await app.http().get('/api/greeting-cards/orders/');
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({ detail: expect.any(String) });
      const mine = await app.http().get('/api/greeting-cards/orders/').set(user.auth);
      expect(mine.status).toBe(200);
      expect(mine.body).toEqual(expect.objectContaining({ count: 0, results: [] }));
      const cart = await app.http().get('/api/greeting-cards/orders/cart/').set(user.auth);
      expect(cart.status).toBe(200);
      expect(cart.body.status).toBe('cart');
      // The old paths are not the plugin's any more: Strapi's 404, in Strapi's shape.
      const old = await app.http().get('/api/templates/');
      expect(old.status).toBe(404);
      expect(old.body).not.toEqual(expect.objectContaining({ detail: expect.anything() }));
    });
  });
});
