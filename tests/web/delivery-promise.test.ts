import { startApp, type TestApp } from '../helpers/strapi';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp';
import { createUser, type TestUser } from '../helpers/users';
import { createRecipient } from '../helpers/order-fixtures';
import { fulfilment } from '../fulfilment/helpers';
import {
  dayRange,
  promiseSentence,
  shortDay,
} from '../../plugins/greeting-cards/server/src/platform/i18n/delivery-promise';

// Issue 44, item 3: what shoppers see of a posted card's delivery. The template page and the send form say
// "Order by 14:00 for dispatch today; arrives Tue 3 – Wed 4 Dec" in the shopper's language; the send form's
// shipping part (a server-drawn fragment) offers, for an arrive-by date, the methods that make it with their
// prices, or an error naming the field with the next possible day; the basket, checkout, order page and the
// confirmation e-mail show the promised window. Every date expected here is the shipping API's answer,
// worded by the same functions the pages use.

interface Method {
  method: string;
  price_pence: number;
  dispatch_on: string;
  arrives_from: string;
  arrives_to: string;
  makes_it?: boolean;
}

// Two methods to Britain: a free one taking two to three working days, and a paid next-day one.
const METHODS = JSON.stringify({
  stub: {
    Standard: { price: 0, transit: { GB: [2, 3], EU: [4, 8] } },
    Express: { price: 450, transit: { GB: [1, 1] } },
  },
});

describe('the delivery promise on the shop pages (issue 44)', () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let buyer: TestUser;
  let cardId: number;
  const http = () => app.http();
  const get = (path: string, lang: string) =>
    http()
      .get(`${path}${path.includes('?') ? '&' : '?'}locale=${lang}`)
      .set('Cookie', `gc_session=${buyer.token}`);
  const options = async (query: string) => {
    const res = await http().get(`/api/shipping/options/?product=a5&country=GB${query}`);
    expect(res.status).toBe(200);
    return res.body as { order_by: string; default_method: string; earliest_arrival: string; methods: Method[] };
  };
  const asap = async () => {
    const o = await options('');
    const m = o.methods.find((x) => x.method === o.default_method)!;
    const dates = {
      orderBy: o.order_by,
      dispatchOn: m.dispatch_on,
      arrivesFrom: m.arrives_from,
      arrivesTo: m.arrives_to,
    };
    return { o, m, dates };
  };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startApp({
      ...smtp.env,
      SERVICE_RENDERER: 'memory',
      SERVICE_DEMO_PAYMENTS: 'true',
      SERVICE_PUBLIC_URL: 'https://cards.example.test',
      SERVICE_POSTAL_METHODS: METHODS,
      SERVICE_TIME_ZONE: 'Europe/London',
    });
    buyer = await createUser(app.strapi, { first_name: 'Lena', last_name: 'Beispiel' });
    const made = await http().post('/api/templates/balloon-party/personalize/').set(buyer.auth).send({});
    expect(made.status).toBeLessThan(300);
    cardId = made.body.id;
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.stop();
  });

  it('the template page says when to order and when the card lands, in English and German', async () => {
    const { dates, m } = await asap();
    const en = await get('/templates/balloon-party/', 'en');
    expect(en.status).toBe(200);
    const sentence = promiseSentence('en', dates, 'Europe/London');
    expect(sentence).toMatch(
      /^Order by 14:00( on \w{3} \d{1,2} \w{3}| tomorrow)? for dispatch (today|tomorrow|on .+); arrives /,
    );
    expect(sentence).toContain(dayRange('en', m.arrives_from, m.arrives_to));
    expect(en.text).toContain(
      '<p class="delivery-promise" id="delivery-promise"><strong>Posted to United Kingdom:</strong>',
    );
    expect(en.text).toContain(sentence);

    const de = await get('/templates/balloon-party/', 'de');
    const satz = promiseSentence('de', dates, 'Europe/London');
    expect(satz).toMatch(/^Bestelle bis 14:00 Uhr.*, Versand (heute|morgen|am .+); Zustellung /);
    expect(de.text).toContain('Versand nach Vereinigtes Königreich:');
    expect(de.text).toContain(satz);
    expect(de.text).not.toContain('Order by');
  });

  it('the send form shows the promise, and for a date the methods that make it with their prices', async () => {
    const { dates, o } = await asap();
    const editor = await get(`/editor/${cardId}/`, 'en');
    expect(editor.status).toBe(200);
    expect(editor.text).toContain('<legend>When should it arrive?</legend>');
    expect(editor.text).toContain('Send as soon as possible');
    expect(editor.text).toContain('<input type="date" id="arrive-by" name="arrive_by"');
    expect(editor.text).toContain(promiseSentence('en', dates, 'Europe/London'));

    // The earliest day some method guarantees: Express (next day) makes it, Standard does not.
    const soon = o.earliest_arrival;
    const express = o.methods.find((x) => x.method === 'Express')!;
    expect(express.arrives_to).toBe(soon);
    const fragment = await get(`/editor/${cardId}/shipping/?country=GB&arrive_by=${soon}`, 'en');
    expect(fragment.status).toBe(200);
    expect(fragment.text).toContain('<legend>Shipping method</legend>');
    expect(fragment.text).toContain(
      `value="Express" data-price="450" checked> <span>Express: arrives ${dayRange('en', soon, soon)} <strong class="ed-ship-price">+£4.50</strong>`,
    );
    expect(fragment.text).not.toContain('value="Standard"');
    expect(fragment.text).not.toContain('<html'); // a fragment, for the form to swap in

    // A week ahead both make it; the free one is chosen first, and says "included".
    const later = await options(`&arrive_by=${addDays(soon, 7)}`);
    expect(later.methods.every((x) => x.makes_it)).toBe(true);
    const both = await get(`/editor/${cardId}/shipping/?country=GB&arrive_by=${addDays(soon, 7)}`, 'de');
    expect(both.text).toMatch(
      /value="Standard" data-price="0" checked> <span>Standard: Zustellung [^<]+ <strong class="ed-ship-price">inklusive<\/strong>/,
    );
    expect(both.text).toMatch(
      /value="Express" data-price="450"> <span>Express: Zustellung [^<]+ <strong class="ed-ship-price">\+4,50\s£<\/strong>/,
    );
    // The method asked for stays chosen.
    const kept = await get(`/editor/${cardId}/shipping/?country=GB&arrive_by=${addDays(soon, 7)}&method=Express`, 'en');
    expect(kept.text).toContain('value="Express" data-price="450" checked>');
  });

  it('a bad date is an error naming the field, with the next possible day to choose', async () => {
    const { o } = await asap();
    const past = await get(`/editor/${cardId}/shipping/?country=GB&arrive_by=2020-01-01`, 'en');
    expect(past.status).toBe(200);
    expect(past.text).toContain('data-invalid="arrive_by"');
    expect(past.text).toContain(
      `<p class="ed-field-error" id="arrive-by-error">Arrive by: That day has passed. The earliest a card can arrive is ${shortDay('en', o.earliest_arrival)}.</p>`,
    );
    expect(past.text).toContain(
      `data-date="${o.earliest_arrival}">Arrive by ${shortDay('en', o.earliest_arrival)} instead</button>`,
    );
    const far = await get(`/editor/${cardId}/shipping/?country=GB&arrive_by=2999-01-01`, 'de');
    expect(far.text).toMatch(/<p class="ed-field-error" id="arrive-by-error">Ankommen bis: [^<]+<\/p>/);
    const garbled = await get(`/editor/${cardId}/shipping/?country=GB&arrive_by=tomorrow`, 'en');
    expect(garbled.text).toContain('Arrive by: Expected a date such as 2030-12-24.');
    // Someone else's card: not found.
    const other = await createUser(app.strapi);
    const theirs = await http()
      .get(`/editor/${cardId}/shipping/?country=GB`)
      .set('Cookie', `gc_session=${other.token}`);
    expect(theirs.status).toBe(404);
  });

  it('the basket, checkout, order page and confirmation e-mail show the promised window', async () => {
    const { o, m } = await asap();
    const soon = o.earliest_arrival;
    const dated = await createRecipient(app.strapi, buyer, { country: 'GB', email: 'dated@example.test' });
    const plain = await createRecipient(app.strapi, buyer, {
      country: 'GB',
      first_name: 'Grace',
      email: 'g@example.test',
    });
    // As the send form posts them: arrive by a date with the method chosen, and as soon as possible.
    const added = await http().post('/api/orders/add_to_cart/').set(buyer.auth).send({
      card_id: cardId,
      recipient_id: dated.id,
      delivery_method: 'post',
      arrive_by: soon,
      shipping_method: 'Express',
    });
    expect(added.status).toBe(200);
    await http()
      .post('/api/orders/add_to_cart/')
      .set(buyer.auth)
      .send({ card_id: cardId, recipient_id: plain.id, delivery_method: 'post' })
      .expect(200);
    const express = o.methods.find((x) => x.method === 'Express')!;
    const byDate = `To arrive by ${shortDay('en', soon)} (Express): arrives ${dayRange('en', express.arrives_from, express.arrives_to)}`;
    const whenPaid = `Arrives ${dayRange('en', m.arrives_from, m.arrives_to)}`;
    const basket = await get('/cart/', 'en');
    expect(basket.text).toContain(`<p class="entry-meta delivery-window">${byDate}</p>`);
    expect(basket.text).toContain(`<p class="entry-meta delivery-window">${whenPaid}</p>`);
    const korb = await get('/cart/', 'de');
    expect(korb.text).toContain(`Soll bis ${shortDay('de', soon)} ankommen (Express): Zustellung `);
    expect(korb.text).toContain(`Zustellung ${dayRange('de', m.arrives_from, m.arrives_to)}`);

    const uuid = added.body.uuid as string;
    await http().post(`/api/orders/${uuid}/checkout/`).set(buyer.auth).send({}).expect(200);
    expect((await get(`/checkout/${uuid}/`, 'en')).text).toContain(byDate);
    await http().post(`/api/orders/${uuid}/pay/`).set(buyer.auth).send({}).expect(200);
    await fulfilment(app.strapi).drain();
    const order = await get(`/orders/${uuid}/`, 'en');
    expect(order.text).toContain(byDate);
    expect(order.text).toContain(whenPaid);

    const confirmations = app.strapi.plugin('greeting-cards').service('orderConfirmations') as {
      sendMissed(): Promise<number>;
    };
    await confirmations.sendMissed();
    const [mail] = await smtp.waitFor((x) => /is confirmed/.test(x.subject ?? ''));
    expect(mail.text).toContain(
      `to arrive by ${shortDay('en', soon)}: ${dayRange('en', express.arrives_from, express.arrives_to)}`,
    );
    expect(mail.text).toContain(`arrives ${dayRange('en', m.arrives_from, m.arrives_to)}`);
    expect(String(mail.html)).toContain(`arrives ${dayRange('en', m.arrives_from, m.arrives_to)}`);
  });
});

function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}
