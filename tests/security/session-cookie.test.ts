import { QUIET_APP, appForSuite, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { webSession } from '../web/session';

// The web UI authenticates with the same users-permissions JWT held in an httpOnly session cookie.
describe('session cookie authentication', () => {
  let app: TestApp;
  let user: TestUser;
  appForSuite(QUIET_APP, async (booted) => {
    app = booted;
    user = await createUser(app.strapi);
  });

  it('accepts the JWT from the gc_session cookie', async () => {
    // A cookie-authenticated write carries the page's CSRF token (see tests/web/csrf.test.ts).
    const { csrf } = await webSession(app, user);
    const created = await app
      .http()
      .post('/api/cards/')
      .set('Cookie', `gc_session=${user.token}`)
      .set('X-CSRF-Token', csrf)
      .send({ title: 'From the web UI' });
    expect(created.status).toBe(201);
    const list = await app.http().get('/api/cards/').set('Cookie', `gc_session=${user.token}`);
    expect(list.status).toBe(200);
    expect(list.body.results.map((c: { title: string }) => c.title)).toEqual(['From the web UI']);
  });

  it('treats a stale or forged cookie as signed out (401), never as another user', async () => {
    const res = await app.http().get('/api/cards/').set('Cookie', 'gc_session=not-a-jwt');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it('a bearer token that fails verification is a 401 with a reason', async () => {
    const res = await app.http().get('/api/cards/').set('Authorization', `Bearer ${user.token}x`);
    expect(res.status).toBe(401);
    expect(res.body.detail).toMatch(/token/i);
  });
});
