import { QUIET_APP, appForSuite, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { htmx, postForm, webSession, WebSession } from './session';

// Cookie-authenticated writes need the session's CSRF token, on web pages and on /api alike;
// bearer-token requests are not exposed to CSRF and are unaffected.
describe('CSRF protection', () => {
  let app: TestApp;
  let user: TestUser;
  let other: TestUser;
  let s: WebSession;
  appForSuite(QUIET_APP, async (booted) => {
    app = booted;
    user = await createUser(app.strapi);
    other = await createUser(app.strapi);
    s = await webSession(app, user);
  });
  const FAILURE = { detail: 'CSRF token missing or incorrect.' };

  it('rejects a cookie-authenticated API write without a token, or with a wrong one', async () => {
    const none = await app.http().post('/api/cards/').set('Cookie', s.cookie).send({ title: 'Forged' });
    expect(none.status).toBe(403);
    expect(none.body).toEqual(FAILURE);
    const wrong = await app
      .http()
      .post('/api/cards/')
      .set('Cookie', s.cookie)
      .set('X-CSRF-Token', `${s.csrf}x`)
      .send({ title: 'Forged' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual(FAILURE);
    // Another user's token does not fit this session.
    const foreign = (await webSession(app, other)).csrf;
    const swapped = await app
      .http()
      .post('/api/cards/')
      .set('Cookie', s.cookie)
      .set('X-CSRF-Token', foreign)
      .send({ title: 'Forged' });
    expect(swapped.status).toBe(403);
    // A form post to the API (what a cross-site <form> can send) is no exception.
    const form = await app
      .http()
      .post('/api/cards/')
      .set('Cookie', s.cookie)
      .type('form')
      .send({ title: 'Forged', _csrf: s.csrf });
    expect(form.status).toBe(403);
    for (const method of ['patch', 'delete'] as const) {
      expect((await app.http()[method]('/api/cards/1/').set('Cookie', s.cookie).send({})).status).toBe(403);
    }
    // The check belongs to our routes: a method no route of ours serves reaches nothing of ours.
    expect((await app.http().put('/api/cards/1/').set('Cookie', s.cookie).send({})).status).toBe(405);
    expect((await app.http().get('/api/cards/').set(user.auth)).body.count).toBe(0);
  });

  it('accepts the right token in the X-CSRF-Token header', async () => {
    const ok = await app
      .http()
      .post('/api/cards/')
      .set('Cookie', s.cookie)
      .set('X-CSRF-Token', s.csrf)
      .send({ title: 'Real' });
    expect(ok.status).toBe(201);
  });

  it('leaves bearer-token requests alone, even with a cookie beside them', async () => {
    const bearer = await app.http().post('/api/cards/').set(user.auth).send({ title: 'From a script' });
    expect(bearer.status).toBe(201);
    const both = await app
      .http()
      .post('/api/cards/')
      .set(user.auth)
      .set('Cookie', s.cookie)
      .send({ title: 'Script with a cookie jar' });
    expect(both.status).toBe(201);
  });

  it('rejects web form posts and htmx requests without the token', async () => {
    const form = await app
      .http()
      .post('/recipients/add/')
      .set('Cookie', s.cookie)
      .type('form')
      .send({ first_name: 'Forged' });
    expect(form.status).toBe(403);
    expect(form.headers['content-type']).toMatch(/html/);
    expect(form.text).toContain('CSRF token missing or incorrect.');
    const wrongField = await app
      .http()
      .post('/recipients/add/')
      .set('Cookie', s.cookie)
      .type('form')
      .send({ first_name: 'Forged', _csrf: 'nope' });
    expect(wrongField.status).toBe(403);
    const hx = await app.http().delete('/recipients/1/delete/').set('Cookie', s.cookie).set('HX-Request', 'true');
    expect(hx.status).toBe(403);
    const logout = await app.http().post('/logout/').set('Cookie', s.cookie).type('form').send({});
    expect(logout.status).toBe(403);
    const names = (await app.http().get('/api/recipients/').set(user.auth)).body.results.map(
      (r: { first_name: string }) => r.first_name,
    );
    expect(names).not.toContain('Forged');
  });

  it('accepts the token as the _csrf form field or the htmx header', async () => {
    const form = await app
      .http()
      .post('/recipients/add/')
      .set('Cookie', s.cookie)
      .type('form')
      .send({ first_name: 'Fielded', _csrf: s.csrf });
    expect(form.status).toBe(303);
    const hx = await app.http().post('/recipients/add/').set(htmx(s)).type('form').send({ first_name: 'Headed' });
    expect(hx.status).toBe(200);
    const names = (await app.http().get('/api/recipients/').set(user.auth)).body.results.map(
      (r: { first_name: string }) => r.first_name,
    );
    expect(names).toEqual(expect.arrayContaining(['Fielded', 'Headed']));
  });

  it('the anonymous sign-in form needs the token of its pre-session instead (see tests/security/login-csrf.test.ts)', async () => {
    const res = await postForm(app, '/login/', { identifier: user.email, password: 'wrong-password' });
    expect(res.status).toBe(400);
    const bare = await app
      .http()
      .post('/login/')
      .type('form')
      .send({ identifier: user.email, password: 'wrong-password' });
    expect(bare.status).toBe(403);
  });
});
