import type { Core } from '@strapi/strapi';
import { QUIET_APP, appForSuite, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { webSession, WebSession } from '../web/session';

// Security round 2, item 2: Strapi's router matches paths case-insensitively, so /API/recipients/
// reaches the /api/recipients/ handler. The CSRF check must be decided on the route the router picks:
// every write route of ours, reached in any letter case, refuses a cookie-authenticated change
// without the token. The check is also scoped to our routes: the host's own routes are left alone.

type Layer = { path: string; methods: string[] };
const UNSAFE = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** Every write route the plugin serves: its /api routes from its route table, and its pages. */
function ourWriteRoutes(strapi: Core.Strapi): Array<{ method: string; path: string }> {
  const plugin = strapi.plugin('greeting-cards') as unknown as {
    routes: { 'content-api': { routes: Array<{ method: string; path: string }> } };
  };
  const api = plugin.routes['content-api'].routes
    .filter((r) => UNSAFE.includes(r.method))
    .map((r) => ({ method: r.method, path: `/api${r.path}` }));
  // Pages and the editor's upload routes are root routes; anything under /api, the admin panel, the
  // admin routes of plugins, the health check and the signed webhook is someone else's or not cookie-authenticated.
  const foreign = new Set(['api', 'admin', '_health', 'payments', ...Object.keys(strapi.plugins)]);
  const layers = (strapi.server as unknown as { listRoutes(): Layer[] }).listRoutes();
  const pages = layers
    .filter((l) => !foreign.has(l.path.split('/')[1]))
    .flatMap((l) => l.methods.filter((m) => UNSAFE.includes(m)).map((method) => ({ method, path: l.path })));
  return [...api, ...pages];
}

// A parameter with a pattern (`:provider(prodigi|gelato)`) takes the pattern's first alternative.
const fill = (path: string) =>
  path
    .replace(/:[a-z_]+\(([^)|]+)[^)]*\)/gi, '$1')
    .replace(/:uuid/g, '00000000-0000-4000-8000-000000000000')
    .replace(/:slug/g, 'some-slug')
    .replace(/:[a-z_]+/gi, '1');
const upper = (path: string) => path.toUpperCase();
// Every other letter upper case: /aPi/ReCiPiEnTs/
const mixed = (path: string) => path.replace(/[a-z]/gi, (c, i: number) => (i % 2 ? c.toUpperCase() : c.toLowerCase()));
const firstSegmentUpper = (path: string) => path.replace(/^\/[^/]+/, (s) => s.toUpperCase());

describe('security: CSRF is decided on the route the router picks, whatever the letter case', () => {
  let app: TestApp;
  let user: TestUser;
  let s: WebSession;
  appForSuite(QUIET_APP, async (booted) => {
    app = booted;
    user = await createUser(app.strapi);
    s = await webSession(app, user);
  });

  it('knows the write routes it must cover', () => {
    const paths = ourWriteRoutes(app.strapi).map((r) => `${r.method} ${r.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'POST /api/recipients',
        'POST /api/cards',
        'POST /recipients/add/',
        'POST /login/',
        'POST /editor/photos',
        'DELETE /cart/remove/:item_id/',
      ]),
    );
    expect(paths.length).toBeGreaterThan(35);
  });

  it('POST /API/recipients/ with only the session cookie and a form body is refused and writes nothing', async () => {
    for (const path of ['/API/recipients/', '/Api/Recipients/', '/api/RECIPIENTS/', '/API/recipients']) {
      const res = await app
        .http()
        .post(path)
        .set('Cookie', s.cookie)
        .type('form')
        .send({ first_name: 'Forged', last_name: 'Case' });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: 'CSRF token missing or incorrect.' });
    }
    const names = (await app.http().get('/api/recipients/').set(user.auth)).body.results.map(
      (r: { first_name: string }) => r.first_name,
    );
    expect(names).not.toContain('Forged');
  });

  it.each([
    ['upper case', upper],
    ['mixed case', mixed],
    ['first segment upper case', firstSegmentUpper],
    ['as declared', (p: string) => p],
  ])('every write route, in %s, refuses a cookie-authenticated request without the token', async (_name, transform) => {
    const accepted: string[] = [];
    for (const route of ourWriteRoutes(app.strapi)) {
      const path = transform(fill(route.path));
      const method = route.method.toLowerCase() as 'post' | 'put' | 'patch' | 'delete';
      const res = await app
        .http()
        [method](path)
        .set('Cookie', s.cookie)
        .type('form')
        .send({ title: 'Forged', first_name: 'Forged' });
      if (res.status !== 403) accepted.push(`${route.method} ${path} -> ${res.status}`);
    }
    expect(accepted).toEqual([]);
  });

  it('the same routes in any case still work with the token', async () => {
    const api = await app
      .http()
      .post('/API/Recipients/')
      .set('Cookie', s.cookie)
      .set('X-CSRF-Token', s.csrf)
      .send({ first_name: 'Cased', last_name: 'Api' });
    expect(api.status).toBe(201);
    const page = await app
      .http()
      .post('/RECIPIENTS/add/')
      .set('Cookie', s.cookie)
      .type('form')
      .send({ first_name: 'Cased', last_name: 'Page', _csrf: s.csrf });
    expect(page.status).toBe(303);
  });

  it("leaves the host's own routes alone: its API does not read the shop's cookie", async () => {
    // users-permissions authenticates by bearer token only; a stray shop cookie is no reason for a 403.
    const res = await app
      .http()
      .post('/api/auth/local')
      .set('Cookie', s.cookie)
      .send({ identifier: user.email, password: 'wrong-password' });
    expect(res.status).toBe(400);
    expect(res.body.error?.name).toBe('ValidationError');
  });
});
