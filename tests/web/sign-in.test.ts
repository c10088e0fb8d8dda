import { QUIET_APP, appForSuite, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { safeNext } from '../../plugins/greeting-cards/server/src/platform/web/safe-next';
import { postForm } from './session';

// Sign-in, registration and sign-out through users-permissions; private pages send anonymous
// visitors to /login/?next=... and back, but only ever to our own paths.
describe('web sign-in', () => {
  let app: TestApp;
  let user: TestUser;
  appForSuite(QUIET_APP, async (booted) => {
    app = booted;
    user = await createUser(app.strapi);
  });

  const sessionCookie = (res: { headers: Record<string, string | string[] | undefined> }) =>
    ((res.headers['set-cookie'] as string[] | undefined) ?? []).find((c) => c.startsWith('gc_session='));

  it.each([
    '/library/',
    '/recipients/',
    '/reminders/',
    '/cart/',
    '/orders/',
    '/subscriptions/',
    '/orders/00000000-0000-4000-8000-000000000000/',
    '/checkout/00000000-0000-4000-8000-000000000000/',
  ])('sends an anonymous visitor of %s to the sign-in page', async (path) => {
    const res = await app.http().get(path);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`/login/?next=${encodeURIComponent(path)}`);
  });

  it('keeps the query string in next, and answers htmx with HX-Redirect', async () => {
    expect((await app.http().get('/library/?type=sent')).headers.location).toBe(
      '/login/?next=%2Flibrary%2F%3Ftype%3Dsent',
    );
    const hx = await app.http().get('/library/?type=sent').set('HX-Request', 'true');
    expect(hx.status).toBe(401);
    expect(hx.headers['hx-redirect']).toBe('/login/?next=%2Flibrary%2F%3Ftype%3Dsent');
    const post = await app.http().post('/recipients/add/').type('form').send({ first_name: 'Anon' });
    expect(post.status).toBe(303);
    expect(post.headers.location).toMatch(/^\/login\/\?next=/);
    const hxPost = await app
      .http()
      .post('/recipients/add/')
      .set('HX-Request', 'true')
      .set('HX-Current-URL', 'http://127.0.0.1/recipients/')
      .type('form')
      .send({});
    expect(hxPost.headers['hx-redirect']).toBe('/login/?next=%2Frecipients%2F');
    const garbled = await app
      .http()
      .post('/recipients/add/')
      .set('HX-Request', 'true')
      .set('HX-Current-URL', 'not a url')
      .type('form')
      .send({});
    expect(garbled.headers['hx-redirect']).toBe('/login/?next=%2Flibrary%2F');
  });

  it('signs in with the form, sets a safe session cookie and returns to next', async () => {
    const res = await postForm(app, '/login/', {
      identifier: user.email,
      password: 'correct-horse-battery',
      next: '/orders/',
    });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/orders/');
    const cookie = sessionCookie(res)!;
    expect(cookie).toMatch(/; path=\//i);
    expect(cookie).toMatch(/; httponly/i);
    expect(cookie).toMatch(/; samesite=lax/i);
    // Plain http (a production build on http://127.0.0.1): no Secure flag, or the browser would drop it.
    expect(cookie).not.toMatch(/; secure/i);
    const jwt = /^gc_session=([^;]+)/.exec(cookie)![1];
    const page = await app.http().get('/orders/').set('Cookie', `gc_session=${jwt}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Sign out');
  });

  it('marks the cookie Secure when the request came over HTTPS through a trusted proxy', async () => {
    const koa = app.strapi.server.app as unknown as { proxy: boolean };
    const before = koa.proxy;
    koa.proxy = true;
    try {
      const res = await postForm(
        app,
        '/login/',
        { identifier: user.email, password: 'correct-horse-battery' },
        { 'X-Forwarded-Proto': 'https' },
      );
      expect(res.status).toBe(303);
      expect(sessionCookie(res)).toMatch(/; secure/i);
    } finally {
      koa.proxy = before;
    }
  });

  it.each([
    '//evil.example/',
    'https://evil.example/',
    '/\\evil.example',
    '/%0d%0aLocation:%20x',
    'javascript:alert(1)',
    '/login/',
  ])('never redirects to %s after sign-in', async (next) => {
    const res = await postForm(app, '/login/', { identifier: user.email, password: 'correct-horse-battery', next });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(safeNext(next));
    expect(res.headers.location.startsWith('/') && !res.headers.location.startsWith('//')).toBe(true);
  });

  it('safeNext keeps own paths and refuses everything else', () => {
    expect(safeNext('/orders/abc/?x=1')).toBe('/orders/abc/?x=1');
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      '',
      undefined,
      ['/a'],
      '/\t/evil.example',
      '/register/',
    ]) {
      expect(safeNext(bad)).toBe('/library/');
    }
  });

  it('a wrong password re-renders the form with a message, and sets no cookie', async () => {
    const res = await postForm(app, '/login/', { identifier: user.email, password: 'nope-nope-nope' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('That e-mail address and password do not match an account.');
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('registers a new account, signs it in and syncs its address-book entry', async () => {
    const res = await postForm(app, '/register/', {
      email: 'New.Person@Example.test',
      username: 'New Person',
      password: 'a-long-password',
    });
    expect(res.status).toBe(303);
    const jwt = /^gc_session=([^;]+)/.exec(sessionCookie(res)!)![1];
    const mine = await app.http().get('/api/recipients/').set('Authorization', `Bearer ${jwt}`);
    expect(mine.body.results).toEqual([
      expect.objectContaining({ email: 'new.person@example.test', is_system_user: true }),
    ]);
    const again = await postForm(app, '/register/', {
      email: 'new.person@example.test',
      username: 'Someone',
      password: 'a-long-password',
    });
    expect(again.status).toBe(400);
    expect(again.text).toContain('already exists');
    const short = await postForm(app, '/register/', { email: 'x@example.test', username: 'Xavier', password: 'short' });
    expect(short.status).toBe(400);
    expect(short.text).toContain('Use at least 8 characters.');
  });

  it('honours e-mail confirmation when the host enables it', async () => {
    const store = app.strapi.store({ type: 'plugin', name: 'users-permissions' });
    const advanced = (await store.get({ key: 'advanced' })) as Record<string, unknown>;
    await store.set({ key: 'advanced', value: { ...advanced, email_confirmation: true } });
    try {
      const res = await postForm(app, '/register/', {
        email: 'confirm.me@example.test',
        username: 'Confirm Me',
        password: 'a-long-password',
      });
      expect(res.status).toBe(200);
      expect(res.text).toContain('Check your e-mail');
      expect(sessionCookie(res)).toBeUndefined();
      const login = await postForm(app, '/login/', {
        identifier: 'confirm.me@example.test',
        password: 'a-long-password',
      });
      expect(login.status).toBe(400);
      expect(login.text).toContain('Please confirm your e-mail address first');
    } finally {
      await store.set({ key: 'advanced', value: advanced });
    }
  });

  it('signs out with a POST that clears the cookie', async () => {
    const login = await postForm(app, '/login/', { identifier: user.email, password: 'correct-horse-battery' });
    const jwt = /^gc_session=([^;]+)/.exec(sessionCookie(login)!)![1];
    const page = await app.http().get('/library/').set('Cookie', `gc_session=${jwt}`);
    const csrf = /<meta name="csrf-token" content="([^"]+)">/.exec(page.text)![1];
    const out = await app.http().post('/logout/').set('Cookie', `gc_session=${jwt}`).type('form').send({ _csrf: csrf });
    expect(out.status).toBe(303);
    expect(out.headers.location).toBe('/login/?signed_out=1');
    expect(sessionCookie(out)).toMatch(/^gc_session=;/);
    // Signing out is POST only: a GET (an image on another site) changes nothing.
    expect(sessionCookie(await app.http().get('/logout/').set('Cookie', `gc_session=${jwt}`))).toBeUndefined();
  });
});
