import net from 'net';
import type { ParsedMail } from 'mailparser';
import { startApp, TestApp, QUIET_APP } from '../helpers/strapi';
import { startSmtpCapture, SmtpCapture } from '../helpers/smtp';
import { createUser } from '../helpers/users';
import { openForm, postForm } from '../web/session';
import { newResetCode } from '../../plugins/greeting-cards/server/src/areas/accounts/password-reset/reset-token';
import { linkUsersPermissionsToShop } from '../../plugins/greeting-cards/server/src/areas/accounts/users-permissions-links';

// Issue 42, items 1 and 2: password reset and e-mail confirmation on users-permissions' own fields,
// through the shop's pages and e-mails. The abuse cases come first: a code works once, expires, cannot
// be guessed or edited, the forms answer the same for every address, and the limits hold.

const SHOP = 'https://cards.example.test';
const USER = 'plugin::users-permissions.user';

describe('password reset and e-mail confirmation', () => {
  let app: TestApp;
  let smtp: SmtpCapture;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startApp({
      ...QUIET_APP,
      ...smtp.env,
      SERVICE_PUBLIC_URL: SHOP,
      SERVICE_RATE_LIMIT_ENABLED: 'true',
      SERVICE_RATE_LIMIT_AUTH_PER_IDENTIFIER: '6',
      SERVICE_RATE_LIMIT_AUTH_PER_IP: '1000',
    });
    // The template database was made by a boot with another public URL: start from a host that left
    // users-permissions' link settings empty.
    const store = app.strapi.store({ type: 'plugin', name: 'users-permissions' });
    const advanced = (await store.get({ key: 'advanced' })) as Record<string, unknown>;
    await store.set({
      key: 'advanced',
      value: { ...advanced, email_reset_password: null, email_confirmation_redirection: null },
    });
    await linkUsersPermissionsToShop(app.strapi);
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.stop();
  });

  const to = (m: ParsedMail) => (m.to as { text: string }).text;
  const mailTo = async (address: string, subject: RegExp, count = 1) =>
    (await smtp.waitFor((m) => to(m) === address && subject.test(m.subject ?? ''), count)).slice(-1)[0];
  const linkIn = (m: ParsedMail, path: string) => {
    const match = new RegExp(`${SHOP.replace(/\./g, '\\.')}${path}\\?(?:code|confirmation)=([^\\s"<&]+)`).exec(
      m.text ?? '',
    );
    if (!match) throw new Error(`no ${path} link in: ${m.text}`);
    return decodeURIComponent(match[1]);
  };
  /** A page without its per-request CSRF tokens. */
  const withoutTokens = (html: string) => html.replace(/[A-Za-z0-9_-]{43}/g, 'TOKEN');
  const sessionOf = (res: { headers: Record<string, unknown> }) =>
    /gc_session=([^;]+)/.exec(((res.headers['set-cookie'] as string[] | undefined) ?? []).join('\n'))?.[1];
  const userRow = (id: number) => app.strapi.db.query(USER).findOne({ where: { id } });
  const signInWorks = async (identifier: string, password: string) =>
    (await postForm(app, '/login/', { identifier, password })).status === 303;

  /** Opens the reset page of `code` as a browser would and posts its form. */
  async function submitReset(code: string, password: string) {
    const visit = await openForm(app, `/reset-password/?code=${encodeURIComponent(code)}`);
    return app
      .http()
      .post('/reset-password/')
      .type('form')
      .set('Cookie', visit.cookie)
      .send({ _csrf: visit.csrf, code, password });
  }

  /** Posts the resend form the sign-in page shows, with the sign-in page's token. */
  async function resend(identifier: string) {
    const visit = await openForm(app, '/login/');
    return app
      .http()
      .post('/confirm-email/resend/')
      .type('form')
      .set('Cookie', visit.cookie)
      .send({ _csrf: visit.csrf, identifier });
  }

  async function askForReset(email: string, headers: Record<string, string> = {}) {
    return postForm(app, '/forgot-password/', { email }, headers);
  }

  describe('abuse', () => {
    it('answers the same for a known and an unknown address, and only the known one gets mail', async () => {
      const bob = await createUser(app.strapi);
      const known = await askForReset(bob.email);
      const unknown = await askForReset('nobody-here@example.test');
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      const page = (html: string, email: string) => withoutTokens(html.replace(email, 'ADDRESS'));
      expect(page(known.text, bob.email)).toBe(page(unknown.text, 'nobody-here@example.test'));
      await mailTo(bob.email, /Reset your password/);
      expect(smtp.messages.some((m) => to(m) === 'nobody-here@example.test')).toBe(false);
    });

    it('answers without waiting for the mail server (the sending is off the response path)', async () => {
      const carol = await createUser(app.strapi);
      // A mail server that accepts the connection and never greets: a send waits for the 2 s SMTP
      // timeout of the tests, so an answer that waited for the sending would take that long.
      await smtp.stop();
      const sockets: net.Socket[] = [];
      const silent = net.createServer((socket) => sockets.push(socket));
      await new Promise<void>((resolve) => silent.listen(smtp.port, '127.0.0.1', resolve));
      try {
        const started = Date.now();
        const res = await askForReset(carol.email);
        expect(res.status).toBe(200);
        expect(Date.now() - started).toBeLessThan(1500);
      } finally {
        await new Promise<void>((resolve) => {
          silent.close(() => resolve());
          for (const socket of sockets) socket.destroy();
        });
        await smtp.start();
      }
    });

    it('a code works once; a second use, a wrong code and an edited code say the link no longer works', async () => {
      const dave = await createUser(app.strapi);
      await askForReset(dave.email);
      const code = linkIn(await mailTo(dave.email, /Reset your password/), '/reset-password/');
      const first = await submitReset(code, 'brand-new-password-1');
      expect(first.status).toBe(303);
      expect(await signInWorks(dave.email, 'brand-new-password-1')).toBe(true);

      const again = await app.http().get(`/reset-password/?code=${encodeURIComponent(code)}`);
      expect(again.status).toBe(410);
      expect(again.text).toContain('already been used');
      expect(again.text).toContain('Send me a new link');
      // A second post of the form (another tab) changes nothing.
      const visit = await openForm(app, '/forgot-password/');
      const replay = await app
        .http()
        .post('/reset-password/')
        .type('form')
        .set('Cookie', visit.cookie)
        .send({ _csrf: visit.csrf, code, password: 'attacker-password-9' });
      expect(replay.status).toBe(410);
      expect(sessionOf(replay)).toBeUndefined();
      expect(await signInWorks(dave.email, 'attacker-password-9')).toBe(false);

      await askForReset(dave.email);
      const fresh = linkIn(await mailTo(dave.email, /Reset your password/, 2), '/reset-password/');
      const [id, expiry, secret] = fresh.split('.');
      const flipped = `${id}.${expiry}.${secret.slice(0, -1)}${secret.endsWith('0') ? '1' : '0'}`;
      const later = `${id}.${(parseInt(expiry, 36) + 86_400).toString(36)}.${secret}`;
      for (const wrong of [flipped, later, `${Number(id) + 1}.${expiry}.${secret}`, 'abc', '', 'x'.repeat(5000)]) {
        const res = await app.http().get(`/reset-password/?code=${encodeURIComponent(wrong)}`);
        expect(res.status).toBe(410);
        expect(res.text).toContain('This link no longer works');
      }
      const guessed = await submitReset(flipped, 'attacker-password-9').catch(() => null);
      expect(guessed).toBeNull(); // the page of a wrong code has no form to post
      // The real one still works after all that.
      expect((await submitReset(fresh, 'brand-new-password-2')).status).toBe(303);
    });

    it('an expired code says so, on the page and on the API', async () => {
      const erin = await createUser(app.strapi);
      const code = newResetCode(erin.id, new Date(Date.now() - 2 * 3_600_000));
      await app.strapi.db.query(USER).update({ where: { id: erin.id }, data: { resetPasswordToken: code } });
      const page = await app.http().get(`/reset-password/?code=${encodeURIComponent(code)}`);
      expect(page.status).toBe(410);
      expect(page.text).toContain('This link has expired');
      const api = await app
        .http()
        .post('/api/auth/reset-password')
        .send({ code, password: 'api-password-12', passwordConfirmation: 'api-password-12' });
      expect(api.status).toBe(400);
      expect(api.body.error.message).toMatch(/expired/);
      expect(await signInWorks(erin.email, 'api-password-12')).toBe(false);
    });

    it('asking for resets shares the sign-in counter of the address', async () => {
      const frank = await createUser(app.strapi);
      for (let i = 0; i < 6; i++) expect((await askForReset(frank.email.toUpperCase())).status).toBe(200);
      const limited = await askForReset(frank.email);
      expect(limited.status).toBe(429);
      expect(limited.text).toContain('Too many attempts');
      const signIn = await postForm(app, '/login/', { identifier: frank.email, password: 'correct-horse-battery' });
      expect(signIn.status).toBe(429);
    });

    it('refuses the forms without their token, and changes nothing', async () => {
      const gina = await createUser(app.strapi);
      const forged = await app.http().post('/forgot-password/').type('form').send({ email: gina.email });
      expect(forged.status).toBe(403);

      await askForReset(gina.email);
      const code = linkIn(await mailTo(gina.email, /Reset your password/), '/reset-password/');
      // Only the real form's request sent anything.
      expect(smtp.messages.filter((m) => to(m) === gina.email)).toHaveLength(1);
      const noToken = await app
        .http()
        .post('/reset-password/')
        .type('form')
        .send({ code, password: 'forged-password-1' });
      expect(noToken.status).toBe(403);
      expect(sessionOf(noToken)).toBeUndefined();
      expect(await signInWorks(gina.email, 'forged-password-1')).toBe(false);
      expect((await userRow(gina.id)).resetPasswordToken).toBe(code);
    });
  });

  describe('the journey', () => {
    it('forgot, e-mail in the shopper’s language, reset, signed in', async () => {
      const hanna = await createUser(app.strapi);
      const login = await app.http().get('/login/');
      expect(login.text).toContain('href="/forgot-password/"');
      await askForReset(hanna.email, { 'Accept-Language': 'de-DE,de;q=0.9' });
      const mail = await mailTo(hanna.email, /Setze dein Passwort zurück/);
      expect(mail.text).toContain('Neues Passwort wählen');
      expect(String(mail.html)).toContain('Neues Passwort wählen');
      const code = linkIn(mail, '/reset-password/');
      const page = await app
        .http()
        .get(`/reset-password/?code=${encodeURIComponent(code)}`)
        .set('Accept-Language', 'de');
      expect(page.status).toBe(200);
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.text).toContain('Neues Passwort wählen');

      const short = await submitReset(code, 'short');
      expect(short.status).toBe(400);
      expect(short.text).toContain('Use at least 8 characters.');
      const done = await submitReset(code, 'hanna-new-password');
      expect(done.status).toBe(303);
      expect(done.headers.location).toBe('/library/?password_reset=1');
      const jwt = sessionOf(done)!;
      expect((await app.http().get('/library/').set('Cookie', `gc_session=${jwt}`)).status).toBe(200);
      expect(await signInWorks(hanna.email, 'correct-horse-battery')).toBe(false);
      expect(await signInWorks(hanna.email, 'hanna-new-password')).toBe(true);
      expect((await userRow(hanna.id)).resetPasswordToken).toBeNull();
    });

    it("API clients keep users-permissions' routes; their e-mail links to the shop's page, which takes its code", async () => {
      const ivan = await createUser(app.strapi);
      const asked = await app.http().post('/api/auth/forgot-password').send({ email: ivan.email });
      expect(asked.status).toBe(200);
      expect(asked.body).toEqual({ ok: true });
      const mail = await smtp.waitFor((m) => to(m) === ivan.email);
      const code = linkIn(mail[0], '/reset-password/');
      expect((await app.http().get(`/reset-password/?code=${code}`)).status).toBe(200);
      const done = await submitReset(code, 'ivan-new-password');
      expect(done.status).toBe(303);
      expect(await signInWorks(ivan.email, 'ivan-new-password')).toBe(true);
      expect((await app.http().get(`/reset-password/?code=${code}`)).status).toBe(410);

      // A code of the shop's own e-mail works on the API route too.
      await askForReset(ivan.email);
      const shopCode = linkIn(await mailTo(ivan.email, /Reset your password/), '/reset-password/');
      const api = await app
        .http()
        .post('/api/auth/reset-password')
        .send({ code: shopCode, password: 'ivan-api-password', passwordConfirmation: 'ivan-api-password' });
      expect(api.status).toBe(200);
      expect(api.body.jwt).toEqual(expect.any(String));
      expect(await signInWorks(ivan.email, 'ivan-api-password')).toBe(true);
    });

    it("users-permissions' own codes expire after an hour too", async () => {
      const jane = await createUser(app.strapi);
      await app.http().post('/api/auth/forgot-password').send({ email: jane.email });
      const code = linkIn((await smtp.waitFor((m) => to(m) === jane.email))[0], '/reset-password/');
      const store = app.strapi.store({ type: 'plugin', name: 'greeting-cards' });
      const key = `reset-code-issued:${jane.id}`;
      const noted = (await store.get({ key })) as { at: number };
      await store.set({ key, value: { ...noted, at: noted.at - 2 * 3_600_000 } });
      const page = await app.http().get(`/reset-password/?code=${code}`);
      expect(page.status).toBe(410);
      expect(page.text).toContain('This link has expired');
      const api = await app
        .http()
        .post('/api/auth/reset-password')
        .send({ code, password: 'jane-api-password', passwordConfirmation: 'jane-api-password' });
      expect(api.status).toBe(400);
    });

    it("sets users-permissions' link settings only where the host left them empty", async () => {
      const store = app.strapi.store({ type: 'plugin', name: 'users-permissions' });
      const advanced = (await store.get({ key: 'advanced' })) as Record<string, unknown>;
      expect(advanced.email_reset_password).toBe(`${SHOP}/reset-password/`);
      expect(advanced.email_confirmation_redirection).toBe(`${SHOP}/login/?confirmed=1`);
      try {
        await store.set({
          key: 'advanced',
          value: {
            ...advanced,
            email_reset_password: 'https://host.example/reset',
            email_confirmation_redirection: '',
          },
        });
        await linkUsersPermissionsToShop(app.strapi);
        const after = (await store.get({ key: 'advanced' })) as Record<string, unknown>;
        expect(after.email_reset_password).toBe('https://host.example/reset');
        expect(after.email_confirmation_redirection).toBe(`${SHOP}/login/?confirmed=1`);
        // A value the shop set itself follows a new public URL.
        const own = app.strapi.store({ type: 'plugin', name: 'greeting-cards' });
        await own.set({
          key: 'users-permissions-links',
          value: { email_reset_password: 'https://old.example/reset-password/' },
        });
        await store.set({
          key: 'advanced',
          value: { ...after, email_reset_password: 'https://old.example/reset-password/' },
        });
        await linkUsersPermissionsToShop(app.strapi);
        expect(((await store.get({ key: 'advanced' })) as Record<string, unknown>).email_reset_password).toBe(
          `${SHOP}/reset-password/`,
        );
      } finally {
        await store.set({ key: 'advanced', value: advanced });
      }
    });
  });

  describe('e-mail confirmation', () => {
    const upStore = () => app.strapi.store({ type: 'plugin', name: 'users-permissions' });
    let advanced: Record<string, unknown>;
    beforeAll(async () => {
      advanced = (await upStore().get({ key: 'advanced' })) as Record<string, unknown>;
      await upStore().set({ key: 'advanced', value: { ...advanced, email_confirmation: true } });
    });
    afterAll(async () => {
      await upStore().set({ key: 'advanced', value: advanced });
    });

    it('registration says check your inbox; the link confirms once and signs in; resending replaces it', async () => {
      const email = 'kim.confirm@example.test';
      const registered = await postForm(app, '/register/', {
        email,
        username: 'Kim Confirm',
        password: 'kim-password-1',
      });
      expect(registered.status).toBe(200);
      expect(registered.text).toContain('Check your e-mail');
      expect(sessionOf(registered)).toBeUndefined();
      const firstCode = linkIn(await mailTo(email, /Confirm your e-mail address/), '/confirm-email/');

      const early = await postForm(app, '/login/', { identifier: email, password: 'kim-password-1' });
      expect(early.status).toBe(400);
      expect(early.text).toContain('Send the confirmation link again');
      // A wrong password is never offered the link.
      const wrong = await postForm(app, '/login/', { identifier: email, password: 'not-kims-password' });
      expect(wrong.text).not.toContain('Send the confirmation link again');

      const again = await resend(email);
      expect(again.status).toBe(200);
      expect(again.text).toContain('we have sent a new link');
      const secondCode = linkIn(await mailTo(email, /Confirm your e-mail address/, 2), '/confirm-email/');
      expect(secondCode).not.toBe(firstCode);

      const replaced = await app.http().get(`/confirm-email/?confirmation=${encodeURIComponent(firstCode)}`);
      expect(replaced.status).toBe(410);
      expect(replaced.text).toContain('This confirmation link no longer works');

      const confirmed = await app.http().get(`/confirm-email/?confirmation=${encodeURIComponent(secondCode)}`);
      expect(confirmed.status).toBe(302);
      expect(confirmed.headers.location).toBe('/catalogue/?welcome=1');
      const jwt = sessionOf(confirmed)!;
      expect((await app.http().get('/library/').set('Cookie', `gc_session=${jwt}`)).status).toBe(200);
      expect((await app.http().get(`/confirm-email/?confirmation=${encodeURIComponent(secondCode)}`)).status).toBe(410);
      expect(await signInWorks(email, 'kim-password-1')).toBe(true);
    });

    it('resending answers the same for unknown, confirmed and waiting accounts, and is limited', async () => {
      const confirmedUser = await createUser(app.strapi);
      const before = smtp.messages.length;
      const a = await resend('nobody-at-all@example.test');
      const b = await resend(confirmedUser.email);
      expect(a.status).toBe(200);
      expect(b.status).toBe(200);
      expect(withoutTokens(a.text)).toBe(withoutTokens(b.text));
      for (let i = 0; i < 5; i++) expect((await resend(confirmedUser.email)).status).toBe(200);
      expect((await resend(confirmedUser.email)).status).toBe(429);
      // An account that is waiting gets its mail; sent after the others, it shows none of them went out.
      const waiting = await createUser(app.strapi, { confirmed: false });
      expect((await resend(waiting.username)).status).toBe(200);
      await mailTo(waiting.email, /Confirm your e-mail address/);
      expect(smtp.messages.filter((m) => to(m) !== waiting.email).length).toBe(before);
    });

    it('the confirmation page refuses garbage and codes of other shapes plainly', async () => {
      for (const code of ['', 'abc', '1.zz', 'x'.repeat(400), '999999.' + '0'.repeat(64)]) {
        const res = await app.http().get(`/confirm-email/?confirmation=${encodeURIComponent(code)}`);
        expect(res.status).toBe(410);
        expect(res.text).toContain('This confirmation link no longer works');
      }
    });
  });
});

describe("password reset in users-permissions' refresh mode", () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startApp({ ...QUIET_APP, ...smtp.env, SERVICE_PUBLIC_URL: SHOP, UP_JWT_MANAGEMENT: 'refresh' });
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.stop();
  });

  // users-permissions' access tokens are short-lived and checked by signature; what ends a session is
  // its refresh token (what users-permissions' own reset revokes), so that is what this checks.
  it('revokes the other sessions and signs this one in', async () => {
    const user = await createUser(app.strapi);
    const sessionOf = (res: { headers: Record<string, unknown> }) =>
      /gc_session=([^;]+)/.exec(((res.headers['set-cookie'] as string[] | undefined) ?? []).join('\n'))?.[1];
    const other = sessionOf(
      await postForm(app, '/login/', { identifier: user.email, password: 'correct-horse-battery' }),
    )!;
    expect((await app.http().get('/library/').set('Cookie', `gc_session=${other}`)).status).toBe(200);
    const before = await app.strapi.sessionManager('users-permissions').listSessions(String(user.id));
    expect(before.length).toBeGreaterThan(0);

    await postForm(app, '/forgot-password/', { email: user.email });
    const [mail] = await smtp.waitFor((m) => (m.to as { text: string }).text === user.email);
    const code = decodeURIComponent(/\?code=([^\s"<&]+)/.exec(mail.text ?? '')![1]);
    const visit = await openForm(app, `/reset-password/?code=${encodeURIComponent(code)}`);
    const done = await app
      .http()
      .post('/reset-password/')
      .type('form')
      .set('Cookie', visit.cookie)
      .send({ _csrf: visit.csrf, code, password: 'refresh-mode-password' });
    expect(done.status).toBe(303);
    const mine = sessionOf(done)!;
    expect((await app.http().get('/library/').set('Cookie', `gc_session=${mine}`)).status).toBe(200);
    const sessions = app.strapi.sessionManager('users-permissions');
    const live = await sessions.listSessions(String(user.id));
    expect(live).toHaveLength(1);
    expect(sessions.validateAccessToken(mine).payload).toEqual(
      expect.objectContaining({ sessionId: live[0].sessionId }),
    );
  });
});
