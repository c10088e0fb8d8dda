import type { ParsedMail } from 'mailparser';
import { startApp, type TestApp } from '../helpers/strapi';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp';
import { createUser, type TestUser } from '../helpers/users';
import { createCard, createRecipient, deliveriesOf, orderRow } from '../helpers/order-fixtures';
import { createPlan, SUBSCRIPTION } from '../helpers/subscriptions';
import { mp3 } from '../helpers/media-files';
import { webSession } from '../web/session';
import { createAdmin } from '../helpers/admin';

// Issue 45 item 3, the price: a card's video or voice message is an add-on the operator may charge for
// (SERVICE_MEDIA_MESSAGE_PRICE), free for premium members when they choose (SERVICE_MEDIA_MESSAGE_FREE_WITH_PREMIUM).
// Checkout adds it once to each line whose card carries a message the shop has not removed; the basket,
// the confirmation, the invoice lines and the editor say so; a refund still gives back at most what was paid.

jest.setTimeout(180_000);

const INVOICE = 'plugin::greeting-cards.invoice';
const MESSAGE = 'plugin::greeting-cards.media-message';
const NEXT_WEEK = () => new Date(Date.now() + 7 * 86400_000).toISOString();
const ECARD = 299;
const POSTED = 399;
const ADD_ON = 150;

describe('a video or voice message as a priced add-on', () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  const http = () => app.http();

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startApp({
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_RENDERER: 'memory',
      SERVICE_DEMO_PAYMENTS: 'true',
      SERVICE_STRIPE_SECRET_KEY: '',
      SERVICE_MEDIA_MESSAGE_PRICE: String(ADD_ON),
      SERVICE_MEDIA_MESSAGE_FREE_WITH_PREMIUM: 'true',
      ...smtp.env,
    });
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.stop();
  });

  const record = (user: TestUser, cardId: number) =>
    http().post(`/editor/${cardId}/message/`).set(user.auth).attach('media', mp3(4), 'hello.mp3').expect(201);
  const add = async (user: TestUser, line: Record<string, unknown>) => {
    const res = await http().post('/api/orders/add_to_cart/').set(user.auth).send(line);
    expect(res.status).toBe(200);
    return res.body;
  };
  const cart = async (user: TestUser) => (await http().get('/api/orders/cart/').set(user.auth).expect(200)).body;
  const checkout = async (user: TestUser) => {
    const uuid = (await cart(user)).uuid as string;
    const res = await http().post(`/api/orders/${uuid}/checkout/`).set(user.auth).send({});
    expect(res.status).toBe(200);
    return res.body;
  };
  const pay = async (user: TestUser, uuid: string) => {
    const res = await http().post(`/api/orders/${uuid}/pay/`).set(user.auth).send({});
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('paid');
  };
  async function premiumMember(): Promise<TestUser> {
    const user = await createUser(app.strapi);
    const plan = await createPlan(app.strapi);
    await app.strapi.db.query(SUBSCRIPTION).create({
      data: {
        user: user.id,
        plan: plan.id,
        provider: 'demo',
        provider_subscription_id: `sub_${user.id}_${Date.now()}`,
        status: 'active',
        current_period_start: new Date(Date.now() - 86400_000),
        current_period_end: new Date(Date.now() + 30 * 86400_000),
      },
    });
    return user;
  }
  /** The boot configuration with one setting changed, for the rest of a test (restored in finally). */
  async function withSetting<T>(values: Record<string, unknown>, fn: () => Promise<T>): Promise<T> {
    const before = app.strapi.config.get('plugin::greeting-cards') as Record<string, unknown>;
    app.strapi.config.set('plugin::greeting-cards', { ...before, ...values });
    try {
      return await fn();
    } finally {
      app.strapi.config.set('plugin::greeting-cards', before);
    }
  }

  it('adds the price once to each line whose card carries a message, in checkout, confirmation and invoice', async () => {
    const buyer = await createUser(app.strapi);
    const withMessage = await createCard(app.strapi, buyer, { title: 'Spoken Wishes' });
    const plain = await createCard(app.strapi, buyer, { title: 'Quiet Card' });
    const friend = await createRecipient(app.strapi, buyer, { first_name: 'Greta' });
    const other = await createRecipient(app.strapi, buyer, { first_name: 'Olaf' });
    await record(buyer, withMessage.id);

    // The editor says what a message adds (and the send form's price counts it).
    const session = await webSession(app, buyer);
    const editor = await http().get(`/editor/${withMessage.id}/`).set('Cookie', session.cookie).expect(200);
    expect(editor.text).toContain('Adds £1.50 to each card it is sent on.');
    expect(editor.text).toContain('&quot;media_message&quot;:150');

    // One line to one person, a bulk send of the same card to two (two lines), a card without a message.
    await add(buyer, { card_id: withMessage.id, recipient_id: friend.id });
    await add(buyer, { card_id: withMessage.id, recipient_ids: [friend.id, other.id] });
    await add(buyer, { card_id: plain.id, recipient_id: friend.id });
    const basket = await cart(buyer);
    const byCard = (items: Array<Record<string, unknown>>, id: number) => items.filter((i) => i.card === id);
    expect(byCard(basket.items, withMessage.id).map((i) => i.line_total_pence)).toEqual([
      ECARD + ADD_ON,
      ECARD + ADD_ON,
      ECARD + ADD_ON,
    ]);
    expect(byCard(basket.items, withMessage.id)[0]).toMatchObject({
      media_message_pence: ADD_ON,
      media_message_free: false,
    });
    expect(byCard(basket.items, plain.id)[0].line_total_pence).toBe(ECARD);
    expect(byCard(basket.items, plain.id)[0]).not.toHaveProperty('media_message_pence');
    const basketPage = await http().get('/cart/').set('Cookie', session.cookie).expect(200);
    expect(basketPage.text).toContain('video or voice message (+£1.50)');

    const order = await checkout(buyer);
    expect(order.subtotal_pence).toBe(4 * ECARD + 3 * ADD_ON);
    expect(order.total_pence).toBe(4 * ECARD + 3 * ADD_ON);
    expect(byCard(order.items, withMessage.id).map((i) => i.media_message_pence)).toEqual([ADD_ON, ADD_ON, ADD_ON]);
    const frozen = (await app.strapi.db.query('plugin::greeting-cards.order-item').findMany({
      where: { order: { uuid: order.uuid }, card: { id: withMessage.id } },
    })) as Array<{ snapshot: Record<string, unknown> }>;
    expect(frozen).toHaveLength(3);
    for (const line of frozen)
      expect(line.snapshot).toMatchObject({ media_message_pence: ADD_ON, media_message_free: false });

    await pay(buyer, order.uuid);
    const orderPage = await http().get(`/orders/${order.uuid}/`).set('Cookie', session.cookie).expect(200);
    expect(orderPage.text).toContain('video or voice message (+£1.50)');
    // The invoice's lines carry it; the confirmation names it on each line that pays for it.
    const invoices = app.strapi.plugin('greeting-cards').service('invoices');
    await invoices.issueMissed();
    const row = await orderRow(app.strapi, order.uuid);
    const invoice = (await app.strapi.db.query(INVOICE).findOne({ where: { order_id: row.id, kind: 'invoice' } })) as {
      lines: Array<{ media_message_pence?: number; gross: number; description: string }>;
      gross_pence: number;
    };
    expect(invoice.gross_pence).toBe(4 * ECARD + 3 * ADD_ON);
    const spoken = invoice.lines.filter((l) => l.description === 'Spoken Wishes');
    expect(spoken.map((l) => [l.gross, l.media_message_pence])).toEqual([
      [ECARD + ADD_ON, ADD_ON],
      [ECARD + ADD_ON, ADD_ON],
      [ECARD + ADD_ON, ADD_ON],
    ]);
    expect(invoice.lines.find((l) => l.description === 'Quiet Card')).not.toHaveProperty('media_message_pence');
    await app.strapi.plugin('greeting-cards').service('orderConfirmations').sendMissed();
    const toBuyer = (m: ParsedMail) =>
      (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.value.some((v) => v.address === buyer.email));
    const [mail] = await smtp.waitFor(toBuyer, 1);
    expect(String(mail.text).match(/with a video or voice message \(£1\.50\)/g)).toHaveLength(3);
    expect(String(mail.html)).toContain('with a video or voice message (£1.50)');
  });

  it('reprices the basket when a message is recorded or removed, and a removed message is not charged', async () => {
    const buyer = await createUser(app.strapi);
    const card = await createCard(app.strapi, buyer);
    const friend = await createRecipient(app.strapi, buyer);
    await add(buyer, { card_id: card.id, recipient_id: friend.id });
    expect((await cart(buyer)).total_pence).toBe(ECARD);
    await record(buyer, card.id);
    const basket = await cart(buyer);
    expect(basket.items[0]).toMatchObject({ line_total_pence: ECARD + ADD_ON, media_message_pence: ADD_ON });
    expect(basket.total_pence).toBe(ECARD + ADD_ON);
    // Recording again replaces the message: still one add-on.
    await record(buyer, card.id);
    expect((await cart(buyer)).total_pence).toBe(ECARD + ADD_ON);
    await http().delete(`/editor/${card.id}/message/`).set(buyer.auth).expect(204);
    expect((await cart(buyer)).total_pence).toBe(ECARD);

    // The shop removes a message: the line no longer pays for it, at checkout either.
    await record(buyer, card.id);
    expect((await cart(buyer)).total_pence).toBe(ECARD + ADD_ON);
    const message = (await app.strapi.db.query(MESSAGE).findOne({ where: { card_id: card.id } })) as { id: number };
    const operator = await createAdmin(app.strapi, http, ['plugin::greeting-cards.deliveries.manage']);
    await http()
      .post(`/greeting-cards/admin/media-messages/${message.id}/remove`)
      .set(operator.auth)
      .send({ reason: 'Not suitable' })
      .expect(200);
    expect((await cart(buyer)).total_pence).toBe(ECARD);
    const order = await checkout(buyer);
    expect(order.items[0].line_total_pence).toBe(ECARD);
    expect(order.items[0]).not.toHaveProperty('media_message_pence');
    expect(order.total_pence).toBe(ECARD);
  });

  it('is free for an active premium member when the setting is on, and charged when it is off', async () => {
    const member = await premiumMember();
    const card = await createCard(app.strapi, member);
    const friend = await createRecipient(app.strapi, member);
    await record(member, card.id);
    const session = await webSession(app, member);
    const editor = await http().get(`/editor/${card.id}/`).set('Cookie', session.cookie).expect(200);
    expect(editor.text).toContain('Free with your membership.');
    const german = await http()
      .get(`/editor/${card.id}/`)
      .set('Cookie', session.cookie)
      .set('Accept-Language', 'de')
      .expect(200);
    expect(german.text).toContain('Mit deiner Mitgliedschaft kostenlos.');

    await add(member, { card_id: card.id, recipient_id: friend.id });
    const order = await checkout(member);
    expect(order.items[0]).toMatchObject({ line_total_pence: ECARD, media_message_pence: 0, media_message_free: true });
    expect(order.total_pence).toBe(ECARD);
    const page = await http().get(`/orders/${order.uuid}/`).set('Cookie', session.cookie).expect(200);
    expect(page.text).toContain('video or voice message (free with your membership)');

    // Off: a member pays like anyone else.
    await withSetting({ mediaMessageFreeWithPremium: false }, async () => {
      const again = await createCard(app.strapi, member);
      await record(member, again.id);
      await add(member, { card_id: again.id, recipient_id: friend.id });
      const paid = await checkout(member);
      expect(paid.items[0]).toMatchObject({ line_total_pence: ECARD + ADD_ON, media_message_pence: ADD_ON });
      expect(paid.items[0].media_message_free).toBe(false);
    });
    // A shopper without a membership pays with the setting on.
    const shopper = await createUser(app.strapi);
    const theirs = await createCard(app.strapi, shopper);
    await record(shopper, theirs.id);
    await add(shopper, { card_id: theirs.id, recipient_id: (await createRecipient(app.strapi, shopper)).id });
    expect((await checkout(shopper)).total_pence).toBe(ECARD + ADD_ON);
  });

  it('a cancelled posted card gives back what its line paid, the add-on included, and never more', async () => {
    const buyer = await createUser(app.strapi);
    const card = await createCard(app.strapi, buyer);
    const friend = await createRecipient(app.strapi, buyer);
    await record(buyer, card.id);
    await add(buyer, {
      card_id: card.id,
      recipient_id: friend.id,
      delivery_method: 'post',
      scheduled_for: NEXT_WEEK(),
    });
    const order = await checkout(buyer);
    expect(order.total_pence).toBe(POSTED + ADD_ON);
    await pay(buyer, order.uuid);
    const [delivery] = (await deliveriesOf(app.strapi, order.uuid)) as Array<{ id: number }>;
    const cancel = () => http().post(`/api/deliveries/${delivery.id}/cancel/`).set(buyer.auth);
    const [first, second] = await Promise.all([cancel(), cancel()]);
    // Two cancels at once: both answer (the second with the same refund), one refund is recorded.
    expect([first.status, second.status]).toEqual([200, 200]);
    for (const res of [first, second]) expect(res.body.refund?.amount_pence).toBe(POSTED + ADD_ON);
    const row = await orderRow(app.strapi, order.uuid);
    const refunds = (await app.strapi.db.query('plugin::greeting-cards.refund').findMany({
      where: { order_id: row.id },
    })) as Array<{ amount_pence: number }>;
    expect(refunds.reduce((sum, r) => sum + r.amount_pence, 0)).toBe(POSTED + ADD_ON);
  });
});
