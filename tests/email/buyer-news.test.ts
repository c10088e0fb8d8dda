import type { ParsedMail } from 'mailparser';
import { QUIET_APP, startApp, type TestApp } from '../helpers/strapi';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp';
import { createUser, type TestUser } from '../helpers/users';
import { createAdmin, type TestAdmin } from '../helpers/admin';
import { createCard, createRecipient, deliveriesOf } from '../helpers/order-fixtures';
import { ShopAddress } from '../helpers/fake-print-provider';
import { startFakeGelato, type FakeGelato } from '../helpers/fake-gelato';
import { fulfilment, q } from '../fulfilment/helpers';

// The buyer's e-mails about each card after the order (issue 43 item 3): a posted card shipped (with
// the tracking link from the provider's callback) and delivered, a card failed (what happens next), a
// cancelled card (the amount refunded), a scheduled e-card sent (off by default). Each goes once, however
// often the provider's callback is replayed and the sweep runs; one switched off in the admin settings is
// not sent, and switching it on again mails no backlog. Driven through the real fulfilment path against
// the fake Gelato, the provider whose API reports delivery as well as shipping and failure.

const PUBLIC_URL = 'https://cards.example.test';
const SECRET = 'test-callback-secret-0123456789abcdef';
const DAY = 86_400_000;

describe("the buyer's e-mails at every step", () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let gelato: FakeGelato;
  let operator: TestAdmin;
  const shop = new ShopAddress(PUBLIC_URL);
  const webhookUrl = `${PUBLIC_URL}/api/postal/gelato/callback/${SECRET}`;
  const http = () => app.http();
  const news = () =>
    app.strapi.plugin('greeting-cards').service('buyerNews') as {
      sendMissed(): Promise<number>;
      sendFor(kind: string, id: number): Promise<boolean>;
    };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    gelato = await startFakeGelato('gelato-test-key', shop);
    app = await startApp({
      ...QUIET_APP,
      ...smtp.env,
      SERVICE_PUBLIC_URL: PUBLIC_URL,
      SERVICE_POSTAL_PROVIDER: 'gelato',
      SERVICE_GELATO_API_KEY: 'gelato-test-key',
      SERVICE_GELATO_API_BASE: gelato.url,
      SERVICE_GELATO_PRODUCT_MAP: '{"card":"cards_pf_generic_fallback"}',
      SERVICE_GELATO_ORDER_TYPE: 'order',
      SERVICE_POSTAL_CALLBACK_SECRET: SECRET,
    });
    shop.listenOn(app.baseUrl);
    operator = await createAdmin(app.strapi, http, [
      'plugin::greeting-cards.settings.read',
      'plugin::greeting-cards.settings.update',
    ]);
  });
  afterAll(async () => {
    await app?.stop();
    await gelato?.close();
    await smtp?.stop();
  });

  const newsTo = (buyer: TestUser, kind: string) => (m: ParsedMail) =>
    (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.value.some((v) => v.address === buyer.email)) &&
    String(m.headers.get('x-greeting-card-news') ?? '').startsWith(`${kind} `);
  const mailsTo = (buyer: TestUser, kind: string) => smtp.messages.filter(newsTo(buyer, kind));

  const setSetting = async (values: Record<string, boolean | null>) =>
    expect((await http().put('/greeting-cards/admin/settings').set(operator.auth).send(values)).status).toBe(200);

  /** A card paid for and handed to the fake Gelato (or scheduled for later); the buyer and the delivery. */
  async function buy(
    line: Record<string, unknown> = { delivery_method: 'post' },
    language = 'en',
  ): Promise<{ buyer: TestUser; delivery: { id: number }; uuid: string }> {
    const buyer = await createUser(app.strapi, { first_name: 'Sam', last_name: 'Jones' });
    const card = await createCard(app.strapi, buyer, { title: 'Birthday <b>' });
    const recipient = await createRecipient(app.strapi, buyer, { country: 'GB', first_name: 'Ada' });
    const lang = { 'Accept-Language': language };
    const added = await http()
      .post('/api/orders/add_to_cart/')
      .set(buyer.auth)
      .set(lang)
      .send({ card_id: card.id, recipient_id: recipient.id, ...line });
    expect(added.status).toBe(200);
    const cart = await http().get('/api/orders/cart/').set(buyer.auth);
    const uuid = cart.body.uuid as string;
    expect((await http().post(`/api/orders/${uuid}/checkout/`).set(buyer.auth).set(lang).send({})).status).toBe(200);
    expect((await http().post(`/api/orders/${uuid}/pay/`).set(buyer.auth).set(lang).send({})).status).toBe(200);
    await fulfilment(app.strapi).drain();
    const [delivery] = await deliveriesOf(app.strapi, uuid);
    return { buyer, delivery, uuid };
  }
  const gelatoId = async (id: number) =>
    (await q(app.strapi, 'delivery').findOne({ where: { id } })).tracking_reference as string;

  it('shipped with tracking, then delivered: one e-mail each, however often the callbacks come', async () => {
    const { buyer, delivery, uuid } = await buy();
    const id = await gelatoId(delivery.id);
    // Still at the printer: nothing to tell.
    expect(await news().sendMissed()).toBe(0);

    gelato.ship(id, { trackingCode: 'JD014600003828', trackingUrl: 'https://tracking.example.test/JD014600003828' });
    expect((await gelato.webhook(webhookUrl, id, 'order_item_tracking_code_updated')).body).toMatchObject({
      outcome: 'moved',
    });
    expect(await news().sendMissed()).toBe(1);
    const [shipped] = await smtp.waitFor(newsTo(buyer, 'shipped'), 1);
    expect(shipped.subject).toBe('Your card to Ada Lovelace is on its way');
    const number = uuid.replace(/-/g, '').slice(0, 8).toUpperCase();
    for (const part of [String(shipped.html), String(shipped.text)]) {
      expect(part).toContain('https://tracking.example.test/JD014600003828');
      expect(part).toContain('JD014600003828');
      expect(part).toContain(`Order ${number}`);
      expect(part).toContain(`${PUBLIC_URL}/orders/${uuid}/`);
    }
    expect(String(shipped.html)).toContain('href="https://tracking.example.test/JD014600003828"');
    // The card's title is the shopper's text: escaped in the HTML part.
    expect(String(shipped.html)).toContain('Birthday &lt;b&gt;');
    expect(String(shipped.text)).toContain('Birthday <b> to Ada Lovelace');

    // The callback replayed, and the sweep and a direct call again: nothing more.
    await gelato.webhook(webhookUrl, id, 'order_item_tracking_code_updated');
    expect(await news().sendMissed()).toBe(0);
    expect(await news().sendFor('shipped', delivery.id)).toBe(false);

    gelato.setStatus(id, 'delivered');
    expect((await gelato.webhook(webhookUrl, id)).body).toMatchObject({ outcome: 'noted' });
    await gelato.webhook(webhookUrl, id);
    const sent = await Promise.all([news().sendMissed(), news().sendMissed()]);
    expect(sent[0] + sent[1]).toBe(1);
    const [delivered] = await smtp.waitFor(newsTo(buyer, 'delivered'), 1);
    expect(delivered.subject).toBe('Your card to Ada Lovelace has arrived');
    expect(String(delivered.text)).toContain('The carrier reports that your card to Ada Lovelace was delivered.');
    await gelato.webhook(webhookUrl, id);
    expect(await news().sendMissed()).toBe(0);
    expect(mailsTo(buyer, 'shipped')).toHaveLength(1);
    expect(mailsTo(buyer, 'delivered')).toHaveLength(1);
  });

  it('a failed card tells the buyer what happens next, once, in their language', async () => {
    const { buyer, delivery } = await buy({ delivery_method: 'post' }, 'de');
    const id = await gelatoId(delivery.id);
    gelato.setStatus(id, 'failed');
    expect((await gelato.webhook(webhookUrl, id)).body).toMatchObject({ status: 'failed', outcome: 'moved' });
    await gelato.webhook(webhookUrl, id);
    expect(await news().sendMissed()).toBe(1);
    const [failed] = await smtp.waitFor(newsTo(buyer, 'failed'), 1);
    expect(failed.subject).toBe('Deine Karte an Ada Lovelace konnte nicht verschickt werden');
    for (const part of [String(failed.html), String(failed.text)])
      expect(part).toContain('Wie es weitergeht: Unser Team ist informiert');
    await gelato.webhook(webhookUrl, id);
    expect(await news().sendMissed()).toBe(0);
    expect(mailsTo(buyer, 'failed')).toHaveLength(1);
  });

  it('a cancelled card says the amount refunded, once', async () => {
    const { buyer, delivery } = await buy();
    const cancelled = await http().post(`/api/deliveries/${delivery.id}/cancel/`).set(buyer.auth);
    expect(cancelled.status).toBe(200);
    const refund = await q(app.strapi, 'refund').findOne({ where: { delivery_id: delivery.id } });
    expect(refund.amount_pence).toBeGreaterThan(0);
    // The cancel answered again (idempotent) and a sweep on another instance at once: one e-mail.
    await http().post(`/api/deliveries/${delivery.id}/cancel/`).set(buyer.auth);
    const sent = await Promise.all([news().sendMissed(), news().sendMissed()]);
    expect(sent[0] + sent[1]).toBe(1);
    const [mail] = await smtp.waitFor(newsTo(buyer, 'cancelled'), 1);
    expect(mail.subject).toBe('Your card to Ada Lovelace is cancelled');
    const amount = `£${(refund.amount_pence / 100).toFixed(2)}`;
    for (const part of [String(mail.html), String(mail.text)]) expect(part).toContain(amount);
    expect(await news().sendMissed()).toBe(0);
    expect(mailsTo(buyer, 'cancelled')).toHaveLength(1);
  });

  it('a mail switched off in the admin settings is not sent, and switching it on mails no backlog', async () => {
    await setSetting({ buyerMailShipped: false });
    try {
      const { buyer, delivery } = await buy();
      const id = await gelatoId(delivery.id);
      gelato.ship(id, { trackingCode: 'JD0146000099', trackingUrl: 'https://tracking.example.test/JD0146000099' });
      await gelato.webhook(webhookUrl, id, 'order_item_tracking_code_updated');
      expect(await news().sendMissed()).toBe(0);
      expect(
        (await q(app.strapi, 'delivery').findOne({ where: { id: delivery.id } })).shipped_mail_sent_at,
      ).not.toBeNull();
      await setSetting({ buyerMailShipped: null });
      expect(await news().sendMissed()).toBe(0);
      expect(mailsTo(buyer, 'shipped')).toHaveLength(0);
    } finally {
      await setSetting({ buyerMailShipped: null });
    }
  });

  it('a scheduled e-card sent: no e-mail by default; one when switched on', async () => {
    const later = new Date(Date.now() + 2 * DAY).toISOString();
    const off = await buy({ delivery_method: 'ecard', scheduled_for: later });
    await fulfilment(app.strapi).runDue(new Date(Date.now() + 3 * DAY));
    expect((await q(app.strapi, 'delivery').findOne({ where: { id: off.delivery.id } })).status).toBe('sent');
    expect(await news().sendMissed()).toBe(0);
    expect(mailsTo(off.buyer, 'ecard')).toHaveLength(0);

    await setSetting({ buyerMailEcardSent: true });
    try {
      const on = await buy({ delivery_method: 'ecard', scheduled_for: later });
      await fulfilment(app.strapi).runDue(new Date(Date.now() + 3 * DAY));
      expect(await news().sendMissed()).toBe(1);
      const [mail] = await smtp.waitFor(newsTo(on.buyer, 'ecard'), 1);
      expect(mail.subject).toBe('Your e-card to Ada Lovelace has been sent');
      expect(await news().sendMissed()).toBe(0);
      expect(mailsTo(off.buyer, 'ecard')).toHaveLength(0);
    } finally {
      await setSetting({ buyerMailEcardSent: null });
    }
  });
});
