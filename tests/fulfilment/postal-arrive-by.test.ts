import { QUIET_APP, startApp, type TestApp } from '../helpers/strapi';
import { createUser } from '../helpers/users';
import { createCard, createRecipient, deliveriesOf } from '../helpers/order-fixtures';
import { ShopAddress } from '../helpers/fake-print-provider';
import { startFakeProdigi, type FakeProdigi } from '../helpers/fake-prodigi';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp';
import { createAdmin, type TestAdmin } from '../helpers/admin';
import { isPublicHoliday } from '../../plugins/greeting-cards/server/src/platform/time/dispatch';
import { fulfilment, q } from './helpers';

// Arrive-by dates and shipping methods (issue 44) against the fake Prodigi with its quotes endpoint, and
// what follows a card that misses its window: the late list, reprint and resend, the shipping refunded,
// the buyer's one e-mail (at a real SMTP server), and checkout's second look at a line's shipping.

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

/** Midnight at the start of `date` on London's clock (the shop's), plus `minutes`. */
const londonMidnight = (date: string, minutes = 0) => {
  const utc = new Date(`${date}T00:00:00Z`);
  const offset = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: 'numeric', hourCycle: 'h23' }).format(utc),
  );
  return new Date(utc.getTime() - offset * 3600_000 + minutes * 60_000);
};

const DELIVERIES = 'plugin::greeting-cards.deliveries.manage';

describe('arrive-by posted cards through Prodigi', () => {
  let app: TestApp;
  let prodigi: FakeProdigi;
  let smtp: SmtpCapture;
  let operator: TestAdmin;
  const shop = new ShopAddress(PUBLIC_URL);
  const shipping = () => app.strapi.plugin('greeting-cards').service('shipping') as unknown as { clearQuotes(): void };
  const lateCards = () =>
    app.strapi.plugin('greeting-cards').service('lateCards') as unknown as {
      checkDue(now: Date): Promise<number>;
    };
  const reload = (id: number) => q(app.strapi, 'delivery').findOne({ where: { id } });
  const lateMails = (id: number) =>
    smtp.messages.filter((m) => String(m.headers.get('x-greeting-card-news') ?? '') === `late ${id}`);
  const admin = (path: string) => `/greeting-cards/admin/deliveries${path}`;
  /** The card held for after the bank-holiday weekend, once it is at Prodigi (the tests below follow it). */
  let held: { id: number; orderId: string; tuesday: string } | null = null;

  beforeAll(async () => {
    prodigi = await startFakeProdigi('prodigi-test-key', shop);
    smtp = await startSmtpCapture();
    app = await startApp({
      ...QUIET_APP,
      ...smtp.env,
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
    operator = await createAdmin(app.strapi, () => app.http(), [DELIVERIES]);
  });
  afterAll(async () => {
    await app?.stop();
    await prodigi?.close();
    await smtp?.stop();
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
    // The delivery keeps the window it was promised and the day it should leave the printer.
    const submitted = await reload(delivery.id);
    expect(submitted).toMatchObject({ status: 'processing', promised_to: tuesday, late_at: null });
    held = { id: delivery.id, orderId: submitted.tracking_reference, tuesday };
  });

  it('the fake ships it after its window: the poll puts it on the late list, once', async () => {
    expect(held).not.toBeNull();
    const { id, orderId, tuesday } = held!;
    // Tuesday evening on the shop's clock, still in production: not late yet, by the job or the poll.
    prodigi.startProduction(orderId);
    const tuesdayEvening = londonMidnight(tuesday, 23 * 60 + 59);
    expect(await lateCards().checkDue(tuesdayEvening)).toBe(0);
    await fulfilment(app.strapi).pollCarriers(tuesdayEvening);
    expect((await reload(id)).late_at).toBeNull();
    const lateList = () => app.http().get(admin('?late=true&method=post')).set(operator.auth);
    expect((await lateList()).body.results.map((d: { id: number }) => d.id)).not.toContain(id);

    // Shipped on Wednesday: the poll reads it and the card is late (its dispatch day was long before).
    prodigi.ship(orderId, { number: 'RM123456789GB', url: 'https://track.example.test/RM123456789GB' });
    const wednesday = londonMidnight(tuesday, 24 * 60 + 9 * 60);
    await fulfilment(app.strapi).pollCarriers(wednesday);
    const late = await reload(id);
    expect(late).toMatchObject({ status: 'sent', postal_status: 'shipped', late_promised_to: tuesday });
    expect(new Date(late.late_at).toISOString()).toBe(wednesday.toISOString());
    // The job after it finds nothing more to mark.
    expect(await lateCards().checkDue(new Date(wednesday.getTime() + 3600_000))).toBe(0);

    const listed = await lateList();
    expect(listed.status).toBe(200);
    const row = listed.body.results.find((d: { id: number }) => d.id === id);
    expect(row).toMatchObject({
      late_promised_to: tuesday,
      late_remedy: null,
      provider_order_id: orderId,
      shipping_method: 'Express',
      shipping_pence: 475,
    });
    // Anyone without the deliveries right sees nothing of it.
    expect((await app.http().get(admin('?late=true'))).status).toBe(401);
    expect((await app.http().get(admin('?late=yes')).set(operator.auth)).status).toBe(400);
  });

  it('reprint and resend makes one new provider order however often it is clicked, and the buyer hears once', async () => {
    expect(held).not.toBeNull();
    const { id, orderId } = held!;
    const made = prodigi.created().length;
    // Two clicks at once and a third after: one new order.
    const [a, b] = await Promise.all([
      app
        .http()
        .post(admin(`/${id}/reprint`))
        .set(operator.auth),
      app
        .http()
        .post(admin(`/${id}/reprint`))
        .set(operator.auth),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    await fulfilment(app.strapi).drain();
    const again = await app
      .http()
      .post(admin(`/${id}/reprint`))
      .set(operator.auth);
    expect(again.status).toBe(200);
    await fulfilment(app.strapi).drain();
    expect(prodigi.created().length).toBe(made + 1);
    const reprint = prodigi.created().at(-1);
    expect(reprint).toMatchObject({ shippingMethod: 'Express' });
    expect(reprint.id).not.toBe(orderId);
    // The delivery follows the new order and keeps the first.
    const row = await reload(id);
    expect(row).toMatchObject({
      status: 'processing',
      postal_status: 'accepted',
      tracking_reference: reprint.id,
      first_tracking_reference: orderId,
      late_remedy: 'reprint',
    });
    expect(again.body).toMatchObject({ late_remedy: 'reprint', first_provider_order_id: orderId });
    // The other remedy is refused once one was chosen.
    const refund = await app
      .http()
      .post(admin(`/${id}/refund-shipping`))
      .set(operator.auth);
    expect(refund.status).toBe(409);
    // News of the first order no longer moves the card.
    const stale = await prodigi.callback(orderId);
    expect(stale.status).toBe(200);
    expect((await reload(id)).tracking_reference).toBe(reprint.id);

    // The buyer's one e-mail: what the shop does, and when the new card should land.
    const [mail] = await smtp.waitFor((m) => String(m.headers.get('x-greeting-card-news') ?? '') === `late ${id}`);
    expect(mail.subject).toMatch(/is running late/);
    expect(mail.text).toMatch(/printing it again/);
    expect(mail.text).toContain(String(new Date(`${row.promised_to}T12:00:00Z`).getUTCDate()));
    const news = app.strapi.plugin('greeting-cards').service('buyerNews') as unknown as {
      sendMissed(): Promise<number>;
    };
    await news.sendMissed();
    expect(await reload(id)).toMatchObject({ late_remedy: 'reprint' });
    expect(lateMails(id)).toHaveLength(1);
  });

  it("refunds a late card's shipping once, never more than was paid for it, and tells the buyer in German", async () => {
    const user = await createUser(app.strapi);
    const card = await createCard(app.strapi, user, { title: 'Schnell' });
    const recipient = await createRecipient(app.strapi, user, { country: 'GB' });
    const added = await app
      .http()
      .post('/api/orders/add_to_cart/')
      .set(user.auth)
      .send({ card_id: card.id, recipient_id: recipient.id, delivery_method: 'post', shipping_method: 'Express' });
    expect(added.status).toBe(200);
    const uuid = added.body.uuid;
    const checkout = await app
      .http()
      .post(`/api/orders/${uuid}/checkout/`)
      .set(user.auth)
      .set('Accept-Language', 'de')
      .send({});
    expect(checkout.status).toBe(200);
    // Checkout keeps the shipping in the line (what the buyer pays, and what refunds read).
    expect(checkout.body.total_pence).toBe(added.body.items[0].unit_price_pence + 475);
    expect((await app.http().post(`/api/orders/${uuid}/pay/`).set(user.auth).send({})).status).toBe(200);
    await fulfilment(app.strapi).drain();
    const [delivery] = await deliveriesOf(app.strapi, uuid);
    const submitted = await reload(delivery.id);
    expect(submitted.status).toBe('processing');
    expect(submitted.promised_to).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // Not late before the window ends; never shipped, the job finds it late after.
    const promisedTo = submitted.promised_to as string;
    expect(await lateCards().checkDue(londonMidnight(promisedTo, 23 * 60))).toBe(0);
    expect(await lateCards().checkDue(londonMidnight(promisedTo, 24 * 60 + 60))).toBeGreaterThanOrEqual(1);
    expect((await reload(delivery.id)).late_at).not.toBeNull();

    const [first, second] = await Promise.all([
      app
        .http()
        .post(admin(`/${delivery.id}/refund-shipping`))
        .set(operator.auth),
      app
        .http()
        .post(admin(`/${delivery.id}/refund-shipping`))
        .set(operator.auth),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const refunds = await q(app.strapi, 'refund').findMany({ where: { delivery_id: delivery.id } });
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount_pence: 475, kind: 'shipping', status: 'succeeded' });
    expect(first.body.refund).toMatchObject({ amount_pence: 475, status: 'succeeded' });
    // Reprinting after a refund is refused: one remedy per card.
    expect(
      (
        await app
          .http()
          .post(admin(`/${delivery.id}/reprint`))
          .set(operator.auth)
      ).status,
    ).toBe(409);

    const [mail] = await smtp.waitFor(
      (m) => String(m.headers.get('x-greeting-card-news') ?? '') === `late ${delivery.id}`,
    );
    expect(mail.subject).toMatch(/verspätet sich/);
    expect(mail.text).toMatch(/4,75\s?£/);
    expect(lateMails(delivery.id)).toHaveLength(1);
  });

  it('checkout refuses a line whose shipping price changed since it was added, with a clear 400', async () => {
    const user = await createUser(app.strapi);
    const card = await createCard(app.strapi, user, { title: 'Price moved' });
    const recipient = await createRecipient(app.strapi, user, { country: 'GB' });
    shipping().clearQuotes();
    const added = await app
      .http()
      .post('/api/orders/add_to_cart/')
      .set(user.auth)
      .send({ card_id: card.id, recipient_id: recipient.id, delivery_method: 'post', shipping_method: 'Express' });
    expect(added.status).toBe(200);
    expect(added.body.items[0].shipping_pence).toBe(475);
    // The quote fails at checkout: the table's price (4.50) is not the one the shopper accepted.
    shipping().clearQuotes();
    prodigi.failQuotes(1);
    const refused = await app.http().post(`/api/orders/${added.body.uuid}/checkout/`).set(user.auth).send({});
    expect(refused.status).toBe(400);
    expect(refused.body.items[0]).toMatch(/Express shipping now costs £4\.50 instead of £4\.75/);
    expect((await app.http().get('/api/orders/cart/').set(user.auth)).body.status).toBe('cart');
    // The quote answers again: the same price, so checkout goes through.
    shipping().clearQuotes();
    expect((await app.http().post(`/api/orders/${added.body.uuid}/checkout/`).set(user.auth).send({})).status).toBe(
      200,
    );
  });

  it("counts an arrive-by date on the recipient country's calendar", async () => {
    // A German public holiday on a weekday that is a working day in Britain, at least two weeks ahead.
    let holiday = '';
    for (let t = Date.now() + 14 * DAY; !holiday && t < Date.now() + 170 * DAY; t += DAY) {
      const d = day(t);
      const dow = new Date(`${d}T00:00:00Z`).getUTCDay();
      if (dow >= 1 && dow <= 5 && isPublicHoliday('DE', d) && !isPublicHoliday('GB', d)) holiday = d;
    }
    expect(holiday).not.toBe('');
    // Nothing lands in Germany on the holiday: a card to arrive by then is promised by the working day before.
    const de = await app.http().get(`/api/shipping/options/?product=a5&country=DE&arrive_by=${holiday}`);
    expect(de.status).toBe(200);
    const making = de.body.methods.filter((m: { makes_it?: boolean }) => m.makes_it);
    expect(making.length).toBeGreaterThan(0);
    for (const m of making) expect(m.arrives_to < holiday).toBe(true);
    // The same day is a working day in Britain: a British card may land on it.
    const gb = await app.http().get(`/api/shipping/options/?product=a5&country=GB&arrive_by=${holiday}`);
    expect(
      gb.body.methods.some((m: { makes_it?: boolean; arrives_to: string }) => m.makes_it && m.arrives_to === holiday),
    ).toBe(true);
  });
});
