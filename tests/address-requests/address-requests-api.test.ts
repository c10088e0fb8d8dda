import { startApp, QUIET_APP, TestApp } from '../helpers/strapi';
import { startSmtpCapture, SmtpCapture } from '../helpers/smtp';
import { createUser, proveAddress, TestUser } from '../helpers/users';
import { webSession } from '../web/session';
import {
  nextDayCount,
  secondsToNextShopDay,
  shopDay,
} from '../../plugins/greeting-cards/server/src/areas/people/address-requests/rules/link-day';

// Issue 24, item 1: the address request link. The shopper's routes (make, rotate, revoke), the public
// routes a friend uses without an account, the entry in the address book, the limits (per IP, per link,
// a daily cap per link), the daily summary e-mail through a real SMTP server, and the pages.

const PUBLIC_URL = 'https://cards.example.test';
const CAP = 7;
const PER_IP = 4;
const PER_LINK = 12;
const WINDOW = 60;

describe('address request links', () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let alice: TestUser;
  let bob: TestUser;
  let ipCount = 0;
  /** A fresh caller address, so one test's requests never count against another's per-IP limit. */
  const nextIp = () => `198.51.${Math.floor(++ipCount / 250)}.${(ipCount % 250) + 1}`;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startApp({
      ...QUIET_APP,
      ...smtp.env,
      SERVICE_PUBLIC_URL: PUBLIC_URL,
      TRUST_PROXY: 'true',
      SERVICE_RATE_LIMIT_ENABLED: 'true',
      SERVICE_RATE_LIMIT_WINDOW_SECONDS: String(WINDOW),
      SERVICE_RATE_LIMIT_WRITES_PER_USER: '1000',
      SERVICE_RATE_LIMIT_WRITES_PER_IP: '1000',
      SERVICE_RATE_LIMIT_RENDERS_PER_USER: '1000',
      SERVICE_RATE_LIMIT_RENDERS_PER_IP: '1000',
      SERVICE_RATE_LIMIT_ADDRESS_SUBMISSIONS_PER_IP: String(PER_IP),
      SERVICE_RATE_LIMIT_ADDRESS_SUBMISSIONS_PER_LINK: String(PER_LINK),
      SERVICE_ADDRESS_LINK_DAILY_CAP: String(CAP),
    });
    alice = await createUser(app.strapi, { first_name: 'Alice', last_name: 'Shopper' });
    bob = await createUser(app.strapi, { first_name: 'Bob', last_name: 'Other' });
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.stop();
  });

  const makeLink = async (user: TestUser) => {
    const res = await app.http().post('/api/recipients/request-link/').set(user.auth);
    expect(res.status).toBe(201);
    return res.body as { token: string; url: string };
  };
  const friend = (n: number, extra: Record<string, unknown> = {}) => ({
    first_name: `Friend${n}`,
    last_name: 'Jones',
    email: `friend${n}@example.test`,
    address_line_1: `${n} High Street`,
    city: 'London',
    postcode: 'sw1a1aa',
    ...extra,
  });
  const submit = (token: string, body: unknown, ip = nextIp()) =>
    app
      .http()
      .post(`/api/address/${token}/`)
      .set('X-Forwarded-For', ip)
      .send(body as object);
  const linkEntries = async (user: TestUser) =>
    (
      (await app.http().get('/api/recipients/?page_size=100').set(user.auth)).body.results as Array<
        Record<string, unknown>
      >
    ).filter((r) => r.added_by_recipient);
  const summaries = (at: Date) =>
    app.strapi.plugin('greeting-cards').service('addressSummaryMail').runDue(at) as Promise<{ summaries: number }>;

  it('e-mails the shopper one summary of new entries, at most once a day, through SMTP', async () => {
    const carol = await createUser(app.strapi, { first_name: 'Carol', last_name: 'Collector' });
    const { token } = await makeLink(carol);
    // Not to an address nobody has proven (security issue 39): the entries wait in the address book.
    expect((await submit(token, friend(0))).status).toBe(200);
    expect(await summaries(new Date())).toEqual({ summaries: 0 });
    await proveAddress(app.strapi, carol);
    expect((await submit(token, friend(1))).status).toBe(200);
    expect((await submit(token, friend(2, { first_name: 'Zoë', last_name: '<Zed>' }))).status).toBe(200);
    const now = new Date();
    expect(await summaries(now)).toEqual({ summaries: 1 });
    // Claimed before sending: the same run again, or any run within 24 hours, sends nothing.
    expect(await summaries(now)).toEqual({ summaries: 0 });
    const [mail] = await smtp.waitFor((m) => (m.to as { text: string }).text === carol.email);
    expect(mail.subject).toBe('3 friends added their address to your address book');
    expect(mail.text).toContain('Friend0 Jones (friend0@example.test)');
    expect(mail.text).toContain('Friend1 Jones (friend1@example.test)');
    expect(mail.text).toContain('Zoë <Zed> (friend2@example.test)');
    expect(mail.text).toContain(`${PUBLIC_URL}/recipients/`);
    expect(String(mail.html)).toContain('Zoë &lt;Zed&gt;');

    // Friend 1 sends a new address: held for Carol to check, and the summary of it held until a day has passed.
    expect((await submit(token, friend(1, { city: 'Leeds', postcode: 'LS1 1AA' }))).status).toBe(200);
    expect(await summaries(new Date(now.getTime() + 3_600_000))).toEqual({ summaries: 0 });
    expect(await summaries(new Date(now.getTime() + 86_400_000 + 60_000))).toEqual({ summaries: 1 });
    const [, second] = await smtp.waitFor((m) => (m.to as { text: string }).text === carol.email, 2);
    expect(second.subject).toBe('1 friend sent new details for you to check');
    expect(second.text).toContain('Friend1 Jones');
    expect(second.text).not.toContain('friend2@example.test');
    expect(await summaries(new Date(now.getTime() + 3 * 86_400_000))).toEqual({ summaries: 0 });
  });

  it('writes the summary in the language the shopper made the link in', async () => {
    const dora = await createUser(app.strapi, { first_name: 'Dora', last_name: 'Deutsch' });
    await proveAddress(app.strapi, dora);
    const made = await app
      .http()
      .post('/api/recipients/request-link/')
      .set(dora.auth)
      .set('Accept-Language', 'de-DE,de;q=0.9');
    expect(made.status).toBe(201);
    expect((await submit(made.body.token, friend(7))).status).toBe(200);
    expect(await summaries(new Date())).toEqual({ summaries: 1 });
    const [mail] = await smtp.waitFor((m) => (m.to as { text: string }).text === dora.email);
    expect(mail.subject).toBe('1 Person hat ihre Adresse in dein Adressbuch eingetragen');
    expect(mail.text).toContain('Friend7 Jones (friend7@example.test)');
    expect(mail.text).toContain(`${PUBLIC_URL}/recipients/`);
  });

  it('lets only a signed-in shopper make, see, rotate and revoke their own link', async () => {
    for (const method of ['get', 'post', 'delete'] as const) {
      const res = await app.http()[method]('/api/recipients/request-link/');
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: 'Authentication credentials were not provided.' });
    }
    expect((await app.http().get('/api/recipients/request-link/').set(bob.auth)).status).toBe(404);

    const first = await makeLink(alice);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(first.url).toBe(`${PUBLIC_URL}/address/${first.token}/`);
    expect((await app.http().get('/api/recipients/request-link').set(alice.auth)).body).toEqual(first);

    // The public view names the shopper and nothing else, and is never indexed.
    const view = await app.http().get(`/api/address/${first.token}/`);
    expect(view.status).toBe(200);
    expect(view.body).toEqual({ display_name: 'Alice Shopper' });
    expect(view.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(view.headers['referrer-policy']).toBe('no-referrer');

    // Bob's link is his own: making and revoking it leaves Alice's alone.
    const bobs = await makeLink(bob);
    expect(bobs.token).not.toBe(first.token);
    expect((await app.http().delete('/api/recipients/request-link/').set(bob.auth)).status).toBe(204);
    expect((await app.http().get(`/api/address/${first.token}/`)).status).toBe(200);
    expect((await app.http().get(`/api/address/${bobs.token}/`)).status).toBe(404);

    // Rotating: the old link is "not found" at once, for reading and for submitting.
    const second = await makeLink(alice);
    expect(second.token).not.toBe(first.token);
    expect((await app.http().get(`/api/address/${first.token}/`)).body).toEqual({ detail: 'Not found.' });
    expect((await submit(first.token, friend(9))).status).toBe(404);
    expect((await app.http().get(`/api/address/${second.token}/`)).status).toBe(200);

    // Revoking: 204 (again too), then nothing answers until a new link is made.
    expect((await app.http().delete('/api/recipients/request-link/').set(alice.auth)).status).toBe(204);
    expect((await app.http().delete('/api/recipients/request-link/').set(alice.auth)).status).toBe(204);
    expect((await app.http().get(`/api/address/${second.token}/`)).status).toBe(404);
    expect((await app.http().get('/api/recipients/request-link/').set(alice.auth)).status).toBe(404);
    expect((await app.http().get('/api/address/not-a-token/')).status).toBe(404);
    const third = await makeLink(alice);
    expect((await app.http().get(`/api/address/${third.token}/`)).status).toBe(200);

    // A shopper whose only name is their e-mail address is not named on the public page.
    const dana = await createUser(app.strapi, { username: 'dana@example.test', email: 'dana@example.test' });
    const danaLink = await makeLink(dana);
    expect((await app.http().get(`/api/address/${danaLink.token}/`)).body).toEqual({ display_name: '' });
    const danaPage = await app.http().get(`/address/${danaLink.token}/`);
    expect(danaPage.text).toContain('A friend would like your address');
    expect(danaPage.text).toContain('They send cards with us.');
    expect(danaPage.text).not.toContain('dana@example.test');
  });

  it("adds a friend's entry marked as added by them, and holds a second submission from the same e-mail for the owner", async () => {
    const erin = await createUser(app.strapi, { first_name: 'Erin' });
    const { token } = await makeLink(erin);
    const own = await app
      .http()
      .post('/api/recipients/')
      .set(erin.auth)
      .send({ first_name: 'Gus', email: 'gus@example.test', notes: 'Typed in by Erin' });
    expect(own.status).toBe(201);
    expect(own.body.added_by_recipient).toBe(false);

    const res = await submit(token, {
      ...friend(1, { email: 'Fran@Example.test', birthday: '1990-05-01' }),
      notes: 'not theirs to set',
      phone: '0123',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      first_name: 'Friend1',
      last_name: 'Jones',
      email: 'Fran@Example.test',
      address_line_1: '1 High Street',
      address_line_2: '',
      city: 'London',
      county: '',
      postcode: 'SW1A 1AA',
      country: 'GB',
      birthday: '1990-05-01',
    });
    let entries = await linkEntries(erin);
    expect(entries).toEqual([
      expect.objectContaining({
        full_name: 'Friend1 Jones',
        email: 'Fran@Example.test',
        notes: '',
        phone: '',
        birthday: '1990-05-01',
        added_by_recipient: true,
        is_system_user: false,
      }),
    ]);

    // Same e-mail in other letters: the same entry, never a second one, and not overwritten (security
    // issue 39): the new details wait on it for Erin (tests/address-requests/address-link-changes.test.ts).
    const again = await submit(
      token,
      friend(1, {
        first_name: 'Fran',
        email: 'fran@example.test',
        address_line_1: '2 New Road',
        country: 'FR',
        postcode: '75001',
        city: 'Paris',
      }),
    );
    expect(again.status).toBe(200);
    entries = await linkEntries(erin);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      first_name: 'Friend1',
      address_line_1: '1 High Street',
      city: 'London',
      country: 'GB',
      postcode: 'SW1A 1AA',
    });
    expect(entries[0].pending_change).toMatchObject({
      first_name: 'Fran',
      address_line_1: '2 New Road',
      city: 'Paris',
      country: 'FR',
      postcode: '75001',
    });

    // An entry the shopper typed in is never overwritten by an anonymous visitor: the friend's goes beside it.
    expect((await submit(token, friend(3, { email: 'gus@example.test' }))).status).toBe(200);
    const gus = await app.http().get(`/api/recipients/${own.body.id}/`).set(erin.auth);
    expect(gus.body).toMatchObject({
      first_name: 'Gus',
      notes: 'Typed in by Erin',
      added_by_recipient: false,
      address_line_1: '',
    });
    expect((await linkEntries(erin)).map((r) => r.email).sort()).toEqual(['Fran@Example.test', 'gus@example.test']);

    // Two submissions from one e-mail at the same moment still make one entry (the unique key decides).
    const racing = await Promise.all([1, 2, 3].map((n) => submit(token, friend(n, { email: 'Racer@example.test' }))));
    expect(racing.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(
      (await linkEntries(erin)).filter((r) => String(r.email).toLowerCase() === 'racer@example.test'),
    ).toHaveLength(1);
    // What makes that hold whatever the timing: the database itself refuses a second row with the key.
    const rows = app.strapi.db.query('plugin::greeting-cards.recipient');
    const { link_email_key: key } = await rows.findOne({
      where: { email: { $eqi: 'racer@example.test' }, owner: { id: erin.id } },
    });
    expect(key).toMatch(new RegExp(`^${erin.id}:[0-9a-f]{64}$`));
    // (Not .rejects.toThrow(): SQLite's driver error comes from outside Jest's realm and is not its Error.)
    const copy = await rows.create({ data: { owner: erin.id, first_name: 'Copy', link_email_key: key } }).then(
      () => 'stored',
      (e: { message?: string }) => String(e?.message),
    );
    expect(copy).toMatch(/UNIQUE constraint failed|duplicate key value violates unique constraint/);

    // Nothing of it reaches another shopper's address book.
    expect(await linkEntries(bob)).toEqual([]);
  });

  it("answers field errors in the spec's shape and stores nothing", async () => {
    const fay = await createUser(app.strapi, { first_name: 'Fay' });
    const { token } = await makeLink(fay);
    const empty = await submit(token, {});
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({
      first_name: ['Give a first name or a last name.'],
      email: ['This field is required.'],
      address_line_1: ['This field is required.'],
      city: ['This field is required.'],
      postcode: ['This field is required.'],
    });
    const bad = await submit(
      token,
      friend(1, {
        email: 'not-an-email',
        postcode: 'nope',
        birthday: '2001-02-30',
        country: 'XX',
        first_name: 'x'.repeat(101),
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      email: ['Enter a valid email address.'],
      birthday: ['Enter a real date as YYYY-MM-DD.'],
      country: ['Enter a two-letter ISO 3166 country code such as GB.'],
      first_name: ['Ensure this field has no more than 100 characters.'],
    });
    const ukPostcode = await submit(token, friend(1, { postcode: 'nope' }));
    expect(ukPostcode.body).toEqual({ postcode: ['Enter a valid UK postcode, such as SW1A 1AA.'] });
    const notObject = await app.http().post(`/api/address/${token}/`).set('X-Forwarded-For', nextIp()).send([1, 2]);
    expect(notObject.status).toBe(400);
    expect(notObject.body).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary.'] });
    expect(await linkEntries(fay)).toEqual([]);
  });

  it('caps entries per link per day (a new link keeps the count), and limits each IP and each link per window', async () => {
    const gil = await createUser(app.strapi, { first_name: 'Gil' });
    const { token } = await makeLink(gil);
    for (let n = 1; n <= CAP; n++) expect((await submit(token, friend(n))).status).toBe(200);
    const capped = await submit(token, friend(1, { city: 'York' }));
    expect(capped.status).toBe(429);
    expect(capped.body).toEqual({
      detail: 'This link has taken all the addresses it can for today. Please try again tomorrow.',
    });
    // Until midnight on the shop's clock: longer than a rate-limit window, at most a day (plus a summer-time hour).
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(capped.headers['retry-after'])).toBeLessThanOrEqual(25 * 3600);
    const rotated = await makeLink(gil);
    expect((await submit(rotated.token, friend(CAP + 1))).status).toBe(429);
    expect((await linkEntries(gil)).map((r) => r.city)).toEqual(Array(CAP).fill('London'));

    // Per IP: attempts count whether or not they are valid.
    const hal = await createUser(app.strapi, { first_name: 'Hal' });
    const halLink = await makeLink(hal);
    const ip = nextIp();
    for (let i = 0; i < PER_IP; i++) expect((await submit(halLink.token, {}, ip)).status).toBe(400);
    const perIp = await submit(halLink.token, friend(1), ip);
    expect(perIp.status).toBe(429);
    expect(Number(perIp.headers['retry-after'])).toBeLessThanOrEqual(WINDOW);
    expect(perIp.body.detail).toMatch(/^Too many requests/);
    expect((await submit(halLink.token, friend(1))).status).toBe(200);

    // Per link: from every IP together; another link is unaffected.
    const ivy = await createUser(app.strapi, { first_name: 'Ivy' });
    const ivyLink = await makeLink(ivy);
    for (let i = 0; i < PER_LINK; i++) expect((await submit(ivyLink.token, {})).status).toBe(400);
    expect((await submit(ivyLink.token, friend(1))).status).toBe(429);
    expect((await submit(halLink.token, friend(2))).status).toBe(200);
    expect(await linkEntries(ivy)).toEqual([]);
  });

  describe('pages', () => {
    it('greets the friend, re-shows the form with errors next to the fields, and thanks them', async () => {
      const { token } = await makeLink(alice);
      const page = await app.http().get(`/address/${token}/`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('Alice Shopper would like your address');
      expect(page.text).toContain('<meta name="robots" content="noindex, nofollow">');
      expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(page.text).toMatch(
        /<label for="a-email">E-mail address<\/label><input id="a-email" name="email" type="email" autocomplete="email"/,
      );

      const form = (fields: Record<string, string>) =>
        app.http().post(`/address/${token}/`).set('X-Forwarded-For', nextIp()).type('form').send(fields);
      const bad = await form({
        first_name: '<b>Sam</b>',
        email: 'nope',
        address_line_1: '',
        city: 'Bath',
        postcode: 'BA1 1AA',
        country: 'GB',
      });
      expect(bad.status).toBe(400);
      expect(bad.text).toContain('<li><a href="#a-email">E-mail address: Enter a valid email address.</a></li>');
      expect(bad.text).toMatch(/id="a-email"[^>]*aria-invalid="true" aria-describedby="email-error"/);
      expect(bad.text).toContain('<p class="field-error" id="email-error">Enter a valid email address.</p>');
      expect(bad.text).toContain('<p class="field-error" id="address_line_1-error">This field is required.</p>');
      expect(bad.text).toContain('value="&lt;b&gt;Sam&lt;/b&gt;"');
      expect(bad.text).not.toContain('<b>Sam</b>');

      const good = await form({
        first_name: 'Sam',
        last_name: 'Page',
        email: 'sam.page@example.test',
        address_line_1: '1 Abbey St',
        city: 'Bath',
        postcode: 'ba11aa',
        country: '',
        birthday: '',
      });
      expect(good.status).toBe(303);
      expect(good.headers.location).toBe(`/address/${token}/?thanks=1`);
      expect((await app.http().get(good.headers.location)).text).toContain(
        'Your details are in Alice Shopper’s address book',
      );
      expect(await linkEntries(alice)).toEqual([
        expect.objectContaining({ email: 'sam.page@example.test', postcode: 'BA1 1AA', country: 'GB', birthday: null }),
      ]);
      expect((await app.http().get('/address/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/')).status).toBe(404);
    });

    it('shows the shopper their link with copy and share buttons, and makes a new one or turns it off', async () => {
      const s = await webSession(app, alice);
      const current = (await app.http().get('/api/recipients/request-link/').set(alice.auth)).body;
      const book = await app.http().get('/recipients/').set('Cookie', s.cookie);
      expect(book.status).toBe(200);
      expect(book.text).toContain(`value="${current.url}"`);
      expect(book.text).toContain('data-copy-from="address-link"');
      expect(book.text).toContain('data-share-from="address-link"');
      expect(book.text).toMatch(/Sam Page <span class="badge">Added by them<\/span>/);
      // Alice has not confirmed her address: no summary e-mails until she does, and the panel offers the link.
      expect(book.text).toContain(
        'Confirm your e-mail address and we will e-mail you about new entries (at most once a day).',
      );
      expect(book.text).toContain('<input type="hidden" name="next" value="/recipients/">');

      const rotate = await app
        .http()
        .post('/recipients/request-link/')
        .set('Cookie', s.cookie)
        .type('form')
        .send({ _csrf: s.csrf });
      expect(rotate.status).toBe(303);
      expect((await app.http().get(`/address/${current.token}/`)).status).toBe(404);
      const revoke = await app
        .http()
        .post('/recipients/request-link/revoke/')
        .set('Cookie', s.cookie)
        .type('form')
        .send({ _csrf: s.csrf });
      expect(revoke.status).toBe(303);
      expect((await app.http().get('/recipients/').set('Cookie', s.cookie)).text).toContain('Make my address link');
      // Without the page's token the form is refused.
      expect(
        (await app.http().post('/recipients/request-link/').set('Cookie', s.cookie).type('form').send({})).status,
      ).toBe(403);
    });
  });

  // Pure: the daily cap's day is the shop's, summer time included.
  it("counts the cap per day on the shop's clock and resets it at the shop's midnight", () => {
    const london = 'Europe/London';
    // 23:30 BST on 24 October 2026 is 22:30 UTC: still the 24th in the shop, and 30 minutes to its midnight.
    expect(shopDay(new Date('2026-10-24T22:30:00Z'), london)).toBe('2026-10-24');
    expect(secondsToNextShopDay(new Date('2026-10-24T22:30:00Z'), london)).toBe(1800);
    // The night the clocks go back (25 October) is 25 hours long.
    expect(secondsToNextShopDay(new Date('2026-10-24T23:00:00Z'), london)).toBe(25 * 3600);
    // A shop ahead of UTC: 00:30 in Auckland is the previous day in UTC.
    expect(shopDay(new Date('2026-06-30T12:30:00Z'), 'Pacific/Auckland')).toBe('2026-07-01');
    expect(nextDayCount({ day_key: '2026-07-01', day_count: 2 }, '2026-07-01', 3)).toEqual({
      day_key: '2026-07-01',
      day_count: 3,
    });
    expect(nextDayCount({ day_key: '2026-07-01', day_count: 3 }, '2026-07-01', 3)).toBeNull();
    expect(nextDayCount({ day_key: '2026-07-01', day_count: 3 }, '2026-07-02', 3)).toEqual({
      day_key: '2026-07-02',
      day_count: 1,
    });
    expect(nextDayCount({ day_key: null, day_count: null }, '2026-07-02', 3)).toEqual({
      day_key: '2026-07-02',
      day_count: 1,
    });
  });
});
