import { startApp, TestApp } from '../helpers/strapi';
import { startSmtpCapture, SmtpCapture } from '../helpers/smtp';
import { createUser, TestUser } from '../helpers/users';
import { createCard, createRecipient, deliveriesOf } from '../helpers/order-fixtures';
import { flatten, inspectPdf } from '../helpers/pdf';
import { qrCodeOn, qrOn } from '../helpers/qr';
import { mp3 } from '../helpers/media-files';
import { fulfilment, q } from '../fulfilment/helpers';
import { ShopAddress } from '../helpers/fake-print-provider';
import { startFakeProdigi, type FakeProdigi } from '../helpers/fake-prodigi';

// Issue 45 item 3: a posted or printed card with a video or voice message carries a QR code on its back
// to the message's page. Real Chromium draws the PDFs, poppler rasterises them, jsQR reads the code back.
// Posted cards go to a local fake of Prodigi's API, which fetches the printer's PDF from the app over HTTP.
const PUBLIC_URL = 'https://cards.example.test';

describe('a printed card’s QR code to its video or voice message (real renderer)', () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let buyer: TestUser;
  let prodigi: FakeProdigi;
  const shop = new ShopAddress(PUBLIC_URL);
  const http = () => app.http();

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    prodigi = await startFakeProdigi('prodigi-test-key', shop);
    app = await startApp({
      ...smtp.env,
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_PUBLIC_URL: PUBLIC_URL,
      SERVICE_RENDERER: 'puppeteer',
      SERVICE_POSTAL_PROVIDER: 'prodigi',
      SERVICE_PRODIGI_API_KEY: 'prodigi-test-key',
      SERVICE_PRODIGI_API_BASE: prodigi.url,
      SERVICE_PRODIGI_SKU_MAP: '{"card":"GLOBAL-GRE-TEST-A5"}',
      SERVICE_PRODIGI_SHIPPING_METHOD: 'Budget',
      SERVICE_POSTAL_CALLBACK_SECRET: 'test-callback-secret-0123456789abcdef',
    });
    shop.listenOn(app.baseUrl);
    buyer = await createUser(app.strapi);
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.stop();
    await prodigi?.close();
  });

  /** A card, with a voice message when asked; returns the card and the message's token. */
  async function card(withMessage: boolean) {
    const made = await createCard(app.strapi, buyer, { title: 'With a message' });
    if (!withMessage) return { card: made, token: null };
    const res = await http()
      .post(`/editor/${made.id}/message/`)
      .set(buyer.auth)
      .attach('media', mp3(4), 'hello.mp3')
      .expect(201);
    return { card: made, token: res.body.token as string };
  }

  /** Buys the card as `method`, pays, runs fulfilment; the order's language `locale`. */
  async function buy(cardId: number, method: 'post' | 'print' | 'ecard', locale = 'en') {
    const recipient = await createRecipient(app.strapi, buyer, { country: 'GB' });
    await http()
      .post('/api/orders/add_to_cart/')
      .set(buyer.auth)
      .send({ card_id: cardId, recipient_id: recipient.id, delivery_method: method })
      .expect(200);
    const cart = await http().get('/api/orders/cart/').set(buyer.auth);
    await http().post(`/api/orders/${cart.body.uuid}/checkout/`).set(buyer.auth).send({}).expect(200);
    await q(app.strapi, 'order').update({ where: { uuid: cart.body.uuid }, data: { locale } });
    await http().post(`/api/orders/${cart.body.uuid}/pay/`).set(buyer.auth).send({}).expect(200);
    await fulfilment(app.strapi).drain();
    const [delivery] = await deliveriesOf(app.strapi, cart.body.uuid);
    return delivery;
  }

  it('the printer’s PDF of a posted card carries, on its back, a QR code of the message page that plays it', async () => {
    const { card: made, token } = await card(true);
    const delivery = await buy(made.id, 'post');
    const pdf = prodigi.printFileOf(delivery.id);
    const facts = await inspectPdf(pdf);
    expect(facts.pages).toBe(4);
    // The back (page 4) has it, in English, with no image: the code is vector paths.
    const url = `${PUBLIC_URL}/messages/${token}/`;
    const code = await qrCodeOn(pdf, 4);
    expect(code?.data).toBe(url);
    // Large enough to scan: at least 20 mm with its quiet zone (drawn at 24 mm).
    expect(code?.sideMm).toBeGreaterThanOrEqual(20);
    expect(code?.sideMm).toBeLessThan(26);
    expect(flatten(facts.pageTexts[3])).toContain('Scan to play your message');
    expect(facts.imagesPerPage[3]).toBe(0);
    for (const page of [1, 2, 3]) expect(await qrOn(pdf, page)).toBeNull();

    const page = await http().get(new URL(url).pathname).expect(200);
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.text).toMatch(/<audio class="media-player media-audio" controls[^>]* src="\/uploads\/message_/);
  });

  it('the print-at-home PDF carries it on the back panel, captioned in the order’s language', async () => {
    const { card: made, token } = await card(true);
    const delivery = await buy(made.id, 'print', 'de');
    const fresh = await q(app.strapi, 'delivery').findOne({ where: { id: delivery.id } });
    const res = await http().get(`/cards/view/${fresh.view_token}/card.pdf`).buffer(true).expect(200);
    const pdf = res.body as Buffer;
    expect(await qrOn(pdf, 1)).toBe(`${PUBLIC_URL}/messages/${token}/`);
    expect(flatten((await inspectPdf(pdf)).pageTexts[0])).toContain('Scannen und Nachricht abspielen');
    expect(await qrOn(pdf, 2)).toBeNull();
  });

  it('a card without a message, or whose message the shop removed, has no QR code; an e-card’s PDF has none', async () => {
    const { card: plain } = await card(false);
    const plainPdf = prodigi.printFileOf((await buy(plain.id, 'post')).id);
    expect(await qrOn(plainPdf, 4)).toBeNull();
    expect(flatten((await inspectPdf(plainPdf)).pageTexts[3])).not.toContain('Scan to play');

    const { card: removedCard, token } = await card(true);
    const row = await q(app.strapi, 'media-message').findOne({ where: { token } });
    await app.strapi.plugin('greeting-cards').service('mediaMessages').removeByOperator(row.id, 'Not suitable');
    const removedPdf = prodigi.printFileOf((await buy(removedCard.id, 'post')).id);
    expect(await qrOn(removedPdf, 4)).toBeNull();

    const { card: ecardCard } = await card(true);
    const ecard = await buy(ecardCard.id, 'ecard');
    const fresh = await q(app.strapi, 'delivery').findOne({ where: { id: ecard.id } });
    const res = await http().get(`/cards/view/${fresh.view_token}/card.pdf`).buffer(true).expect(200);
    for (const page of [1, 2]) expect(await qrOn(res.body as Buffer, page)).toBeNull();
  });
});
