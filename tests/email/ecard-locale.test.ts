import { startApp, TestApp } from '../helpers/strapi';
import { startSmtpCapture, SmtpCapture } from '../helpers/smtp';
import { createUser, TestUser } from '../helpers/users';
import { createCard, createRecipient } from '../helpers/order-fixtures';
import { deliveryHeader, design, fulfilment, q } from '../fulfilment/helpers';

type Mail = SmtpCapture['messages'][number];

const GERMAN_MONTHS = 'Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember';
const ENGLISH_MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December';

// Issue 27: an order's e-mails are written in the shop language its buyer used (the request's
// Accept-Language here, recorded on the order as `locale`), with dates in that language's format.
// The same purchase made in English reads English; nothing shows a raw message key.
describe('the e-card e-mail in the language the order was placed in', () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let buyer: TestUser;
  const http = () => app.http();

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startApp({
      ...smtp.env,
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_RENDERER: 'memory',
      SERVICE_PUBLIC_URL: 'https://cards.example.test',
      SERVICE_SHOP_NAME: 'Kindred Cards',
    });
    buyer = await createUser(app.strapi, { first_name: 'Sam', last_name: 'Jones' });
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.stop();
  });

  /** Buys one e-card to `email` through the API with this Accept-Language; the order's uuid and its e-mail. */
  async function buyEcard(language: string, email: string): Promise<{ uuid: string; mail: Mail }> {
    const card = await createCard(app.strapi, buyer, {
      title: 'Danke',
      canvas_data: design('Danke'),
      inside_message: 'Bis bald!',
    });
    const recipient = await createRecipient(app.strapi, buyer, { first_name: 'Ada', last_name: 'Lovelace', email });
    const withLanguage = (req: ReturnType<ReturnType<typeof http>['post']>) =>
      language ? req.set('Accept-Language', language) : req;
    const added = await withLanguage(http().post('/api/orders/add_to_cart/').set(buyer.auth)).send({
      card_id: card.id,
      recipient_id: recipient.id,
      delivery_method: 'ecard',
    });
    expect(added.status).toBe(200);
    const uuid = added.body.uuid as string;
    expect((await withLanguage(http().post(`/api/orders/${uuid}/checkout/`).set(buyer.auth)).send({})).status).toBe(
      200,
    );
    expect((await http().post(`/api/orders/${uuid}/pay/`).set(buyer.auth).send({})).status).toBe(200);
    await fulfilment(app.strapi).drain();
    const [delivery] = await q(app.strapi, 'delivery').findMany({ where: { order_item: { order: { uuid } } } });
    const [mail] = await smtp.waitFor((m) => deliveryHeader(m) === String(delivery.id));
    return { uuid, mail };
  }

  const noRawKeys = (mail: Mail) => {
    for (const part of [mail.subject, mail.text, mail.html]) expect(String(part)).not.toMatch(/\bemail\.[a-z-]+/);
  };

  it('writes it in German when the buyer shopped in German: subject, greeting, button, footer and a German date', async () => {
    const { uuid, mail } = await buyEcard('de-DE,de;q=0.9,en;q=0.5', 'ada.de@example.test');
    expect((await q(app.strapi, 'order').findOne({ where: { uuid } })).locale).toBe('de');
    expect(mail.subject).toBe('Sam Jones hat dir eine Karte geschickt');
    expect(mail.text).toContain('Hallo Ada Lovelace,');
    expect(mail.text).toContain('Sam Jones hat dir eine Grußkarte geschickt.');
    // The inside message is the sender's quote (security issue 39); the card's title is not in the e-mail.
    expect(mail.text).toContain('Nachricht von Sam Jones:\n> Bis bald!');
    expect(mail.text).toContain('Herzliche Grüße von Sam Jones');
    expect(mail.text).toContain('Karte öffnen: https://cards.example.test/cards/view/');
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain('Gesendet von Kindred Cards.');
    expect(String(mail.text)).toMatch(new RegExp(`Gesendet am \\d{1,2}\\. (${GERMAN_MONTHS}) \\d{4}\\.`));
    // Not the English day-month order ("26 November 2026", without the day's full stop).
    expect(String(mail.text)).not.toMatch(new RegExp(`\\d (${ENGLISH_MONTHS}) \\d{4}`));
    expect(String(mail.html)).not.toContain('sent you');
    noRawKeys(mail);
  });

  it('writes the same purchase in English when the buyer shopped in English', async () => {
    const { uuid, mail } = await buyEcard('en-GB,en;q=0.9', 'ada.en@example.test');
    expect((await q(app.strapi, 'order').findOne({ where: { uuid } })).locale).toBe('en');
    expect(mail.subject).toBe('Sam Jones sent you a card');
    expect(mail.text).toContain('Dear Ada Lovelace,');
    expect(mail.text).toContain('Sam Jones has sent you a greeting card.');
    expect(mail.text).toContain('Message from Sam Jones:\n> Bis bald!');
    expect(mail.text).toContain('Open your card: https://cards.example.test/cards/view/');
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain('Sent by Kindred Cards.');
    expect(String(mail.text)).toMatch(new RegExp(`Sent on \\d{1,2} (${ENGLISH_MONTHS}) \\d{4}\\.`));
    expect(String(mail.text)).not.toMatch(/\d\. /);
    expect(String(mail.html)).not.toContain('Karte');
    noRawKeys(mail);
  });

  it('records and writes the default language, English, when the request names none', async () => {
    const { uuid, mail } = await buyEcard('', 'ada.none@example.test');
    // No Accept-Language: the default language is recorded.
    expect((await q(app.strapi, 'order').findOne({ where: { uuid } })).locale).toBe('en');
    expect(mail.subject).toBe('Sam Jones sent you a card');
    noRawKeys(mail);
  });

  it("writes an order from before languages were recorded in the shop's pinned language, else English", async () => {
    const pin = (shopLocale: string) =>
      app.strapi.config.set('plugin::greeting-cards', {
        ...(app.strapi.config.get('plugin::greeting-cards') as object),
        shopLocale,
      });
    // The order's recorded language is wiped between checkout and fulfilment, as on an older order.
    const wipeLanguage = async () => {
      const before = await q(app.strapi, 'order').findMany({ where: { locale: { $notNull: true } } });
      await q(app.strapi, 'order').updateMany({
        where: { id: { $in: before.map((o: { id: number }) => o.id) } },
        data: { locale: null },
      });
    };
    const buyOlderOrder = async (email: string) => {
      const card = await createCard(app.strapi, buyer, {
        title: 'Alt',
        canvas_data: design('Alt'),
        inside_message: 'Bis bald!',
      });
      const recipient = await createRecipient(app.strapi, buyer, { first_name: 'Bo', last_name: 'Alt', email });
      const added = await http()
        .post('/api/orders/add_to_cart/')
        .set(buyer.auth)
        .send({ card_id: card.id, recipient_id: recipient.id, delivery_method: 'ecard' });
      const uuid = added.body.uuid as string;
      expect((await http().post(`/api/orders/${uuid}/checkout/`).set(buyer.auth).send({})).status).toBe(200);
      await wipeLanguage();
      expect((await http().post(`/api/orders/${uuid}/pay/`).set(buyer.auth).send({})).status).toBe(200);
      expect((await q(app.strapi, 'order').findOne({ where: { uuid } })).locale).toBeNull();
      await fulfilment(app.strapi).drain();
      const [delivery] = await q(app.strapi, 'delivery').findMany({ where: { order_item: { order: { uuid } } } });
      const [mail] = await smtp.waitFor((m) => deliveryHeader(m) === String(delivery.id));
      return mail;
    };
    try {
      pin('de');
      expect((await buyOlderOrder('bo.pinned@example.test')).subject).toBe('Sam Jones hat dir eine Karte geschickt');
    } finally {
      pin('');
    }
    expect((await buyOlderOrder('bo.unpinned@example.test')).subject).toBe('Sam Jones sent you a card');
  });
});
