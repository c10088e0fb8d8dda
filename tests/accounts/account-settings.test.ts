import type { ParsedMail } from 'mailparser';
import { startApp, TestApp, QUIET_APP } from '../helpers/strapi';
import { startSmtpCapture, SmtpCapture } from '../helpers/smtp';
import { createUser, proveAddress, TestUser } from '../helpers/users';
import { createCard } from '../helpers/order-fixtures';
import { metaCsrf, postForm } from '../web/session';

// Issue 42 item 3: the account page /account/ and GET/PATCH /api/me/account/. Real Strapi, real SMTP
// capture. Abuse first (anonymous, CSRF, bad input, wrong password, limits, bad links), then the
// journeys: an e-mail change (both e-mails), a password change (the other sessions and an old API JWT
// signed out) and e-mail choices (stored with their wording and time, and obeyed by the reminder and
// group-card jobs).

const PASSWORD = 'correct-horse-battery';
const LIMIT = 4;

describe('account settings', () => {
  let app: TestApp;
  let smtp: SmtpCapture;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startApp({
      ...QUIET_APP,
      ...smtp.env,
      SERVICE_PUBLIC_URL: 'https://cards.example.test',
      SERVICE_RATE_LIMIT_ENABLED: 'true',
      SERVICE_RATE_LIMIT_AUTH_PER_IDENTIFIER: String(LIMIT),
      SERVICE_RATE_LIMIT_AUTH_PER_IP: '1000',
      SERVICE_RATE_LIMIT_WRITES_PER_IP: '1000',
      SERVICE_RATE_LIMIT_WRITES_PER_USER: '1000',
    });
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.stop();
  });

  const userRow = (id: number) => app.strapi.db.query('plugin::users-permissions.user').findOne({ where: { id } });
  const to = (m: ParsedMail) => (m.to as { text: string } | undefined)?.text ?? '';
  const mailsTo = (address: string) => smtp.messages.filter((m) => to(m) === address);
  const linkIn = (mail: ParsedMail) =>
    /https:\/\/cards\.example\.test(\/account\/email\/[A-Za-z0-9_-]+\/)/.exec(String(mail.text))![1];
  const cookieOf = (res: { headers: Record<string, unknown> }) =>
    ((res.headers['set-cookie'] as string[] | undefined) ?? []).find((c) => c.startsWith('gc_session='))?.split(';')[0];

  /** A signed-in browser: its cookie and the CSRF token of its account page. */
  async function browser(user: TestUser, cookie = `gc_session=${user.token}`) {
    const page = await app.http().get('/account/').set('Cookie', cookie);
    expect(page.status).toBe(200);
    return { cookie, csrf: metaCsrf(page.text), page };
  }
  const post = (b: { cookie: string; csrf: string }, path: string, fields: Record<string, string>) =>
    app
      .http()
      .post(path)
      .set('Cookie', b.cookie)
      .type('form')
      .send({ _csrf: b.csrf, ...fields });

  describe('refuses', () => {
    it('anonymous callers: 401 on the API, the sign-in page on the web', async () => {
      const api = await app.http().get('/api/me/account/');
      expect(api.status).toBe(401);
      expect(api.body).toEqual({ detail: 'Authentication credentials were not provided.' });
      expect((await app.http().patch('/api/me/account/').send({ display_name: 'X' })).status).toBe(401);
      const page = await app.http().get('/account/');
      expect(page.status).toBe(302);
      expect(page.headers.location).toBe('/login/?next=%2Faccount%2F');
      const form = await app.http().post('/account/password/').type('form').send({ new_password: 'x' });
      expect(form.status).toBe(303);
      expect(form.headers.location).toMatch(/^\/login\/\?next=/);
    });

    it('forms and cookie PATCHes without the CSRF token, changing nothing', async () => {
      const user = await createUser(app.strapi);
      const b = await browser(user);
      const before = (await userRow(user.id)).password;
      for (const path of ['/account/password/', '/account/email/', '/account/profile/', '/account/preferences/']) {
        const res = await app.http().post(path).set('Cookie', b.cookie).type('form').send({
          current_password: PASSWORD,
          new_password: 'another-password-1',
          email: 'x@example.test',
          display_name: 'Evil',
          pref_marketing: 'on',
        });
        expect(res.status).toBe(403);
      }
      const patch = await app.http().patch('/api/me/account/').set('Cookie', b.cookie).send({ display_name: 'Evil' });
      expect(patch.status).toBe(403);
      expect((await userRow(user.id)).password).toBe(before);
      const view = await app.http().get('/api/me/account/').set(user.auth);
      expect(view.body).toMatchObject({ display_name: null, pending_email: null, preferences: { marketing: null } });
    });

    it.each([
      ['an array body', [], { non_field_errors: ['Send a JSON object.'] }],
      ['an unknown field', { is_admin: true }, { is_admin: ['This field cannot be changed here.'] }],
      ['an unknown language', { locale: 'fr' }, { locale: ['Choose one of: en, de.'] }],
      [
        'a too long name',
        { display_name: 'x'.repeat(101) },
        { display_name: ['Ensure this field has no more than 100 characters.'] },
      ],
      ['a name that is not text', { display_name: 7 }, { display_name: ['Not a valid string.'] }],
      [
        'preferences that are not booleans',
        { preferences: { marketing: 'yes' } },
        { preferences: ['Send an object of true or false per kind of e-mail.'] },
      ],
      [
        'an unknown kind of e-mail',
        { preferences: { spam: true } },
        { preferences: ['Send an object of true or false per kind of e-mail.'] },
      ],
      [
        'preferences that are a list',
        { preferences: [true] },
        { preferences: ['Send an object of true or false per kind of e-mail.'] },
      ],
      [
        'an invalid address',
        { email: 'not-an-address', current_password: PASSWORD },
        { email: ['Enter a valid e-mail address.'] },
      ],
      [
        'an address that is not text',
        { email: { $ne: null }, current_password: PASSWORD },
        { email: ['Enter a valid e-mail address.'] },
      ],
      [
        'a short password',
        { new_password: 'short', current_password: PASSWORD },
        { new_password: ['Use at least 8 characters.'] },
      ],
      [
        'a password over 72 bytes',
        { new_password: 'ü'.repeat(40), current_password: PASSWORD },
        { new_password: ['Use at most 72 bytes.'] },
      ],
      [
        'the same password',
        { new_password: PASSWORD, current_password: PASSWORD },
        { new_password: ['Choose a new password that differs from your current one.'] },
      ],
      [
        'a change without the current password',
        { new_password: 'another-password-1' },
        { current_password: ['This field is required.'] },
      ],
    ])('%s with 400 and the field, changing nothing', async (_label, body, errors) => {
      const user = await createUser(app.strapi);
      const res = await app
        .http()
        .patch('/api/me/account/')
        .set(user.auth)
        .send(body as object);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(errors);
      const view = await app.http().get('/api/me/account/').set(user.auth);
      expect(view.body).toMatchObject({ email: user.email, display_name: null, locale: null, pending_email: null });
    });

    it('the address the account has already, and says it in German too', async () => {
      const user = await createUser(app.strapi);
      const res = await app
        .http()
        .patch('/api/me/account/')
        .set(user.auth)
        .set('Accept-Language', 'de')
        .send({ email: user.email.toUpperCase(), current_password: PASSWORD });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ email: ['Das ist bereits deine E-Mail-Adresse.'] });
    });

    it('a wrong current password, then counts attempts and answers 429 (API and page share the count)', async () => {
      const user = await createUser(app.strapi);
      const sent = smtp.messages.length;
      const wrong = { email: 'new-address@example.test', current_password: 'not-my-password' };
      const first = await app.http().patch('/api/me/account/').set(user.auth).send(wrong);
      expect(first.status).toBe(400);
      expect(first.body).toEqual({ current_password: ['Your current password is not correct.'] });
      const b = await browser(user);
      const page = await post(b, '/account/password/', {
        current_password: 'nope-nope',
        new_password: 'another-password-1',
      });
      expect(page.status).toBe(400);
      expect(page.text).toContain('Your current password is not correct.');
      expect(page.text).toMatch(/id="password-current-password"[^>]*aria-invalid="true"/);
      for (let i = 2; i < LIMIT; i++)
        expect((await app.http().patch('/api/me/account/').set(user.auth).send(wrong)).status).toBe(400);
      // Past the limit even the right password is refused, and nothing is sent.
      const limited = await app
        .http()
        .patch('/api/me/account/')
        .set(user.auth)
        .send({ email: 'new-address@example.test', current_password: PASSWORD });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.body.detail).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
      const de = await post(b, '/account/email/', {
        email: 'new-address@example.test',
        current_password: PASSWORD,
      }).set('Accept-Language', 'de');
      expect(de.status).toBe(429);
      expect(de.text).toMatch(/Zu viele Versuche/);
      // Name and choices need no password and are not limited.
      expect(
        (await app.http().patch('/api/me/account/').set(user.auth).send({ display_name: 'Still me' })).status,
      ).toBe(200);
      expect(smtp.messages.length).toBe(sent);
      expect((await app.http().get('/api/me/account/').set(user.auth)).body.pending_email).toBeNull();
    });

    it('unknown, malformed and used links with a plain page, never a change', async () => {
      for (const token of ['x', 'A'.repeat(43), `${'A'.repeat(43)}%00`, '..%2F..%2Fetc']) {
        const res = await app.http().get(`/account/email/${token}/`);
        expect([400, 404]).toContain(res.status);
        const posted = await app.http().post(`/account/email/${token}/`).type('form').send({});
        expect([400, 404]).toContain(posted.status);
      }
      const res = await app
        .http()
        .get(`/account/email/${'A'.repeat(43)}/`)
        .set('Accept-Language', 'de');
      expect(res.text).toContain('Dieser Link funktioniert nicht');
    });

    it('an address another account holds: the request looks the same, the link then fails', async () => {
      const owner = await createUser(app.strapi);
      const other = await createUser(app.strapi);
      const res = await app
        .http()
        .patch('/api/me/account/')
        .set(other.auth)
        .send({ email: owner.email, current_password: PASSWORD });
      expect(res.status).toBe(200);
      expect(res.body.pending_email).toBe(owner.email);
      const [link] = await smtp.waitFor((m) => to(m) === owner.email && /Confirm your new/.test(m.subject ?? ''));
      const confirm = await app.http().post(linkIn(link)).type('form').send({});
      expect(confirm.status).toBe(409);
      expect(confirm.text).toContain('This address belongs to another account');
      expect((await userRow(other.id)).email).toBe(other.email);
      expect((await userRow(owner.id)).email).toBe(owner.email);
      expect(mailsTo(other.email)).toHaveLength(0);
    });
  });

  it('changes the e-mail address only from the new address, and tells the old one', async () => {
    const user = await createUser(app.strapi);
    const newEmail = `moved-${user.id}@example.test`;
    const res = await app
      .http()
      .patch('/api/me/account/')
      .set(user.auth)
      .send({ email: ` ${newEmail.toUpperCase()} `, current_password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: user.email, pending_email: newEmail });
    const [mail] = await smtp.waitFor((m) => to(m) === newEmail);
    expect(mail.subject).toBe('Confirm your new e-mail address');
    expect(String(mail.html)).toContain(`href="https://cards.example.test${linkIn(mail)}"`);
    expect((await userRow(user.id)).email).toBe(user.email);

    // A second request voids the first link.
    const again = await app
      .http()
      .patch('/api/me/account/')
      .set(user.auth)
      .send({ email: newEmail, current_password: PASSWORD });
    expect(again.status).toBe(200);
    const mails = await smtp.waitFor((m) => to(m) === newEmail, 2);
    const stale = linkIn(mails[0]);
    const link = linkIn(mails[1]);
    expect(stale).not.toBe(link);
    expect((await app.http().get(stale)).status).toBe(404);

    // Opening the link shows a button; only the button changes anything.
    const page = await app.http().get(link);
    expect(page.status).toBe(200);
    expect(page.text).toContain(newEmail);
    expect((await userRow(user.id)).email).toBe(user.email);
    const done = await app.http().post(link).type('form').send({});
    expect(done.status).toBe(200);
    expect(done.text).toContain(`Your account now uses ${newEmail}.`);
    const row = await userRow(user.id);
    expect(row.email).toBe(newEmail);
    const [notice] = await smtp.waitFor((m) => to(m) === user.email);
    expect(notice.subject).toBe('Your e-mail address was changed');
    expect(notice.text).toContain(newEmail);
    // Used once.
    expect((await app.http().post(link).type('form').send({})).status).toBe(404);
    // The new address signs in; the old one does not.
    const signIn = await postForm(app, '/login/', { identifier: newEmail, password: PASSWORD });
    expect(signIn.status).toBe(303);
    expect((await postForm(app, '/login/', { identifier: user.email, password: PASSWORD })).status).toBe(400);
    expect((await app.http().get('/api/me/account/').set(user.auth)).body.pending_email).toBeNull();
  });

  it('writes the e-mails in the language the shopper saved', async () => {
    const user = await createUser(app.strapi);
    expect((await app.http().patch('/api/me/account/').set(user.auth).send({ locale: 'de' })).status).toBe(200);
    const newEmail = `neu-${user.id}@example.test`;
    await app.http().patch('/api/me/account/').set(user.auth).send({ email: newEmail, current_password: PASSWORD });
    const [mail] = await smtp.waitFor((m) => to(m) === newEmail);
    expect(mail.subject).toBe('Bestätige deine neue E-Mail-Adresse');
    await app.http().post(linkIn(mail)).type('form').send({});
    const [notice] = await smtp.waitFor((m) => to(m) === user.email);
    expect(notice.subject).toBe('Deine E-Mail-Adresse wurde geändert');
  });

  it('a password change signs out every other session and old API token, and keeps this one', async () => {
    const user = await createUser(app.strapi);
    const here = await browser(user);
    // Another browser, signed in through the form, and an API client's token.
    const other = cookieOf(await postForm(app, '/login/', { identifier: user.email, password: PASSWORD }))!;
    expect((await app.http().get('/account/').set('Cookie', other)).status).toBe(200);
    const apiToken = user.auth;
    expect((await app.http().get('/api/users/me').set(apiToken)).status).toBe(200);

    const res = await post(here, '/account/password/', {
      current_password: PASSWORD,
      new_password: 'a-brand-new-secret',
    });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/account/?done=password');
    const fresh = cookieOf(res)!;
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(here.cookie);

    const page = await app.http().get('/account/?done=password').set('Cookie', fresh);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Your password is changed.');
    expect((await app.http().get('/account/').set('Cookie', other)).status).toBe(302);
    expect((await app.http().get('/account/').set('Cookie', here.cookie)).status).toBe(302);
    const api = await app.http().get('/api/me/account/').set(apiToken);
    expect(api.status).toBe(401);
    // users-permissions' own routes refuse the old token too.
    expect((await app.http().get('/api/users/me').set(apiToken)).status).toBe(401);

    // The new password signs in at once; the old one no longer does.
    const again = await postForm(app, '/login/', { identifier: user.email, password: 'a-brand-new-secret' });
    expect(again.status).toBe(303);
    expect((await app.http().get('/account/').set('Cookie', cookieOf(again)!)).status).toBe(200);
    expect((await postForm(app, '/login/', { identifier: user.email, password: PASSWORD })).status).toBe(400);

    // Through the API: the answer carries the fresh token.
    const patched = await app
      .http()
      .patch('/api/me/account/')
      .set('Authorization', `Bearer ${/^gc_session=(.+)$/.exec(fresh)![1]}`)
      .send({ current_password: 'a-brand-new-secret', new_password: 'third-secret-here' });
    expect(patched.status).toBe(200);
    expect(typeof patched.body.jwt).toBe('string');
    expect((await app.http().get('/api/me/account/').set('Authorization', `Bearer ${patched.body.jwt}`)).status).toBe(
      200,
    );
    expect((await app.http().get('/account/').set('Cookie', fresh)).status).toBe(302);
  });

  it('saves name and language; the language counts on the next sign-in', async () => {
    const user = await createUser(app.strapi);
    const b = await browser(user);
    const res = await post(b, '/account/profile/', { display_name: '  Ada  ', locale: 'de' });
    expect(res.status).toBe(303);
    expect(String(res.headers['set-cookie'])).toContain('gc_locale=de');
    const page = await app.http().get('/account/?done=profile').set('Cookie', `${b.cookie}; gc_locale=de`);
    expect(page.text).toContain('Dein Name und deine Sprache sind gespeichert.');
    expect(page.text).toContain('value="Ada"');
    // A browser that never chose a language gets the saved one when the shopper signs in.
    const signIn = await postForm(app, '/login/', { identifier: user.email, password: PASSWORD });
    expect(String(signIn.headers['set-cookie'])).toContain('gc_locale=de');
    const bad = await post(b, '/account/profile/', { display_name: 'x'.repeat(101), locale: 'xx' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Ensure this field has no more than 100 characters.');
  });

  it('stores e-mail choices with wording and time, and the jobs obey them', async () => {
    const user = await createUser(app.strapi);
    const b = await browser(user);
    expect(b.page.text).toContain('Until you choose, the reminders you set');
    const before = Date.now();
    const res = await post(b, '/account/preferences/', { pref_marketing: 'on' });
    expect(res.status).toBe(303);
    const view = (await app.http().get('/api/me/account/').set(user.auth)).body;
    expect(view.preferences).toEqual({ reminders: false, group_invitations: false, marketing: true });
    expect(view.consents).toHaveLength(3);
    const marketing = view.consents.find((c: { topic: string }) => c.topic === 'marketing');
    expect(marketing).toMatchObject({
      granted: true,
      wording: 'E-mail me news and offers from the shop.',
      locale: 'en',
    });
    expect(Date.parse(marketing.decided_at)).toBeGreaterThanOrEqual(before - 1000);
    const rows = await app.strapi.db
      .query('plugin::greeting-cards.account-consent')
      .findMany({ where: { user_id: user.id } });
    expect(rows.map((r: { topic: string; granted: boolean }) => `${r.topic}:${r.granted}`).sort()).toEqual([
      'group_invitations:false',
      'marketing:true',
      'reminders:false',
    ]);

    // A reminder due today is passed over while reminders are off...
    const reminders = app.strapi.db.query('plugin::greeting-cards.reminder');
    await reminders.create({
      data: {
        user: user.id,
        type: 'custom',
        title: 'Ada day',
        event_date: '2031-03-10',
        days_before: [1],
        is_active: true,
      },
    });
    const job = (today: string) => app.strapi.plugin('greeting-cards').service('reminderMail').runDaily(today);
    await job('2031-03-09');
    expect(mailsTo(user.email).filter((m) => /Ada day/.test(m.subject ?? ''))).toHaveLength(0);
    // ...and sent once they are on again (through the API this time, in German: its wording is recorded).
    const on = await app
      .http()
      .patch('/api/me/account/')
      .set(user.auth)
      .set('Accept-Language', 'de')
      .send({ preferences: { reminders: true } });
    expect(on.status).toBe(200);
    expect(on.body.consents.find((c: { topic: string }) => c.topic === 'reminders')).toMatchObject({
      granted: true,
      locale: 'de',
      wording: 'Schickt mir die Erinnerungen, die ich für Geburtstage und andere Tage anlege.',
    });
    await reminders.create({
      data: {
        user: user.id,
        type: 'custom',
        title: 'Second day',
        event_date: '2031-04-10',
        days_before: [1],
        is_active: true,
      },
    });
    expect(await job('2031-04-09')).toMatchObject({ sent: 1 });
    await smtp.waitFor((m) => to(m) === user.email && /Second day/.test(m.subject ?? ''));
    // The same answer again is not recorded twice.
    await app
      .http()
      .patch('/api/me/account/')
      .set(user.auth)
      .send({ preferences: { reminders: true } });
    expect(
      await app.strapi.db.query('plugin::greeting-cards.account-consent').count({ where: { user_id: user.id } }),
    ).toBe(4);
  });

  it('group-card invitations skip a shopper who said no, and reach everyone else', async () => {
    const organiser = await createUser(app.strapi, { first_name: 'Olga', last_name: 'Organiser' });
    await proveAddress(app.strapi, organiser);
    const declining = await createUser(app.strapi);
    const undecided = await createUser(app.strapi);
    await app
      .http()
      .patch('/api/me/account/')
      .set(declining.auth)
      .send({ preferences: { group_invitations: false } });
    const card = await createCard(app.strapi, organiser);
    const created = await app
      .http()
      .post('/api/group-cards/')
      .set(organiser.auth)
      .send({
        card_id: card.id,
        title: 'Farewell',
        recipient_name: 'Sam',
        deadline: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        invite_emails: [declining.email.toUpperCase(), undecided.email, 'stranger@example.test'],
      });
    expect(created.status).toBe(201);
    const sent = await app.strapi.plugin('greeting-cards').service('groupCardMail').runDue(new Date());
    expect(sent.invitations).toBe(2);
    await smtp.waitFor((m) => to(m) === 'stranger@example.test');
    await smtp.waitFor((m) => to(m) === undecided.email);
    expect(mailsTo(declining.email)).toHaveLength(0);
    expect(mailsTo(declining.email.toUpperCase())).toHaveLength(0);
  });

  it('shows the page in both languages, with the links to export and deletion', async () => {
    const user = await createUser(app.strapi);
    const en = await app.http().get('/account/').set('Cookie', `gc_session=${user.token}`);
    expect(en.text).toContain('<h1>Your account</h1>');
    expect(en.text).toContain('href="/account/export/"');
    expect(en.text).toContain('href="/account/delete/"');
    expect(en.text).toMatch(/<a href="\/account\/" aria-current="page">Account<\/a>/);
    const de = await app.http().get('/account/?locale=de').set('Cookie', `gc_session=${user.token}`);
    expect(de.text).toContain('<h1>Dein Konto</h1>');
    expect(de.text).toContain('Deine Daten');
    expect((await app.http().get('/catalogue/').set('Cookie', `gc_session=${user.token}`)).text).toContain(
      '>Account</a>',
    );
  });
});
