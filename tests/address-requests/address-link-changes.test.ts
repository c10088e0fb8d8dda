import { startApp, QUIET_APP, TestApp } from '../helpers/strapi';
import { startSmtpCapture, SmtpCapture } from '../helpers/smtp';
import { createUser, proveAddress, TestUser } from '../helpers/users';
import { webSession } from '../web/session';

// Security issue 39: whoever held an address link could overwrite a friend's entry that the same link
// made, postal address included, by submitting that friend's e-mail again. Now the first answer is kept;
// a later one for the same e-mail is held as a change the owner sees in the address book and accepts or
// rejects (API and page, English and German). The friend's answer does not change: it tells nobody
// whether the e-mail was already in the book.

const PUBLIC_URL = 'https://cards.example.test';

type Entry = {
  id: number;
  email: string;
  address_line_1: string;
  pending_change: Record<string, string> | null;
  [field: string]: unknown;
};

describe('a later answer through an address link', () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let owner: TestUser;
  let token: string;
  let ip = 0;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startApp({ ...QUIET_APP, ...smtp.env, SERVICE_PUBLIC_URL: PUBLIC_URL, TRUST_PROXY: 'true' });
    owner = await createUser(app.strapi, { first_name: 'Olive', last_name: 'Owner' });
    await proveAddress(app.strapi, owner);
    const made = await app.http().post('/api/recipients/request-link/').set(owner.auth);
    expect(made.status).toBe(201);
    token = made.body.token;
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.stop();
  });

  const friend = (extra: Record<string, unknown> = {}) => ({
    first_name: 'Fran',
    last_name: 'Friend',
    email: 'fran@example.test',
    address_line_1: '1 High Street',
    city: 'London',
    postcode: 'SW1A 1AA',
    ...extra,
  });
  const submit = (body: object) =>
    app.http().post(`/api/address/${token}/`).set('X-Forwarded-For', `203.0.113.${++ip}`).send(body);
  const entryOf = async (email: string) => {
    const list = (await app.http().get('/api/recipients/?page_size=100').set(owner.auth)).body.results as Entry[];
    return list.find((r) => String(r.email).toLowerCase() === email)!;
  };
  const summaries = (at: Date) =>
    app.strapi.plugin('greeting-cards').service('addressSummaryMail').runDue(at) as Promise<{ summaries: number }>;

  it('keeps the first answer and holds a later one for the owner, who accepts it', async () => {
    expect((await submit(friend())).status).toBe(200);
    const first = await entryOf('fran@example.test');
    expect(first).toMatchObject({ address_line_1: '1 High Street', city: 'London' });

    // Someone else with the link, who knows Fran's e-mail, "moves" her.
    const later = await submit(
      friend({
        first_name: 'Mallory',
        email: 'FRAN@example.test',
        address_line_1: '66 Drop Box Lane',
        city: 'Leeds',
        postcode: 'LS1 1AA',
      }),
    );
    expect(later.status).toBe(200);
    // The same answer as for a new entry: what was sent, nothing about what is stored.
    expect(later.body).toMatchObject({ first_name: 'Mallory', address_line_1: '66 Drop Box Lane' });

    const held = await entryOf('fran@example.test');
    expect(held).toMatchObject({
      id: first.id,
      first_name: 'Fran',
      address_line_1: '1 High Street',
      city: 'London',
      postcode: 'SW1A 1AA',
    });
    expect(first.pending_change).toBeNull();
    expect(held.pending_change).toMatchObject({
      first_name: 'Mallory',
      address_line_1: '66 Drop Box Lane',
      city: 'Leeds',
      postcode: 'LS1 1AA',
    });
    expect(held.pending_change!.submitted_at).toEqual(expect.any(String));

    // The owner's daily summary says a change is waiting, rather than that an entry was updated.
    expect(await summaries(new Date())).toEqual({ summaries: 1 });
    const [mail] = await smtp.waitFor((m) => (m.to as { text: string }).text === owner.email);
    expect(mail.subject).toBe('1 friend added their address to your address book');
    expect(mail.text).toContain('Changes for you to check');

    // Accepting applies it (API), and clears it.
    const accepted = await app.http().post(`/api/recipients/${first.id}/accept-change/`).set(owner.auth);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      first_name: 'Mallory',
      address_line_1: '66 Drop Box Lane',
      city: 'Leeds',
      pending_change: null,
    });
    expect((await app.http().post(`/api/recipients/${first.id}/accept-change/`).set(owner.auth)).body).toEqual({
      detail: 'This entry has no change waiting.',
    });
  });

  it('lets the owner reject a held change on the address book page, in English and German', async () => {
    expect((await submit(friend({ email: 'gil@example.test', first_name: 'Gil' }))).status).toBe(200);
    expect(
      (await submit(friend({ email: 'gil@example.test', first_name: 'Gil', address_line_1: '9 Elsewhere Road' })))
        .status,
    ).toBe(200);
    const gil = await entryOf('gil@example.test');
    expect(gil.pending_change).toMatchObject({ address_line_1: '9 Elsewhere Road' });

    const s = await webSession(app, owner);
    const book = await app.http().get('/recipients/').set('Cookie', s.cookie);
    expect(book.text).toContain('New details sent through your address link: 9 Elsewhere Road');
    expect(book.text).toContain(`action="/recipients/${gil.id}/change/accept/"`);
    expect(book.text).toContain(`action="/recipients/${gil.id}/change/reject/"`);
    const german = await app
      .http()
      .get('/recipients/')
      .set('Cookie', s.cookie)
      .set('Accept-Language', 'de-DE,de;q=0.9');
    expect(german.text).toContain('Neue Angaben über deinen Adress-Link: 9 Elsewhere Road');
    expect(german.text).toContain('Übernehmen');
    expect(german.text).toContain('Verwerfen');

    const rejected = await app
      .http()
      .post(`/recipients/${gil.id}/change/reject/`)
      .set('Cookie', s.cookie)
      .type('form')
      .send({ _csrf: s.csrf });
    expect(rejected.status).toBe(303);
    expect(await entryOf('gil@example.test')).toMatchObject({ address_line_1: '1 High Street', pending_change: null });

    // Another shopper cannot act on it: not found.
    const other = await createUser(app.strapi);
    expect((await app.http().post(`/api/recipients/${gil.id}/reject-change/`).set(other.auth)).status).toBe(404);
  });

  it('makes two first answers racing one entry, and the others wait as a change', async () => {
    const racing = await Promise.all(
      [1, 2, 3].map((n) => submit(friend({ email: 'racer@example.test', address_line_1: `${n} Race Street` }))),
    );
    expect(racing.map((r) => r.status)).toEqual([200, 200, 200]);
    const list = (
      (await app.http().get('/api/recipients/?page_size=100').set(owner.auth)).body.results as Entry[]
    ).filter((r) => r.email === 'racer@example.test');
    expect(list).toHaveLength(1);
    expect(list[0].pending_change).not.toBeNull();
    expect(list[0].pending_change!.address_line_1).not.toBe(list[0].address_line_1);
  });
});
