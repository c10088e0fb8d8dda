import supertest from 'supertest';
import { startApp, QUIET_APP, type TestApp } from '../helpers/strapi';
import { freePort } from '../helpers/smtp';
import { createUser } from '../helpers/users';
import { installFakeProvider, startFakeOAuth, type FakeOAuth } from '../helpers/fake-oauth';
import { linkUsersPermissionsToShop } from '../../plugins/greeting-cards/server/src/areas/accounts';

// Issue 42 item 6: "Continue with <provider>" through users-permissions' own OAuth flow, against a
// fake OAuth 2 provider on loopback (tests/helpers/fake-oauth.ts). The journey is followed hop by hop
// as a browser would (the shop's and the provider's redirects, cookies kept per site), so each hop
// can be checked and the abuse cases can step off it: a state that does not match (login CSRF), a
// callback page reached without the flow, an address the provider has not verified, an existing
// account whose address was never confirmed. Chromium walks the same journey in
// tests/e2e/provider-sign-in.e2e.test.ts.

const PROVIDER = 'loopback';
const PASSWORD = 'correct-horse-battery';
const USER = 'plugin::users-permissions.user';

describe('sign in with another account', () => {
  let app: TestApp;
  let fake: FakeOAuth;
  let base: string;

  beforeAll(async () => {
    fake = await startFakeOAuth();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await startApp({ ...QUIET_APP, PORT: String(port), PUBLIC_URL: base, SERVICE_PUBLIC_URL: base });
    await installFakeProvider(app.strapi, fake, PROVIDER, `${base}/connect/${PROVIDER}/`);
  });
  afterAll(async () => {
    await app?.stop();
    await fake?.close();
  });

  const users = (email: string) => app.strapi.db.query(USER).findMany({ where: { email } });
  const local = (location: string) => (location.startsWith(base) ? location.slice(base.length) : location);

  /** From the shop's button to the provider's authorize page: the authorize URL, with the browser's cookies kept in `agent`. */
  async function toProvider(agent: supertest.Agent, next = '/account/'): Promise<URL> {
    const button = await agent.get(`/sign-in-with/${PROVIDER}/?next=${encodeURIComponent(next)}`);
    expect([button.status, button.headers.location]).toEqual([302, `/api/connect/${PROVIDER}`]);
    const connect = await agent.get(button.headers.location);
    expect(connect.status).toBe(302);
    const authorize = new URL(connect.headers.location);
    expect(authorize.origin + authorize.pathname).toBe(`${fake.url}/authorize`);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${base}/api/connect/${PROVIDER}/callback`);
    expect(authorize.searchParams.get('state')).toMatch(/^[0-9a-f]{40}$/);
    return authorize;
  }

  /** The provider approves: its redirect back to users-permissions' callback (a path on the shop's host). */
  async function approve(authorize: URL): Promise<string> {
    const res = await fetch(authorize, { redirect: 'manual' });
    expect(res.status).toBe(302);
    return local(res.headers.get('location')!);
  }

  /** users-permissions' callback, then the shop's landing page: the last answer. */
  async function land(agent: supertest.Agent, callbackPath: string) {
    const callback = await agent.get(callbackPath);
    expect(callback.status).toBe(302);
    const landing = new URL(callback.headers.location);
    expect(landing.origin + landing.pathname).toBe(`${base}/connect/${PROVIDER}/`);
    return agent.get(landing.pathname + landing.search);
  }

  async function journey(next = '/account/') {
    const agent = supertest.agent(base);
    const done = await land(agent, await approve(await toProvider(agent, next)));
    return { agent, done };
  }

  const sessionCookie = (res: supertest.Response) =>
    ((res.headers['set-cookie'] as unknown as string[] | undefined) ?? []).find(
      (c) => c.startsWith('gc_session=') && !/gc_session=;/.test(c),
    );

  it("points the host's providers at the shop's landing page at boot, and leaves a host's own page alone", async () => {
    const store = app.strapi.store({ type: 'plugin', name: 'users-permissions' });
    const grant = (await store.get({ key: 'grant' })) as Record<string, Record<string, unknown>>;
    expect(grant.github.callback).toBe(`${base}/connect/github/`);
    await store.set({
      key: 'grant',
      value: { ...grant, google: { ...grant.google, callback: 'https://app.example/auth' } },
    });
    await linkUsersPermissionsToShop(app.strapi);
    const after = (await store.get({ key: 'grant' })) as Record<string, Record<string, unknown>>;
    expect(after.google.callback).toBe('https://app.example/auth');
    expect(after.github.callback).toBe(`${base}/connect/github/`);
  });

  it('shows a button per enabled provider that lands in the shop, in English and German', async () => {
    const login = await supertest(base).get('/login/?next=/account/');
    expect(login.text).toContain(`href="/sign-in-with/${PROVIDER}/?next=%2Faccount%2F">Continue with Loopback</a>`);
    // GitHub and Google are not enabled; a disabled provider has no button and no start page.
    expect(login.text).not.toContain('/sign-in-with/github/');
    expect((await supertest(base).get('/sign-in-with/github/')).status).toBe(404);
    const register = await supertest(base).get('/register/?locale=de');
    expect(register.text).toContain('Weiter mit Loopback');
  });

  it('signs a new shopper up and in: an account with no password, the session cookie, the page asked for', async () => {
    fake.identity = { email: 'new.shopper@example.test', email_verified: true, preferred_username: 'newshopper' };
    const { agent, done } = await journey('/account/');
    expect([done.status, done.headers.location]).toEqual([303, '/account/']);
    expect(sessionCookie(done)).toMatch(/HttpOnly/i);
    const [user] = await users('new.shopper@example.test');
    expect(user).toMatchObject({ provider: PROVIDER, confirmed: true, username: 'newshopper' });
    expect(user.password ?? null).toBeNull();
    const account = await agent.get('/account/');
    expect(account.status).toBe(200);
    expect(account.text).toContain('new.shopper@example.test');
    // A second sign-in is the same account.
    await journey();
    expect(await users('new.shopper@example.test')).toHaveLength(1);
  });

  it('signs an existing shopper with the same confirmed address into their own account, password kept', async () => {
    const shopper = await createUser(app.strapi, { email: 'ada@example.test' });
    fake.identity = { email: 'Ada@Example.test', email_verified: true };
    const { agent, done } = await journey('/account/');
    expect(done.status).toBe(303);
    const me = await agent.get('/api/me/account/');
    expect([me.status, me.body.id, me.body.email]).toEqual([200, shopper.id, 'ada@example.test']);
    expect(await users('ada@example.test')).toHaveLength(1);
    const signIn = await supertest(base)
      .post('/api/auth/local')
      .send({ identifier: 'ada@example.test', password: PASSWORD });
    expect(signIn.status).toBe(200);
  });

  it('does not hand an account whose address was never confirmed to the provider user', async () => {
    const squat = await createUser(app.strapi, { email: 'victim@example.test', confirmed: false });
    fake.identity = { email: 'victim@example.test', email_verified: true };
    const { agent, done } = await journey();
    expect(done.status).toBe(400);
    expect(done.text).toContain('waiting for its address to be confirmed');
    expect(sessionCookie(done)).toBeUndefined();
    expect((await agent.get('/api/me/account/')).status).toBe(401);
    const rows = await users('victim@example.test');
    expect(rows.map((u: { id: number }) => u.id)).toEqual([squat.id]);
  });

  it('refuses an address the provider has not verified', async () => {
    fake.identity = { email: 'unverified@example.test', email_verified: false };
    const { done } = await journey();
    expect(done.status).toBe(400);
    expect(done.text).toContain('did not give us a confirmed e-mail address');
    expect(sessionCookie(done)).toBeUndefined();
    expect(await users('unverified@example.test')).toHaveLength(0);
  });

  it("refuses a callback from another browser's flow (login CSRF) and a state that was changed", async () => {
    fake.identity = { email: 'attacker@example.test', email_verified: true };
    // The attacker starts a flow, approves it, and makes the victim's browser open the callback.
    const attacker = supertest.agent(base);
    const callbackPath = await approve(await toProvider(attacker));
    const victim = supertest.agent(base);
    await victim.get('/login/');
    const landed = await land(victim, callbackPath);
    expect(landed.status).toBe(400);
    expect(landed.text).toContain('Signing in with Loopback did not work');
    expect(sessionCookie(landed)).toBeUndefined();

    // The same browser, but the state changed on the way back.
    const browser = supertest.agent(base);
    const authorize = await toProvider(browser);
    authorize.searchParams.set('state', 'f'.repeat(40));
    const tampered = await land(browser, await approve(authorize));
    expect(tampered.status).toBe(400);
    expect(sessionCookie(tampered)).toBeUndefined();
    expect(await users('attacker@example.test')).toHaveLength(0);

    // The landing page opened directly, without a flow behind it.
    const direct = await supertest(base).get(`/connect/${PROVIDER}/`);
    expect(direct.status).toBe(400);
    expect(sessionCookie(direct)).toBeUndefined();
  });

  it('uses the tokens of a finished flow once: reloading the landing page signs nobody in again', async () => {
    fake.identity = { email: 'once@example.test', email_verified: true };
    const agent = supertest.agent(base);
    const callback = await agent.get(await approve(await toProvider(agent)));
    const landing = new URL(callback.headers.location);
    expect((await agent.get(landing.pathname)).status).toBe(303);
    const again = await agent.get(landing.pathname);
    expect(again.status).toBe(400);
    expect(sessionCookie(again)).toBeUndefined();
  });

  it('asks a provider account for a fresh provider sign-in before export and deletion', async () => {
    fake.identity = { email: 'fresh@example.test', email_verified: true };
    const { agent } = await journey();
    const [user] = await users('fresh@example.test');
    const jwt = app.strapi.plugin('users-permissions').service('jwt');
    const stale = String(await jwt.issue({ id: user.id, iat: Math.floor(Date.now() / 1000) - 11 * 60 }));

    // The API: a token from a sign-in 11 minutes ago is refused, a fresh one is enough.
    const old = await supertest(base).get('/api/me/export/').set('Authorization', `Bearer ${stale}`);
    expect([old.status, old.body]).toEqual([400, { password: ['Please sign in again first, to confirm it is you.'] }]);
    const fresh = String(await jwt.issue({ id: user.id }));
    const ok = await supertest(base).get('/api/me/export/').set('Authorization', `Bearer ${fresh}`);
    expect([ok.status, ok.headers['content-type']]).toEqual([200, 'application/zip']);

    // The page offers the provider's sign-in instead of a password field, and comes back to itself.
    const page = await agent.get('/account/delete/');
    expect(page.text).not.toContain('name="password"');
    expect(page.text).toContain(
      `href="/sign-in-with/${PROVIDER}/?next=%2Faccount%2Fdelete%2F">Sign in again with Loopback</a>`,
    );
    const staleDelete = await supertest(base).delete('/api/me/account/').set('Authorization', `Bearer ${stale}`);
    expect(staleDelete.status).toBe(400);
    expect(await users('fresh@example.test')).toHaveLength(1);
    const deleted = await supertest(base).delete('/api/me/account/').set('Authorization', `Bearer ${fresh}`);
    expect(deleted.status).toBe(200);
    expect(await users('fresh@example.test')).toHaveLength(0);
  });
});
