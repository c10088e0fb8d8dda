import { QUIET_APP, appForSuite, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { openForm, postForm } from '../web/session';

// Security round 2, item 7: login CSRF. Another site could post the sign-in form with its own
// account's credentials and sign the victim's browser into it (then watch what they design and
// send). The sign-in and registration forms carry a token bound to a pre-session cookie set by the
// form page; a post without both is refused with a page that says to try again.

const sessionCookie = (res: { headers: Record<string, unknown> }) =>
  ((res.headers['set-cookie'] as string[] | undefined) ?? []).find((c) => /^gc_session=[^;]/.test(c));

describe('security: the sign-in and registration forms refuse cross-site posts', () => {
  let app: TestApp;
  let user: TestUser;
  appForSuite(QUIET_APP, async (booted) => {
    app = booted;
    user = await createUser(app.strapi);
  });

  it('refuses a cross-site POST /login/ (no token, no pre-session cookie) with a page saying to try again', async () => {
    const res = await app
      .http()
      .post('/login/')
      .set('Origin', 'https://evil.example')
      .type('form')
      .send({ identifier: user.email, password: 'correct-horse-battery' });
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toMatch(/html/);
    expect(res.text).toMatch(/try again/i);
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('refuses a token without its cookie, a cookie without its token, and a token of another pre-session', async () => {
    const mine = await openForm(app, '/login/');
    const theirs = await openForm(app, '/login/');
    expect(mine.cookie).toMatch(/gc_presession=/);
    expect(mine.csrf).not.toBe('');
    const attempts = [
      app
        .http()
        .post('/login/')
        .type('form')
        .send({ _csrf: mine.csrf, identifier: user.email, password: 'correct-horse-battery' }),
      app
        .http()
        .post('/login/')
        .set('Cookie', mine.cookie)
        .type('form')
        .send({ identifier: user.email, password: 'correct-horse-battery' }),
      app
        .http()
        .post('/login/')
        .set('Cookie', mine.cookie)
        .type('form')
        .send({ _csrf: theirs.csrf, identifier: user.email, password: 'correct-horse-battery' }),
      app
        .http()
        .post('/login/')
        .set('Cookie', mine.cookie)
        .type('form')
        .send({ _csrf: `${mine.csrf}x`, identifier: user.email, password: 'correct-horse-battery' }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect(sessionCookie(res)).toBeUndefined();
    }
  });

  it('refuses a cross-site POST /register/ and creates no account', async () => {
    const res = await app
      .http()
      .post('/register/')
      .type('form')
      .send({ email: 'planted@example.test', username: 'Planted', password: 'a-long-password' });
    expect(res.status).toBe(403);
    expect(res.text).toMatch(/try again/i);
    expect(sessionCookie(res)).toBeUndefined();
    expect(
      await app.strapi.db.query('plugin::users-permissions.user').count({ where: { email: 'planted@example.test' } }),
    ).toBe(0);
  });

  it('signs in from the form the browser opened, and the refusal page is a form that works', async () => {
    expect((await postForm(app, '/login/', { identifier: user.email, password: 'correct-horse-battery' })).status).toBe(
      303,
    );
    const refused = await app
      .http()
      .post('/login/')
      .type('form')
      .send({ identifier: user.email, password: 'correct-horse-battery' });
    expect(refused.status).toBe(403);
    const cookie = ((refused.headers['set-cookie'] as unknown as string[]) ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    const token = /<input type="hidden" name="_csrf" value="([^"]+)">/.exec(refused.text)![1];
    const retry = await app
      .http()
      .post('/login/')
      .set('Cookie', cookie)
      .type('form')
      .send({ _csrf: token, identifier: user.email, password: 'correct-horse-battery' });
    expect(retry.status).toBe(303);
    expect(sessionCookie(retry)).toBeDefined();
  });

  it('a stale session cookie does not stop the form from working', async () => {
    const page = await app.http().get('/login/').set('Cookie', 'gc_session=stale-not-a-jwt');
    const presession = ((page.headers['set-cookie'] as unknown as string[]) ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    const token = /<input type="hidden" name="_csrf" value="([^"]+)">/.exec(page.text)![1];
    const res = await app
      .http()
      .post('/login/')
      .set('Cookie', `gc_session=stale-not-a-jwt; ${presession}`)
      .type('form')
      .send({ _csrf: token, identifier: user.email, password: 'correct-horse-battery' });
    expect(res.status).toBe(303);
  });

  it('the pre-session cookie is httpOnly and SameSite=Lax', async () => {
    const page = await app.http().get('/register/');
    const cookie = ((page.headers['set-cookie'] as unknown as string[]) ?? []).find((c) =>
      c.startsWith('gc_presession='),
    )!;
    expect(cookie).toMatch(/; httponly/i);
    expect(cookie).toMatch(/; samesite=lax/i);
    expect(cookie).toMatch(/; path=\//i);
  });
});
