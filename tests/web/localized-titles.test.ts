import { startApp, TestApp } from '../helpers/strapi';
import { startSmtpCapture, SmtpCapture } from '../helpers/smtp';
import { createUser, TestUser } from '../helpers/users';
import { createRecipient } from '../helpers/order-fixtures';
import { deliveryHeader, fulfilment, q } from '../fulfilment/helpers';

// Issue 41, item 7: a card made from a template reads in the shopper's language wherever its title
// appears (editor, library, basket, checkout, orders, the e-card e-mail), as the catalogue shows it,
// while a title the shopper wrote stays as written; the shipped tagline, footer and plan description
// read in German too, and the friend's address form offers countries by name.
describe("card titles and shipped texts in the shopper's language", () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let buyer: TestUser;
  let cardId: number;
  const http = () => app.http();
  const get = (path: string, lang: string) =>
    http()
      .get(`${path}${path.includes('?') ? '&' : '?'}locale=${lang}`)
      .set('Cookie', `gc_session=${buyer.token}`);

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startApp({
      ...smtp.env,
      SERVICE_RENDERER: 'memory',
      SERVICE_DEMO_PAYMENTS: 'true',
      SERVICE_PUBLIC_URL: 'https://cards.example.test',
    });
    buyer = await createUser(app.strapi, { first_name: 'Lena', last_name: 'Beispiel' });
    const made = await http().post('/api/templates/balloon-party/personalize/').set(buyer.auth).send({});
    expect(made.status).toBeLessThan(300);
    cardId = made.body.id;
    expect(made.body.title).toBe('Balloon Party');
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.stop();
  });

  it("the editor and the library show the template's German name, English in English", async () => {
    const editor = await get(`/editor/${cardId}/`, 'de');
    expect(editor.text).toMatch(/<h1 class="ed-title">.*Luftballon-Party<\/h1>/);
    expect(editor.text).toContain('<title>Luftballon-Party');
    const library = await get('/library/', 'de');
    expect(library.text).toContain('Luftballon-Party');
    expect(library.text).not.toContain('Balloon Party');
    expect((await get('/library/', 'en')).text).toContain('Balloon Party');
    // The stored title is unchanged.
    expect((await q(app.strapi, 'card').findOne({ where: { id: cardId } })).title).toBe('Balloon Party');
  });

  it("the basket, the orders and the print-at-home e-mail follow the shopper's language", async () => {
    const recipient = await createRecipient(app.strapi, buyer, { email: 'ada.titles@example.test' });
    const added = await http()
      .post('/api/orders/add_to_cart/')
      .set(buyer.auth)
      .set('Accept-Language', 'de')
      .send({ card_id: cardId, recipient_id: recipient.id, delivery_method: 'ecard' });
    expect(added.status).toBe(200);
    // A print-at-home copy too: its e-mail to the buyer names the card (the e-card's, by design, does not).
    const print = await http()
      .post('/api/orders/add_to_cart/')
      .set(buyer.auth)
      .set('Accept-Language', 'de')
      .send({ card_id: cardId, delivery_method: 'print' });
    expect(print.status).toBe(200);
    const basket = await get('/cart/', 'de');
    expect(basket.text).toContain('Luftballon-Party');
    expect(basket.text).not.toContain('Balloon Party');
    const uuid = added.body.uuid as string;
    await http()
      .post(`/api/orders/${uuid}/checkout/`)
      .set(buyer.auth)
      .set('Accept-Language', 'de')
      .send({})
      .expect(200);
    expect((await get(`/checkout/${uuid}/`, 'de')).text).toContain('Luftballon-Party');
    await http().post(`/api/orders/${uuid}/pay/`).set(buyer.auth).send({}).expect(200);
    await fulfilment(app.strapi).drain();
    const orders = await get('/orders/', 'de');
    expect(orders.text).toContain('Luftballon-Party');
    expect((await get(`/orders/${uuid}/`, 'de')).text).toContain('Luftballon-Party');
    expect((await get('/orders/', 'en')).text).toContain('Balloon Party');
    const deliveries = await q(app.strapi, 'delivery').findMany({
      where: { order_item: { order: { uuid }, delivery_method: 'print' } },
    });
    expect(deliveries).toHaveLength(1);
    const [mail] = await smtp.waitFor((m) => deliveryHeader(m) === String(deliveries[0].id));
    expect(`${mail.subject}\n${mail.text}`).toContain('Luftballon-Party');
    expect(`${mail.subject}\n${mail.text}`).not.toContain('Balloon Party');
  });

  it('keeps a title the shopper wrote', async () => {
    await http().patch(`/api/cards/${cardId}/`).set(buyer.auth).send({ title: 'Für Oma' }).expect(200);
    expect((await get('/library/', 'en')).text).toContain('Für Oma');
    expect((await get(`/editor/${cardId}/`, 'de')).text).toMatch(/Für Oma<\/h1>/);
  });

  it("the shipped tagline, footer and plan description, and the friend's country, in German", async () => {
    const home = await get('/', 'de');
    expect(home.text).toContain('Grußkarten, ganz persönlich');
    expect(home.text).toContain('Mit Sorgfalt gestaltete Karten');
    expect(home.text).not.toContain('Cards designed with care');
    expect((await get('/', 'en')).text).toContain('Cards designed with care, delivered on time.');
    const plans = await get('/subscriptions/', 'de');
    expect(plans.text).toContain('Alle Premium-Designs und -Sticker, jeden Monat.');
    const link = await http().post('/api/recipients/request-link/').set(buyer.auth).send({});
    expect(link.status).toBeLessThan(300);
    const token = String(link.body.url).match(/\/address\/([^/]+)\//)![1];
    const form = await http().get(`/address/${token}/?locale=de`);
    expect(form.text).not.toContain('z. B. DE');
    expect(form.text).toMatch(/<option value="GB" selected>Vereinigtes Königreich<\/option>/);
  });
});
