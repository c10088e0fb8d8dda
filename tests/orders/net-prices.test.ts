import { startApp, type TestApp } from '../helpers/strapi';
import { createUser, type TestUser } from '../helpers/users';
import { createPromo, deliveriesOf, orderRow } from '../helpers/order-fixtures';
import { cartOfEcardAndGermanPost, pdfWords } from '../helpers/invoice-fixtures';
import { webSession } from '../web/session';

// Issue 43, item 2: prices entered net (SERVICE_PRICES_INCLUDE_VAT=false). Checkout adds each line's VAT
// at its place of supply, rounded half up per line, and the buyer pays net + VAT (demo payments here);
// the basket and checkout say "plus VAT"; the invoice shows the net prices as entered; a cancelled
// line gives back its share of the gross paid, never more. The shop's prices (2.99 an e-card, 3.99 a
// posted card) are net here: the e-card at the shop's rate (GB 20 %: 0.598 -> 0.60, gross 3.59), the
// posted card to Germany at 19 % (0.7581 -> 0.76, gross 4.75); total 6.98 net + 1.36 VAT = 8.34.

jest.setTimeout(180_000);

const INVOICE = 'plugin::greeting-cards.invoice';
// The sample catalogue (the default) for a template page.
const ENV = {
  SERVICE_RENDERER: 'puppeteer',
  SERVICE_DEMO_PAYMENTS: 'true',
  SERVICE_STRIPE_SECRET_KEY: '',
  SERVICE_PUBLIC_URL: 'https://cards.example.test',
  SERVICE_PRICES_INCLUDE_VAT: 'false',
  SERVICE_VAT_RATES: 'GB:2000,DE:1900',
  SERVICE_SELLER_NAME: 'Kindred Cards Ltd',
  SERVICE_SELLER_VAT_NUMBER: 'GB123456789',
};

const words = pdfWords;
const binary = (r: NodeJS.ReadableStream, done: (e: Error | null, b: Buffer) => void) => {
  const chunks: Buffer[] = [];
  r.on('data', (c: Buffer) => chunks.push(c));
  r.on('end', () => done(null, Buffer.concat(chunks)));
};
/** The page's text without tags, runs of white space made one. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\s+/g, ' ')
    .trim();

describe('prices entered net', () => {
  let app: TestApp;
  let buyer: TestUser;
  const http = () => app.http();
  const invoices = () => app.strapi.plugin('greeting-cards').service('invoices');

  beforeAll(async () => {
    app = await startApp(ENV);
    buyer = await createUser(app.strapi);
  });
  afterAll(async () => {
    await app?.stop();
  });

  /** An e-card (now) and a posted card to Germany (next week) in the buyer's cart; the cart's uuid. */
  const cartOfTwo = () => cartOfEcardAndGermanPost(app, buyer);

  it('says on the template page and in the shipped footer that prices are plus VAT', async () => {
    const en = textOf((await http().get('/templates/balloon-party/?locale=en')).text);
    expect(en).toContain('Prices plus VAT; the basket shows them with VAT added.');
    expect(en).toContain('Prices plus VAT.');
    expect(en).not.toContain('Prices include VAT');
    const de = textOf((await http().get('/templates/balloon-party/?locale=de')).text);
    expect(de).toContain('Preise zzgl. MwSt.; der Warenkorb zeigt sie mit MwSt.');
    expect(de).not.toContain('Preise inklusive MwSt.');
  });

  it('takes a promo code off the gross, and a cancelled line gives back its share of the gross paid', async () => {
    await createPromo(app.strapi, { code: 'NETONE', kind: 'fixed', amount_pence: 100 });
    const uuid = await cartOfTwo();
    const checkout = await http().post(`/api/orders/${uuid}/checkout/`).set(buyer.auth).send({ promo_code: 'NETONE' });
    expect(checkout.status).toBe(200);
    expect(checkout.body).toMatchObject({ subtotal_pence: 834, discount_pence: 100, total_pence: 734 });
    const paid = await http().post(`/api/orders/${uuid}/pay/`).set(buyer.auth).send({});
    expect(paid.body).toMatchObject({ status: 'paid', total_pence: 734 });
    const posted = ((await deliveriesOf(app.strapi, uuid)) as Array<{ id: number; status: string }>).find(
      (d) => d.status === 'scheduled',
    )!;
    const cancelled = await http().post(`/api/deliveries/${posted.id}/cancel/`).set(buyer.auth);
    expect(cancelled.status).toBe(200);
    // 734 x 475 / 834 = 418.05: 418, the e-card's share 316; together exactly the 734 paid.
    expect(cancelled.body.refund).toMatchObject({ amount_pence: 418, status: 'succeeded' });
    const row = await orderRow(app.strapi, uuid);
    const invoice = await invoices().issueFor(row.id);
    expect(invoice).toMatchObject({ gross_pence: 734 });
    expect(Number(invoice.net_pence) + Number(invoice.vat_pence)).toBe(734);
    // Its credit note (the sweep), so the next test counts only its own documents.
    expect(await invoices().issueMissed()).toBe(1);
    const credit = await app.strapi.db.query(INVOICE).findOne({ where: { kind: 'credit_note', order_id: row.id } });
    expect(credit).toMatchObject({ gross_pence: 418 });
  });

  it('charges net + VAT per line, says "plus VAT", invoices the net prices as entered, and refunds no more than was paid', async () => {
    await cartOfTwo();
    const cart = await http().get('/api/orders/cart/').set(buyer.auth);
    // The cart holds the prices as entered (net) until checkout.
    expect(cart.body.subtotal_pence).toBe(698);

    // The basket shows what checkout will charge: each line with its VAT, the net total "plus VAT".
    const session = await webSession(app, buyer);
    const basket = textOf((await http().get('/cart/').set('Cookie', session.cookie)).text);
    expect(basket).toContain('£3.59');
    expect(basket).toContain('£4.75');
    expect(basket).toContain('Total excluding VAT £6.98');
    expect(basket).toContain('plus VAT £1.36');
    expect(basket).toContain('Total including VAT £8.34');
    const korb = textOf((await http().get('/cart/?locale=de').set('Cookie', session.cookie)).text);
    expect(korb).toMatch(/Summe ohne MwSt\. 6,98\s?£/);
    expect(korb).toMatch(/zzgl\. MwSt\. 1,36\s?£/);
    expect(korb).toMatch(/Gesamt inkl\. MwSt\. 8,34\s?£/);

    // Checkout adds the VAT on the server and freezes the gross lines and their rates.
    const checkout = await http().post(`/api/orders/${cart.body.uuid}/checkout/`).set(buyer.auth).send({});
    expect(checkout.status).toBe(200);
    expect(checkout.body).toMatchObject({ subtotal_pence: 834, discount_pence: 0, total_pence: 834 });
    expect(checkout.body.items.map((i: { line_total_pence: number }) => i.line_total_pence).sort()).toEqual([359, 475]);
    const checkoutPage = textOf((await http().get(`/checkout/${cart.body.uuid}/`).set('Cookie', session.cookie)).text);
    expect(checkoutPage).toContain('Total excluding VAT £6.98');
    expect(checkoutPage).toContain('plus VAT £1.36');
    expect(checkoutPage).toContain('Total including VAT £8.34');
    expect(checkoutPage).toContain('Pay £8.34');

    // The demo payment charges the gross total.
    const paid = await http().post(`/api/orders/${cart.body.uuid}/pay/`).set(buyer.auth).send({});
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'paid', total_pence: 834 });

    // The invoice: each line's net price as entered, its rate, VAT and gross; totals the sums.
    expect(await invoices().issueMissed()).toBe(1);
    const row = await orderRow(app.strapi, cart.body.uuid);
    expect(row).toMatchObject({ vat_pence: 136, vat_source: 'rules', total_pence: 834 });
    const invoicePdf = await http()
      .get(`/api/orders/${cart.body.uuid}/invoice/`)
      .set(buyer.auth)
      .buffer(true)
      .parse(binary);
    expect(invoicePdf.status).toBe(200);
    const invoiceText = await words(invoicePdf.body as Buffer);
    expect(invoiceText).toMatch(/£2\.99 20 % £0\.60 £3\.59/);
    expect(invoiceText).toMatch(/£3\.99 19 % £0\.76 £4\.75/);
    expect(invoiceText).toMatch(/Total net £6\.98/);
    expect(invoiceText).toMatch(/Total VAT £1\.36/);
    expect(invoiceText).toMatch(/Total £8\.34/);

    // The order page says it the same way.
    const orderPage = textOf((await http().get(`/orders/${cart.body.uuid}/`).set('Cookie', session.cookie)).text);
    expect(orderPage).toContain('plus VAT £1.36');
    expect(orderPage).toContain('Total including VAT £8.34');

    // Cancelling the posted card gives back its gross share, 4.75: never more than was paid.
    const posted = ((await deliveriesOf(app.strapi, cart.body.uuid)) as Array<{ id: number; status: string }>).find(
      (d) => d.status === 'scheduled',
    )!;
    const cancelled = await http().post(`/api/deliveries/${posted.id}/cancel/`).set(buyer.auth);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.refund).toMatchObject({ amount_pence: 475, status: 'succeeded' });
    const again = await http().post(`/api/deliveries/${posted.id}/cancel/`).set(buyer.auth);
    expect(again.status).not.toBe(500);
    const refunds = (await app.strapi.db
      .query('plugin::greeting-cards.refund')
      .findMany({ where: { order_id: row.id }, select: ['amount_pence', 'status'] })) as Array<{
      amount_pence: number;
    }>;
    const given = refunds.reduce((s, r) => s + Number(r.amount_pence), 0);
    expect(given).toBe(475);
    expect(given).toBeLessThanOrEqual(834);

    // Its credit note: the line's gross, VAT and the net price as entered.
    expect(await invoices().issueMissed()).toBe(1);
    const credit = await app.strapi.db.query(INVOICE).findOne({ where: { kind: 'credit_note', order_id: row.id } });
    expect(credit).toMatchObject({ gross_pence: 475, vat_pence: 76, net_pence: 399 });
    const creditPdf = await http()
      .get(`/api/orders/${cart.body.uuid}/credit-notes/${credit.number}/`)
      .set(buyer.auth)
      .buffer(true)
      .parse(binary);
    expect(creditPdf.status).toBe(200);
    const creditText = await words(creditPdf.body as Buffer);
    expect(creditText).toMatch(/£3\.99 19 % £0\.76 £4\.75/);
    expect(creditText).toMatch(/Total credited £4\.75/);
  });
});
