import { startApp, TestApp, QUIET_APP } from '../helpers/strapi';
import { startSmtpCapture, SmtpCapture } from '../helpers/smtp';
import { createUser, type TestUser } from '../helpers/users';
import { createCard, createRecipient } from '../helpers/order-fixtures';
import { fulfilment } from '../fulfilment/helpers';
import { fillText, mergeFieldsIn } from '../../plugins/greeting-cards/server/src/platform/designs/merge-fields';

// Bulk send (issue 24): one card to many recipients, one basket line each, with merge fields filled in
// per recipient on everything the recipient sees; the cart's limit counts the group once.
type Item = { id: number; bulk_group: string | null; line_total_pence: number };

describe('bulk send with merge fields', () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  const http = () => app.http();

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startApp({
      ...QUIET_APP,
      ...smtp.env,
      SERVICE_CART_MAX_ITEMS: '2',
      SERVICE_BULK_SEND_MAX_RECIPIENTS: '12',
    });
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.stop();
  });

  const mergeCard = (user: TestUser) =>
    createCard(app.strapi, user, {
      title: 'Season’s greetings',
      canvas_data: {
        version: '7.0.0',
        background: '#FFFFFF',
        objects: [
          {
            type: 'textbox',
            text: 'Dear {first_name},',
            left: 40,
            top: 60,
            width: 500,
            fontSize: 40,
            fill: '#000000',
            fontFamily: 'Georgia',
          },
        ],
      },
      inside_message: 'Warm wishes to you, {name}!',
    });
  const people = (user: TestUser, names: string[]) =>
    Promise.all(
      names.map((first, i) =>
        createRecipient(app.strapi, user, {
          first_name: first,
          last_name: `Family${i}`,
          email: `${first.toLowerCase()}@example.test`,
        }),
      ),
    );
  const add = (user: TestUser, body: object) => http().post('/api/orders/add_to_cart/').set(user.auth).send(body);

  it('fills fields in text, tidying the space an empty name leaves', () => {
    expect(fillText('Dear {first_name},', { first_name: 'Ada' })).toBe('Dear Ada,');
    expect(fillText('Dear {first_name} ,', { first_name: '' })).toBe('Dear,');
    expect(fillText('To {name}', { first_name: 'Ada', last_name: 'Lovelace' })).toBe('To Ada Lovelace');
    expect(fillText('No fields', { first_name: 'Ada' })).toBe('No fields');
    expect(
      mergeFieldsIn(
        {
          objects: [{ type: 'textbox', text: '{last_name}' }],
          pages: { inside_right: { objects: [{ type: 'text', text: '{first_name}' }] } },
        },
        'x',
      ),
    ).toEqual(['last_name', 'first_name']);
  });

  it('adds one line per recipient as one cart entry, and each recipient gets a card with their own name', async () => {
    const user = await createUser(app.strapi, { first_name: 'Sam', last_name: 'Jones' });
    const card = await mergeCard(user);
    const family = await people(user, ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara']);

    const res = await add(user, { card_id: card.id, recipient_ids: family.map((r) => r.id) });
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(5);
    const groups = new Set((res.body.items as Item[]).map((i) => i.bulk_group));
    expect(groups.size).toBe(1);
    expect([...groups][0]).toEqual(expect.any(String));
    expect(res.body.total_pence).toBe(5 * res.body.items[0].line_total_pence);

    // The limit (2 here) counts the five lines as one entry: one single line still fits, then no more.
    const other = await createCard(app.strapi, user);
    expect((await add(user, { card_id: other.id, recipient_id: family[0].id })).status).toBe(200);
    const full = await add(user, { card_id: other.id, recipient_id: family[1].id });
    expect(full.status).toBe(400);
    expect(full.body.detail).toMatch(/at most 2 items/);
    const fullBulk = await add(user, { card_id: card.id, recipient_ids: [family[2].id] });
    expect(fullBulk.status).toBe(400);

    const cart = await http().get('/api/orders/cart/').set(user.auth);
    const single = (cart.body.items as Item[]).find((i) => !i.bulk_group)!;
    expect((await http().delete(`/api/orders/cart/items/${single.id}/`).set(user.auth)).status).toBeLessThan(300);
    expect((await http().post(`/api/orders/${cart.body.uuid}/checkout/`).set(user.auth).send({})).status).toBe(200);
    expect((await http().post(`/api/orders/${cart.body.uuid}/pay/`).set(user.auth).send({})).status).toBe(200);
    await fulfilment(app.strapi).drain();

    const mails = await smtp.waitFor(
      (m) =>
        JSON.stringify(m.to ?? '').includes('@example.test') && String(m.text ?? '').includes('Warm wishes to you'),
      5,
    );
    const greeted = mails.map((m) => /Warm wishes to you, ([A-Za-z]+) Family\d!/.exec(String(m.text))?.[1]).sort();
    expect(greeted).toEqual(['Ada', 'Alan', 'Barbara', 'Edsger', 'Grace']);
    // Each view page draws that recipient's own copy of the design.
    const firsts = new Set<string>();
    for (const mail of mails) {
      const link = /\/cards\/view\/[A-Za-z0-9_-]+\//.exec(String(mail.text))![0];
      const page = await http().get(link);
      expect(page.status).toBe(200);
      const dear = /Dear ([A-Za-z]+),/.exec(page.text);
      expect(dear).not.toBeNull();
      expect(page.text).not.toContain('{first_name}');
      firsts.add(dear![1]);
    }
    expect(firsts.size).toBe(5);
    // The stored card keeps its fields for the next send.
    const stored = await app.strapi.db.query('plugin::greeting-cards.card').findOne({ where: { id: card.id } });
    expect(JSON.stringify(stored.canvas_data)).toContain('{first_name}');
  });

  it("sends a dated bulk card at the send hour on each recipient's own clock", async () => {
    const user = await createUser(app.strapi);
    const card = await mergeCard(user);
    const london = await createRecipient(app.strapi, user, {
      first_name: 'Lon',
      email: 'lon@example.test',
      time_zone: 'Europe/London',
    });
    const auckland = await createRecipient(app.strapi, user, {
      first_name: 'Akl',
      email: 'akl@example.test',
      time_zone: 'Pacific/Auckland',
    });
    const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const res = await add(user, { card_id: card.id, recipient_ids: [london.id, auckland.id], scheduled_for: day });
    expect(res.status).toBe(200);
    const at = (id: number) =>
      new Date(
        (res.body.items as Array<Item & { recipient: number; scheduled_for: string }>).find((i) => i.recipient === id)!
          .scheduled_for,
      );
    const hourIn = (date: Date, zone: string) =>
      new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(date);
    const dayIn = (date: Date, zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(date);
    expect([hourIn(at(london.id), 'Europe/London'), dayIn(at(london.id), 'Europe/London')]).toEqual(['09', day]);
    expect([hourIn(at(auckland.id), 'Pacific/Auckland'), dayIn(at(auckland.id), 'Pacific/Auckland')]).toEqual([
      '09',
      day,
    ]);
    // Auckland's morning comes first: the day before in UTC.
    expect(at(auckland.id).getTime()).toBeLessThan(at(london.id).getTime());
  });

  it('sends to everyone with a tag, as they are now', async () => {
    const user = await createUser(app.strapi);
    const card = await mergeCard(user);
    for (const [first, tags] of [
      ['Kay', ['Work']],
      ['Lou', ['Work', 'Family']],
      ['Mo', ['Family']],
    ] as const) {
      const made = await http()
        .post('/api/recipients/')
        .set(user.auth)
        .send({ first_name: first, last_name: 'Tagged', email: `${first.toLowerCase()}@example.test`, tags });
      expect(made.status).toBe(201);
    }
    const res = await add(user, { card_id: card.id, recipient_tag: 'work' });
    expect(res.status).toBe(200);
    expect((res.body.items as Array<{ recipient_name: string }>).map((i) => i.recipient_name).sort()).toEqual([
      'Kay Tagged',
      'Lou Tagged',
    ]);
    const nobody = await add(user, { card_id: card.id, recipient_tag: 'Book club' });
    expect([nobody.status, nobody.body]).toEqual([
      400,
      { recipient_tag: ['Nobody in your address book is tagged “Book club”.'] },
    ]);
    const both = await add(user, { card_id: card.id, recipient_tag: 'Work', recipient_id: 1 });
    expect(both.status).toBe(400);
    expect(both.body.recipient_tag).toEqual(['Give one of recipient_id, recipient_ids or recipient_tag.']);
  });

  it('refuses a bad list with messages naming the field or the recipient, and adds nothing', async () => {
    const user = await createUser(app.strapi);
    const stranger = await createUser(app.strapi);
    const card = await mergeCard(user);
    const [ada, grace] = await people(user, ['Ada', 'Grace']);
    const noMail = await createRecipient(app.strapi, user, { first_name: 'Nomail', last_name: 'Person', email: '' });
    const noFirst = await createRecipient(app.strapi, user, {
      first_name: '',
      last_name: 'Surname',
      email: 'surname@example.test',
    });
    const theirs = await createRecipient(app.strapi, stranger, { first_name: 'Theirs' });

    const cases: Array<[object, RegExp]> = [
      [{ card_id: card.id, recipient_ids: [ada.id, ada.id] }, /once/],
      [{ card_id: card.id, recipient_ids: 'a,b' }, /list of recipient ids/],
      [{ card_id: card.id, recipient_ids: [ada.id], recipient_id: grace.id }, /not both/],
      [{ card_id: card.id, recipient_ids: [ada.id, theirs.id] }, new RegExp(`Invalid pk "${theirs.id}"`)],
      [{ card_id: card.id, recipient_ids: [ada.id, noMail.id] }, /Nomail Person: /],
      [{ card_id: card.id, recipient_ids: [grace.id, noFirst.id] }, /Surname: the card says \{first_name\}/],
      [{ card_id: card.id, recipient_ids: Array.from({ length: 13 }, (_, i) => i + 1) }, /at most 12 recipients/],
    ];
    for (const [body, message] of cases) {
      const res = await add(user, body);
      expect(res.status).toBe(400);
      expect(res.body.recipient_ids.join(' ')).toMatch(message);
    }
    const cart = await http().get('/api/orders/cart/').set(user.auth);
    expect(cart.body.items).toHaveLength(0);
    expect(
      (
        await http()
          .post('/api/orders/add_to_cart/')
          .send({ card_id: card.id, recipient_ids: [ada.id] })
      ).status,
    ).toBe(401);
  });
});

// Issue 24: "checkout of 500 lines stays under the cart and rate limits", with the shipped limits.
describe('a bulk send of 500', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp({ ...QUIET_APP, SERVICE_RATE_LIMIT_ENABLED: 'true' });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('imports 500 people tagged Everyone, adds one card for all of them, checks out and pays', async () => {
    const user = await createUser(app.strapi);
    const rows = Array.from({ length: 500 }, (_, i) => `Person${i},Number${i},p${i}@example.test,Everyone`);
    const imported = await app
      .http()
      .post('/api/recipients/import/')
      .set(user.auth)
      .attach('file', Buffer.from(['First name,Last name,Email,Tags', ...rows].join('\n')), 'everyone.csv');
    expect([imported.status, imported.body.created]).toEqual([200, 500]);
    const card = await createCard(app.strapi, user, {
      canvas_data: {
        version: '7.0.0',
        background: '#FFFFFF',
        objects: [
          {
            type: 'textbox',
            text: 'Hello {name}',
            left: 40,
            top: 60,
            width: 500,
            fontSize: 40,
            fill: '#000000',
            fontFamily: 'Georgia',
          },
        ],
      },
    });
    // A month ahead: the cards wait, so the test measures adding and paying, not sending.
    const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const added = await app
      .http()
      .post('/api/orders/add_to_cart/')
      .set(user.auth)
      .send({ card_id: card.id, recipient_tag: 'Everyone', scheduled_for: day });
    expect(added.status).toBe(200);
    expect(added.body.items).toHaveLength(500);
    const uuid = added.body.uuid as string;
    const checkout = await app.http().post(`/api/orders/${uuid}/checkout/`).set(user.auth).send({});
    expect([checkout.status, checkout.body.total_pence]).toEqual([200, 500 * added.body.items[0].line_total_pence]);
    expect((await app.http().post(`/api/orders/${uuid}/pay/`).set(user.auth).send({})).status).toBe(200);
    const deliveries = await app.strapi.db
      .query('plugin::greeting-cards.delivery')
      .count({ where: { order_item: { order: { uuid } } } });
    expect(deliveries).toBe(500);
  });
});
