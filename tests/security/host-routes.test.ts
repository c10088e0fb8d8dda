import path from 'path';
import Koa from 'koa';
import supertest from 'supertest';
import { errors } from '@strapi/utils';
import { QUIET_APP, appForSuite, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';

// The plugin lives inside someone else's app: its CORS rules, error shape and logging apply to its own
// routes and pages only, and every other path behaves exactly as it would without the plugin.

const HOST_ORIGINS = ['https://host-app.example.test', 'https://both.example.test'];
const SHOP_ORIGINS = ['https://shop.example.test', 'https://both.example.test'];

// What stock Strapi answers: its own strapi::cors (the very module the host uses) on a bare Koa app
// with the host's configuration, and no plugin.
function stockStrapiCors() {
  const corePackage = require.resolve('@strapi/core/package.json');
  const { cors } = require(path.join(path.dirname(corePackage), 'dist/middlewares/cors.js'));
  const app = new Koa();
  app.use(cors({ origin: HOST_ORIGINS }));
  app.use((ctx) => {
    ctx.body = { ok: true };
  });
  return supertest(app.callback());
}

function corsHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.startsWith('access-control-')));
}

describe('the plugin leaves the host app alone', () => {
  let app: TestApp;
  let user: TestUser;
  appForSuite(
    { ...QUIET_APP, CORS_ORIGINS: HOST_ORIGINS.join(','), SERVICE_CORS_ORIGINS: SHOP_ORIGINS.join(',') },
    async (booted) => {
      app = booted;
      user = await createUser(app.strapi);
      // A host's own API under a path that shares its first segment with one of the plugin's (a host
      // with an orders report of its own). Routes can be added to the running router.
      app.strapi.server.routes([
        {
          method: 'GET',
          path: '/api/orders/reports/monthly',
          handler: () => {
            throw new errors.ValidationError('month is required');
          },
          config: { auth: false },
        },
      ]);
    },
  );

  describe('CORS on host routes: decided by the host, as without the plugin', () => {
    it.each(HOST_ORIGINS.concat(SHOP_ORIGINS[0]))('a preflight to /api/auth/local from %s', async (origin) => {
      const request = (agent: supertest.Agent | ReturnType<typeof stockStrapiCors>) =>
        agent
          .options('/api/auth/local')
          .set('Origin', origin)
          .set('Access-Control-Request-Method', 'POST')
          .set('Access-Control-Request-Headers', 'content-type');
      const [ours, stock] = [await request(app.http()), await request(stockStrapiCors())];
      expect(ours.status).toBe(stock.status);
      expect(corsHeaders(ours.headers)).toEqual(corsHeaders(stock.headers));
    });

    it('a real sign-in from an origin the host allows', async () => {
      const origin = HOST_ORIGINS[0];
      const ours = await app
        .http()
        .post('/api/auth/local')
        .set('Origin', origin)
        .send({ identifier: user.email, password: 'correct-horse-battery' });
      expect(ours.status).toBe(200);
      const stock = await stockStrapiCors().post('/api/auth/local').set('Origin', origin);
      expect(corsHeaders(ours.headers)).toEqual(corsHeaders(stock.headers));
      expect(ours.headers['access-control-allow-origin']).toBe(origin);
    });

    it("a users-permissions route in capitals is still the host's", async () => {
      const origin = HOST_ORIGINS[0];
      const ours = await app
        .http()
        .options('/API/AUTH/LOCAL')
        .set('Origin', origin)
        .set('Access-Control-Request-Method', 'POST');
      expect(ours.headers['access-control-allow-origin']).toBe(origin);
    });
  });

  describe('CORS on the plugin routes: SERVICE_CORS_ORIGINS', () => {
    it('grants an origin of SERVICE_CORS_ORIGINS the host does not list, on preflights and requests', async () => {
      const origin = SHOP_ORIGINS[0];
      const preflight = await app
        .http()
        .options('/api/cards/')
        .set('Origin', origin)
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'content-type,authorization');
      expect(preflight.status).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(origin);
      expect(preflight.headers['access-control-allow-credentials']).toBe('true');
      expect(preflight.headers['access-control-allow-methods']).toMatch(/POST/);
      expect(preflight.headers['access-control-allow-headers']).toMatch(/authorization/i);
      const get = await app.http().get('/api/cards/').set(user.auth).set('Origin', origin);
      expect(get.status).toBe(200);
      expect(get.headers['access-control-allow-origin']).toBe(origin);
      expect(get.headers.vary).toMatch(/Origin/);
    });

    it('refuses an origin only the host allows, whatever the case of the path', async () => {
      const origin = HOST_ORIGINS[0];
      for (const route of ['/api/cards/', '/API/Cards/', '/api/orders/cart/']) {
        const preflight = await app
          .http()
          .options(route)
          .set('Origin', origin)
          .set('Access-Control-Request-Method', 'POST');
        expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
        expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
        const get = await app.http().get(route).set(user.auth).set('Origin', origin);
        expect(get.headers['access-control-allow-origin']).toBeUndefined();
      }
    });

    it('applies to the pages and the webhook too', async () => {
      const page = await app.http().get('/CATALOGUE/').set('Origin', HOST_ORIGINS[0]);
      expect(page.headers['access-control-allow-origin']).toBeUndefined();
      const webhook = await app
        .http()
        .options('/payments/webhook/')
        .set('Origin', SHOP_ORIGINS[0])
        .set('Access-Control-Request-Method', 'POST');
      expect(webhook.headers['access-control-allow-origin']).toBe(SHOP_ORIGINS[0]);
    });
  });

  describe('error shapes', () => {
    it("a host route keeps Strapi's error shape, even under a path the plugin also uses", async () => {
      const report = await app.http().get('/api/orders/reports/monthly');
      expect(report.status).toBe(400);
      expect(report.body).toEqual({
        data: null,
        error: expect.objectContaining({ status: 400, name: 'ValidationError', message: 'month is required' }),
      });
      const login = await app
        .http()
        .post('/api/auth/local')
        .set('Content-Type', 'application/json')
        .send('{"identifier":');
      expect(login.status).toBe(400);
      expect(login.body).toEqual({ data: null, error: expect.objectContaining({ status: 400 }) });
    });

    it("a plugin route keeps the spec's shape, whatever the case of the path", async () => {
      for (const route of ['/api/cards/', '/API/CARDS/']) {
        const res = await app
          .http()
          .post(route)
          .set(user.auth)
          .set('Content-Type', 'application/json')
          .send('{"title": "x",');
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ detail: expect.stringMatching(/JSON/) });
      }
      const unknown = await app.http().get('/api/orders/no/such/path/').set(user.auth);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ detail: 'Not found.' });
    });
  });
});
