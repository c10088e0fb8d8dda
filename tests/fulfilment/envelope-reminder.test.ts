import type { Core } from '@strapi/strapi';
import type { ParsedMail } from 'mailparser';
import { startApp, TestApp } from '../helpers/strapi';
import { startSmtpCapture, SmtpCapture } from '../helpers/smtp';
import { createUser, TestUser } from '../helpers/users';
import { createCard, createRecipient, deliveriesOf } from '../helpers/order-fixtures';
import { webSession } from '../web/session';
import { deliveryHeader, design, fulfilment, q } from './helpers';

const HOUR = 3_600_000;
const reminders = (strapi: TestApp['strapi']) =>
  strapi.plugin('greeting-cards').service('unopenedReminders') as {
    runDue(now?: Date): Promise<number>;
    sendFor(id: number, now?: Date): Promise<boolean>;
  };
const isReminder = (m: ParsedMail) => m.headers.get('x-greeting-card-reminder') === 'unopened';

// Issue 45 items 4 and 6: the envelope an e-card arrives in (chosen by slug on add_to_cart, checked on
// the server, kept on the line, drawn by the view page), and the one gentle reminder of an e-card nobody
// opened, after SERVICE_RESEND_UNOPENED_AFTER_HOURS (24 here), once across runs, never after it was opened.
describe('e-card envelopes and the reminder of an unopened card', () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let sender: TestUser;
  const http = () => app.http();

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startApp({
      ...smtp.env,
      // The curated envelopes come with the sample catalogue.
      SERVICE_SEED_SAMPLE_DATA: 'true',
      SERVICE_RENDERER: 'memory',
      SERVICE_PUBLIC_URL: 'https://cards.example.test',
      SERVICE_RESEND_UNOPENED_AFTER_HOURS: '24',
      // The buyer's own "send again" keeps its own wait.
      SERVICE_RESEND_UNOPENED_AFTER_DAYS: '3',
    });
    sender = await createUser(app.strapi, { first_name: 'Sam', last_name: 'Jones' });
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.stop();
  });

  const add = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    http().post('/api/orders/add_to_cart/').set(sender.auth).set(headers).send(body);
  const cartCount = async () => (await http().get('/api/orders/cart/').set(sender.auth)).body.items.length as number;
  const newLine = async () => ({
    card: await createCard(app.strapi, sender, { title: 'For Ada', canvas_data: design('Hello Ada') }),
    recipient: await createRecipient(app.strapi, sender, { email: `ada-${Date.now()}-${Math.random()}@example.test` }),
  });

  /** Buys one e-card per body (demo payment), waits for the sends; the deliveries, in the order given. */
  async function buy(bodies: Array<Record<string, unknown>>, headers: Record<string, string> = {}) {
    const buyer = await createUser(app.strapi, { first_name: 'Sam', last_name: 'Jones' });
    const cards: number[] = [];
    for (const body of bodies) {
      const card = await createCard(app.strapi, buyer, { title: 'For you', canvas_data: design('Hello') });
      const recipient = await createRecipient(app.strapi, buyer, {
        email: `reader-${cards.length}-${buyer.id}@example.test`,
      });
      const res = await http()
        .post('/api/orders/add_to_cart/')
        .set(buyer.auth)
        .set(headers)
        .send({ card_id: card.id, recipient_id: recipient.id, ...body });
      expect(res.status).toBe(200);
      cards.push(card.id);
    }
    const cart = await http().get('/api/orders/cart/').set(buyer.auth);
    expect(
      (await http().post(`/api/orders/${cart.body.uuid}/checkout/`).set(buyer.auth).set(headers).send({})).status,
    ).toBe(200);
    expect((await http().post(`/api/orders/${cart.body.uuid}/pay/`).set(buyer.auth).set(headers).send({})).status).toBe(
      200,
    );
    await fulfilment(app.strapi).drain();
    const rows = await deliveriesOf(app.strapi, cart.body.uuid);
    const byCard = (id: number) =>
      rows.find((d: { order_item: { id: number } }) => d.order_item && cardOfItem.get(d.order_item.id) === id);
    const items = await q(app.strapi, 'order-item').findMany({
      where: { id: { $in: rows.map((d: { order_item: { id: number } }) => d.order_item.id) } },
      populate: ['card'],
    });
    const cardOfItem = new Map<number, number>(
      items.map((i: { id: number; card: { id: number } }) => [i.id, i.card.id]),
    );
    const deliveries = cards.map(byCard);
    for (const d of deliveries) expect(d).toMatchObject({ status: 'sent' });
    return { buyer, deliveries: deliveries as Array<{ id: number; view_token: string; sent_at: string }> };
  }

  it('keeps the chosen envelope on an e-card line, and refuses a bad one with a 400 naming the field', async () => {
    const { card, recipient } = await newLine();
    const ok = await add({
      card_id: card.id,
      recipient_id: recipient.id,
      envelope: 'berry-red',
      remind_unopened: true,
    });
    expect(ok.status).toBe(200);
    const line = ok.body.items.find((i: { card: number }) => i.card === card.id);
    expect(line).toMatchObject({ envelope: 'berry-red', remind_unopened: true, delivery_method: 'ecard' });
    // The line keeps the envelope as it looked when chosen: later edits in the catalogue do not change it.
    const row = await q(app.strapi, 'order-item').findOne({ where: { id: line.id } });
    expect(row.envelope).toEqual({
      slug: 'berry-red',
      color: '#9e2342',
      liner_color: '#f4c7c3',
      liner_pattern: 'hearts',
    });
    // Without a choice: no envelope, no reminder (nothing more in the line than before).
    const plain = await add({ card_id: card.id, recipient_id: recipient.id });
    const plainLine = plain.body.items.find(
      (i: { id: number }) => !ok.body.items.some((o: { id: number }) => o.id === i.id),
    );
    expect(plainLine).not.toHaveProperty('envelope');
    expect(plainLine).not.toHaveProperty('remind_unopened');

    // A draft nobody published, and a published one switched off, are not on offer.
    const documents = app.strapi.documents(
      'plugin::greeting-cards.envelope' as Parameters<Core.Strapi['documents']>[0],
    );
    type Data = Parameters<typeof documents.create>[0]['data'];
    await documents.create({
      data: { name: 'Secret gold', slug: 'secret-gold', color: '#D4AF37', liner_color: '#000000' } as Data,
    });
    await documents.create({
      data: {
        name: 'Retired grey',
        slug: 'retired-grey',
        color: '#888888',
        liner_color: '#FFFFFF',
        is_active: false,
      } as Data,
      status: 'published',
    });
    const before = await cartCount();
    const refused: Array<[unknown, string, string?]> = [
      ['no-such-envelope', 'There is no envelope "no-such-envelope" in the catalogue.'],
      ['secret-gold', 'There is no envelope "secret-gold" in the catalogue.'],
      ['retired-grey', 'There is no envelope "retired-grey" in the catalogue.'],
      ['Berry Red', 'Give the envelope by its slug from the catalogue, such as "berry-red".'],
      ['<b>red</b>', 'Give the envelope by its slug from the catalogue, such as "berry-red".'],
      [42, 'Give the envelope by its slug from the catalogue, such as "berry-red".'],
      [{ slug: 'berry-red' }, 'Give the envelope by its slug from the catalogue, such as "berry-red".'],
      ['x'.repeat(81), 'Give the envelope by its slug from the catalogue, such as "berry-red".'],
      ['berry-red', 'Envelopes are for e-cards only.', 'post'],
      ['berry-red', 'Envelopes are for e-cards only.', 'print'],
    ];
    for (const [envelope, message, method] of refused) {
      const res = await add({
        card_id: card.id,
        recipient_id: recipient.id,
        envelope,
        delivery_method: method ?? 'ecard',
      });
      expect([envelope, res.status, res.body]).toEqual([envelope, 400, { envelope: [message] }]);
    }
    const flag = await add({ card_id: card.id, recipient_id: recipient.id, remind_unopened: 'maybe' });
    expect(flag.status).toBe(400);
    expect(Object.keys(flag.body)).toEqual(['remind_unopened']);
    const postReminder = await add({
      card_id: card.id,
      recipient_id: recipient.id,
      remind_unopened: true,
      delivery_method: 'print',
    });
    expect(postReminder.body).toEqual({ remind_unopened: ['Reminders of an unopened card are for e-cards only.'] });
    // In the shopper's language.
    const german = await add(
      { card_id: card.id, recipient_id: recipient.id, envelope: 'nope' },
      { 'Accept-Language': 'de' },
    );
    expect(german.body).toEqual({ envelope: ['Einen Umschlag „nope“ gibt es im Katalog nicht.'] });
    // Nothing was added by any refused request.
    expect(await cartCount()).toBe(before);

    // A bulk send puts every copy in the same envelope.
    const other = await createRecipient(app.strapi, sender, { email: 'bea@example.test', first_name: 'Bea' });
    const bulk = await add({ card_id: card.id, recipient_ids: [recipient.id, other.id], envelope: 'midnight-blue' });
    expect(bulk.status).toBe(200);
    const group = bulk.body.items.filter((i: { bulk_group: string | null }) => i.bulk_group);
    expect(group.map((i: { envelope: string }) => i.envelope)).toEqual(['midnight-blue', 'midnight-blue']);
    const badBulk = await add({ card_id: card.id, recipient_ids: [recipient.id, other.id], envelope: 'nope' });
    expect(badBulk.body).toEqual({ envelope: ['There is no envelope "nope" in the catalogue.'] });
  });

  it('offers the envelopes on the send form, named in the shop language, the first one chosen', async () => {
    const card = await createCard(app.strapi, sender, { title: 'Form', canvas_data: design('Form') });
    const session = await webSession(app, sender);
    const english = await http().get(`/editor/${card.id}/`).set('Cookie', session.cookie);
    expect(english.status).toBe(200);
    const offered = [...english.text.matchAll(/name="envelope" value="([a-z-]*)"( checked)?/g)].map((m) => [
      m[1],
      Boolean(m[2]),
    ]);
    expect(offered).toEqual([
      ['classic-cream', true],
      ['berry-red', false],
      ['midnight-blue', false],
      ['sage-green', false],
      ['blush-pink', false],
      ['', false],
    ]);
    expect(english.text).toContain('>Berry red<');
    expect(english.text).toContain('If it is still unopened after 24 hours, send it once more');
    const german = await http().get(`/editor/${card.id}/`).set('Cookie', `${session.cookie}; gc_locale=de`);
    expect(german.text).toContain('>Beerenrot<');
    expect(german.text).toContain('nach 24 Stunden noch ungeöffnet');
  });

  it('draws the envelope on the view page over the card, which is in the page as before', async () => {
    const { deliveries } = await buy([{ envelope: 'sage-green' }, {}]);
    const [enveloped, plain] = deliveries;
    const page = await http().get(`/cards/view/${enveloped.view_token}/`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<template id="envelope-template">');
    expect(page.text).toContain('--env: #7f9a7a; --liner: #f3efe2');
    expect(page.text).toContain('data-liner="stripes"');
    expect(page.text).toMatch(/<script src="[^"]*\/js\/envelope\.js\?v=[^"]*" defer><\/script>/);
    expect(page.text).toContain('An envelope from Sam Jones.');
    // The card itself is in the HTML, outside the template: no script, no envelope step.
    const outside = page.text.replace(/<template id="envelope-template">[\s\S]*?<\/template>/, '');
    expect(outside).toContain('class="card-book"');
    expect(outside).not.toContain('class="envelope"');
    // The page visit is what opens it, as before: no pixel, no call from the envelope.
    const row = await q(app.strapi, 'delivery').findOne({ where: { id: enveloped.id } });
    expect(row.opened_at).toBeTruthy();
    const plainPage = await http().get(`/cards/view/${plain.view_token}/`);
    expect(plainPage.text).not.toContain('envelope-template');
    expect(plainPage.text).not.toContain('envelope.js');
  });

  it('reminds once after the set hours, with a gentle subject, and never after the card was opened', async () => {
    const { buyer, deliveries } = await buy([
      { remind_unopened: true },
      { remind_unopened: true },
      { remind_unopened: false },
    ]);
    const [unopened, opened, notAsked] = deliveries;
    const sentAt = new Date(unopened.sent_at).getTime();
    // The recipient opens the second; the buyer's own look at the first does not count as opening it.
    expect((await http().get(`/cards/view/${opened.view_token}/`)).status).toBe(200);
    expect((await http().get(`/cards/view/${unopened.view_token}/`).set(buyer.auth)).status).toBe(200);

    const mine = (m: ParsedMail) => isReminder(m) && deliveries.some((d) => String(d.id) === deliveryHeader(m));
    // Before the 24 hours are up: nothing.
    expect(await reminders(app.strapi).runDue(new Date(sentAt + 23 * HOUR))).toBe(0);
    expect(smtp.messages.filter(mine)).toHaveLength(0);
    // After: the unopened card that asked for it, only.
    expect(await reminders(app.strapi).runDue(new Date(sentAt + 25 * HOUR))).toBe(1);
    const [mail] = await smtp.waitFor(mine);
    expect(deliveryHeader(mail)).toBe(String(unopened.id));
    expect(mail.subject).toBe('A card from Sam Jones is still waiting for you');
    expect(mail.text).toContain('In case it slipped past you: Sam Jones sent you a greeting card');
    expect(mail.text).toContain(`https://cards.example.test/cards/view/${unopened.view_token}/`);
    expect(mail.messageId).toMatch(/\.reminder@cards\.example\.test>$/);
    // Once: later runs send nothing more, however late.
    expect(await reminders(app.strapi).runDue(new Date(sentAt + 48 * HOUR))).toBe(0);
    expect(await reminders(app.strapi).sendFor(unopened.id, new Date(sentAt + 96 * HOUR))).toBe(false);
    expect(await reminders(app.strapi).sendFor(opened.id, new Date(sentAt + 96 * HOUR))).toBe(false);
    expect(await reminders(app.strapi).sendFor(notAsked.id, new Date(sentAt + 96 * HOUR))).toBe(false);
    expect(smtp.messages.filter(mine)).toHaveLength(1);
    const rows = await q(app.strapi, 'delivery').findMany({ where: { id: { $in: deliveries.map((d) => d.id) } } });
    const at = new Map(
      rows.map((r: { id: number; unopened_reminder_at: string | null }) => [r.id, r.unopened_reminder_at]),
    );
    expect([Boolean(at.get(unopened.id)), at.get(opened.id), at.get(notAsked.id)]).toEqual([true, null, null]);
  });

  it('two concurrent runs send each reminder once', async () => {
    const { deliveries } = await buy([{ remind_unopened: true }, { remind_unopened: true }, { remind_unopened: true }]);
    const due = new Date(Math.max(...deliveries.map((d) => new Date(d.sent_at).getTime())) + 25 * HOUR);
    const runs = await Promise.all([reminders(app.strapi).runDue(due), reminders(app.strapi).runDue(due)]);
    expect(runs[0] + runs[1]).toBe(3);
    const mine = (m: ParsedMail) => isReminder(m) && deliveries.some((d) => String(d.id) === deliveryHeader(m));
    await smtp.waitFor(mine, 3);
    expect(await reminders(app.strapi).runDue(due)).toBe(0);
    expect(smtp.messages.filter(mine).map(deliveryHeader).sort()).toEqual(deliveries.map((d) => String(d.id)).sort());
  });

  it('writes the reminder in the language the card was bought in', async () => {
    const { deliveries } = await buy([{ remind_unopened: true, envelope: 'blush-pink' }], { 'Accept-Language': 'de' });
    const [d] = deliveries;
    expect(await reminders(app.strapi).sendFor(d.id, new Date(new Date(d.sent_at).getTime() + 25 * HOUR))).toBe(true);
    const [mail] = await smtp.waitFor((m) => isReminder(m) && deliveryHeader(m) === String(d.id));
    expect(mail.subject).toBe('Eine Karte von Sam Jones wartet noch auf dich');
    expect(mail.text).toContain('Falls sie dir entgangen ist: Sam Jones hat dir eine Grußkarte geschickt');
  });
});
