import { QUIET_APP, appForSuite, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { postForm } from '../web/session';

// With users-permissions' `jwtManagement: 'refresh'`, jwt.issue() returns a Promise. The sign-in and
// registration forms put it in the session cookie without awaiting it: `gc_session=[object Promise]`,
// a 303 that looked like success and a visitor who was not signed in.
describe('web sign-in with users-permissions in refresh mode', () => {
  let app: TestApp;
  let user: TestUser;
  appForSuite({ ...QUIET_APP, UP_JWT_MANAGEMENT: 'refresh' }, async (booted) => {
    app = booted;
    // Its bearer token is not used here (createUser issues it synchronously); the forms sign in.
    user = await createUser(app.strapi);
  });

  const sessionValue = (res: { headers: Record<string, unknown> }) => {
    const cookie = ((res.headers['set-cookie'] as string[] | undefined) ?? []).find((c) => c.startsWith('gc_session='));
    return cookie ? decodeURIComponent(/^gc_session=([^;]*)/.exec(cookie)![1]) : undefined;
  };

  it('runs in refresh mode', () => {
    expect(app.strapi.config.get('plugin::users-permissions.jwtManagement')).toBe('refresh');
  });

  it('signs in with the form: the cookie holds a token that signs the visitor in', async () => {
    const res = await postForm(app, '/login/', {
      identifier: user.email,
      password: 'correct-horse-battery',
      next: '/orders/',
    });
    expect(res.status).toBe(303);
    const jwt = sessionValue(res)!;
    expect(jwt).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const page = await app.http().get('/orders/').set('Cookie', `gc_session=${jwt}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Sign out');
  });

  it('registers with the form and is signed in', async () => {
    const res = await postForm(app, '/register/', {
      email: 'refresh.mode@example.test',
      username: 'Refresh Mode',
      password: 'a-long-password',
    });
    expect(res.status).toBe(303);
    const jwt = sessionValue(res)!;
    expect(jwt).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect((await app.http().get('/api/cards/').set('Authorization', `Bearer ${jwt}`)).status).toBe(200);
  });
});
