import { QUIET_APP, startApp, type TestApp } from '../helpers/strapi';
import { createUser } from '../helpers/users';
import { createCard, createRecipient, deliveriesOf } from '../helpers/order-fixtures';
import { ShopAddress } from '../helpers/fake-print-provider';
import { startFakeProdigi, type FakeProdigi } from '../helpers/fake-prodigi';
import { isPublicHoliday } from '../../plugins/greeting-cards/server/src/platform/time/dispatch';
import { fulfilment } from './helpers';

// Arrive-by dates and shipping methods (issue 44) against the fake Prodigi with its quotes endpoint.

interface MethodOption {
  method: string;
  price_pence: number;
}

const PUBLIC_URL = 'https://cards.example.test';
const SECRET = 'test-callback-secret-0123456789abcdef';
const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isWorkingDay = (d: string) =>
  ![0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay()) && !isPublicHoliday('GB', d);

/** The first English bank-holiday Monday at least two weeks ahead, and the working day before its weekend. */
function bankHolidayWeekend() {
  for (let t = Date.now() + 14 * DAY; ; t += DAY) {
    const d = day(t);
    if (new Date(t).getUTCDay() === 1 && isPublicHoliday('GB', d)) {
      let before = t - DAY;
      while (!isWorkingDay(day(before))) before -= DAY;
      return { monday: d, tuesday: day(t + DAY), lastWorkingDay: day(before) };
    }
  }
}

describe('arrive-by posted cards through Prodigi', () => {
  let app: TestApp;
  let prodigi: FakeProdigi;
  const shop = new ShopAddress(PUBLIC_URL);
  const shipping = () => app.strapi.plugin('greeting-cards').service('shipping') as unknown as { clearQuotes(): void };

  beforeAll(async () => {
    prodigi = await startFakeProdigi('prodigi-test-key', shop);
    app = await startApp({
      ...QUIET_APP,
      SERVICE_PUBLIC_URL: PUBLIC_URL,
      SERVICE_POSTAL_PROVIDER: 'prodigi',
      SERVICE_PRODIGI_API_KEY: 'prodigi-test-key',
      SERVICE_PRODIGI_API_BASE: prodigi.url,
      SERVICE_PRODIGI_SKU_MAP: '{"card":"GLOBAL-GRE-TEST-A5"}',
      SERVICE_PRODIGI_SHIPPING_METHOD: 'Budget',
      SERVICE_POSTAL_CALLBACK_SECRET: SECRET,
      SERVICE_TIME_ZONE: 'Europe/London',
    });
    shop.listenOn(app.baseUrl);
  });
  afterAll(async () => {
    await app?.stop();
    await prodigi?.close();
  });

  it('prices methods from the quote, caches it, and falls back to the table saying so', async () => {
    shipping().clearQuotes();
    const before = prodigi.quoteRequests.length;
    const res = await app.http().get('/api/shipping/options/?product=a5&country=GB');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ price_source: 'quote', quote_failed: false, default_method: 'Budget' });
    const prices = Object.fromEntries(res.body.methods.map((m: MethodOption) => [m.method, m.price_pence]));
    // The quote's shipping above Budget's (1.20): Express 5.95, Overnight 8.50.
    expect(prices).toEqual({ Budget: 0, Standard: 30, StandardPlus: 170, Express: 475, Overnight: 730 });
    expect(prodigi.quoteRequests.length).toBe(before + 1);
    expect(prodigi.quoteRequests.at(-1)).toMatchObject({
      destinationCountryCode: 'GB',
      currencyCode: 'GBP',
      items: [{ sku: 'GLOBAL-GRE-TEST-A5', copies: 1 }],
    });
    await app.http().get('/api/shipping/options/?product=a5&country=GB');
    expect(prodigi.quoteRequests.length).toBe(before + 1); // cached

    // France: no Overnight in the quote (nor in the table's regions).
    const fr = await app.http().get('/api/shipping/options/?product=a5&country=FR');
    expect(fr.body.methods.map((m: MethodOption) => m.method)).not.toContain('Overnight');

    shipping().clearQuotes();
    prodigi.failQuotes(1);
    const fallback = await app.http().get('/api/shipping/options/?product=a5&country=GB');
    expect(fallback.status).toBe(200);
    expect(fallback.body).toMatchObject({ price_source: 'table', quote_failed: true });
    expect(fallback.body.methods.find((m: MethodOption) => m.method === 'Express').price_pence).toBe(450);
    shipping().clearQuotes();
  });

  it('answers bad input with 400 naming the field and offering another day', async () => {
    const past = await app.http().get('/api/shipping/options/?product=a5&country=GB&arrive_by=2020-01-01');
    expect(past.status).toBe(400);
    expect(past.body.arrive_by[0]).toMatch(/earliest a card can arrive is \d{4}-\d{2}-\d{2}/);
    const far = await app.http().get(`/api/shipping/options/?country=GB&arrive_by=${day(Date.now() + 400 * DAY)}`);
    expect(far.status).toBe(400);
    expect(far.body.arrive_by[0]).toMatch(/up to \d{4}-\d{2}-\d{2}/);
    const noCountry = await app.http().get('/api/shipping/options/?product=a5');
    expect(noCountry.status).toBe(400);
    expect(noCountry.body).toHaveProperty('country');

    const user = await createUser(app.strapi);
    const card = await createCard(app.strapi, user);
    const abroad = await createRecipient(app.strapi, user, { country: 'FR', city: 'Paris', postcode: '75001' });
    const overnight = await app
      .http()
      .post('/api/orders/add_to_cart/')
      .set(user.auth)
      .send({ card_id: card.id, recipient_id: abroad.id, delivery_method: 'post', shipping_method: 'Overnight' });
    expect(overnight.status).toBe(400);
    expect(overnight.body.shipping_method[0]).toMatch(/does not deliver to FR/);
    const ecard = await app
      .http()
      .post('/api/orders/add_to_cart/')
      .set(user.auth)
      .send({
        card_id: card.id,
        recipient_id: abroad.id,
        delivery_method: 'ecard',
        arrive_by: day(Date.now() + 20 * DAY),
      });
    expect(ecard.status).toBe(400);
    expect(ecard.body).toHaveProperty('arrive_by');
  });

  it('holds a card to arrive after a bank-holiday weekend and submits it on the last working day before, by Express', async () => {
    const { tuesday, lastWorkingDay } = bankHolidayWeekend();
    const user = await createUser(app.strapi);
    const card = await createCard(app.strapi, user, { title: 'After the long weekend' });
    const recipient = await createRecipient(app.strapi, user, { country: 'GB' });
    const added = await app.http().post('/api/orders/add_to_cart/').set(user.auth).send({
      card_id: card.id,
      recipient_id: recipient.id,
      delivery_method: 'post',
      shipping_method: 'Express',
      arrive_by: tuesday,
    });
    expect(added.status).toBe(200);
    const [item] = added.body.items;
    expect(item).toMatchObject({
      shipping_method: 'Express',
      shipping_pence: 475,
      arrive_by: tuesday,
      arrives_to: tuesday,
    });
    expect(item.line_total_pence).toBe(item.unit_price_pence + 475);
    const uuid = added.body.uuid;
    expect((await app.http().post(`/api/orders/${uuid}/checkout/`).set(user.auth).send({})).status).toBe(200);
    expect((await app.http().post(`/api/orders/${uuid}/pay/`).set(user.auth).send({})).status).toBe(200);
    await fulfilment(app.strapi).drain();
    const [delivery] = await deliveriesOf(app.strapi, uuid);
    expect(delivery.status).toBe('scheduled');
    const due = new Date(delivery.scheduled_for);
    // Midnight on the shop's clock at the start of the last working day before the weekend.
    expect(
      new Intl.DateTimeFormat('en-CA', {
        timeZone: 'Europe/London',
        dateStyle: 'short',
        timeStyle: 'short',
        hourCycle: 'h23',
      }).format(due),
    ).toBe(`${lastWorkingDay}, 00:00`);

    const made = prodigi.created().length;
    await fulfilment(app.strapi).runDue(new Date(due.getTime() - 60_000));
    expect(prodigi.created().length).toBe(made);
    await fulfilment(app.strapi).runDue(new Date(due.getTime() + 60_000));
    expect(prodigi.created().length).toBe(made + 1);
    expect(prodigi.created().at(-1)).toMatchObject({ shippingMethod: 'Express' });
  });
});
