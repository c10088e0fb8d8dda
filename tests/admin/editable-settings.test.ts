import supertest from 'supertest';
import { QUIET_APP, startApp, type TestApp } from '../helpers/strapi';
import { startSecondInstance, stopSecondInstance, type SecondInstance } from '../helpers/second-instance';
import { createAdmin, type TestAdmin } from '../helpers/admin';
import { createUser, type TestUser } from '../helpers/users';
import { createCard, createRecipient } from '../helpers/order-fixtures';

// Settings editors change on the admin settings page (PUT /greeting-cards/admin/settings): stored in
// Strapi's store, guarded by settings.update, pinned where the environment sets them, and seen by every
// instance on the same database without a restart.

const READ = 'plugin::greeting-cards.settings.read';
const UPDATE = 'plugin::greeting-cards.settings.update';
const ENV = {
  ...QUIET_APP,
  SERVICE_DEMO_PAYMENTS: 'true',
  SERVICE_STRIPE_SECRET_KEY: '',
  // Pinned by the environment: the page shows it and refuses to change it.
  SERVICE_SHOP_NAME: 'Pinned Cards',
  // Secrets: never shown in full, never editable.
  SERVICE_POSTAL_CALLBACK_SECRET: 'callback-secret-abcdefghijklmnopqrstuvwxyz',
  SERVICE_GELATO_API_KEY: 'gelato-key-0123456789-very-secret',
};

type Instance = { http: () => supertest.Agent };
type Entry = {
  key: string;
  value: unknown;
  editable: boolean;
  pinned_by?: string | null;
  stored?: boolean;
  secret: boolean;
  kind?: string;
};
const entries = (body: { groups: Array<{ settings: Entry[] }> }) => body.groups.flatMap((g) => g.settings);
const entry = (body: { groups: Array<{ settings: Entry[] }> }, key: string) =>
  entries(body).find((s) => s.key === key)!;

describe('editable settings', () => {
  let app: TestApp;
  let second: SecondInstance | undefined;
  let owner: TestAdmin;
  let reader: TestAdmin;
  let shopper: TestUser;
  const http = () => app.http();

  beforeAll(async () => {
    app = await startApp(ENV);
    owner = await createAdmin(app.strapi, http, [READ, UPDATE]);
    reader = await createAdmin(app.strapi, http, [READ]);
    shopper = await createUser(app.strapi);
  });
  afterAll(async () => {
    await stopSecondInstance(second);
    await app?.stop();
  });

  /** A fresh cart with one e-card on `on` (this instance or another); returns the line's unit price. */
  async function ecardPriceIn(on: Instance): Promise<number> {
    const card = await createCard(app.strapi, shopper);
    const recipient = await createRecipient(app.strapi, shopper);
    const res = await on
      .http()
      .post('/api/orders/add_to_cart/')
      .set(shopper.auth)
      .send({ card_id: card.id, recipient_id: recipient.id });
    expect(res.status).toBe(200);
    const line =
      res.body.items.find((i: { card: number }) => i.card === card.id) ?? res.body.items[res.body.items.length - 1];
    expect((await on.http().delete(`/api/orders/cart/items/${line.id}/`).set(shopper.auth)).status).toBeLessThan(300);
    return line.unit_price_pence;
  }

  const put = (who: TestAdmin, body: unknown) =>
    http()
      .put('/greeting-cards/admin/settings')
      .set(who.auth)
      .send(body as object);
  const get = async () => (await http().get('/greeting-cards/admin/settings').set(reader.auth).expect(200)).body;

  it('shows what may be changed, what the environment pins, and secrets masked and locked', async () => {
    const body = await get();
    expect(entry(body, 'ecardPrice')).toMatchObject({
      value: 299,
      editable: true,
      kind: 'money',
      pinned_by: null,
      stored: false,
    });
    expect(entry(body, 'shopName')).toMatchObject({
      value: 'Pinned Cards',
      editable: true,
      pinned_by: 'SERVICE_SHOP_NAME',
    });
    expect(entry(body, 'publicUrl')).toMatchObject({ editable: false });
    for (const key of ['postalCallbackSecret', 'gelatoApiKey', 'stripeSecretKey']) {
      expect(entry(body, key)).toMatchObject({ secret: true, editable: false });
    }
    const text = JSON.stringify(body);
    expect(text).not.toContain(ENV.SERVICE_POSTAL_CALLBACK_SECRET);
    expect(text).not.toContain(ENV.SERVICE_GELATO_API_KEY);
    expect(entry(body, 'gelatoApiKey').value).toBe('gela…et');
  });

  it('refuses an admin without settings.update, and changes nothing', async () => {
    const res = await put(reader, { ecardPrice: 1 });
    expect(res.status).toBe(403);
    expect(entry(await get(), 'ecardPrice').value).toBe(299);
    expect((await http().put('/greeting-cards/admin/settings').send({ ecardPrice: 1 })).status).toBe(401);
  });

  it('answers bad values field by field and stores nothing of the change', async () => {
    const res = await put(owner, {
      ecardPrice: -5,
      postedCardPrice: 2.5,
      currency: 'GPB',
      accentColour: 'red',
      publicUrl: 'https://elsewhere.example',
      stripeSecretKey: 'sk_x',
      nonsense: 1,
      giftWrapPrice: 250,
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual([
      'accentColour',
      'currency',
      'ecardPrice',
      'nonsense',
      'postedCardPrice',
      'publicUrl',
      'stripeSecretKey',
    ]);
    expect(res.body.ecardPrice).toEqual(['must not be negative']);
    expect(res.body.publicUrl[0]).toMatch(/environment/);
    expect(res.body.currency[0]).toMatch(/currency/);
    // The valid part of a refused change is not stored either.
    expect(entry(await get(), 'giftWrapPrice').value).toBe(199);
    expect((await put(owner, {})).status).toBe(400);
    // Odd shapes are field errors too, never a 500.
    for (const body of [
      [1, 2],
      { ecardPrice: '349' },
      { reminderDaysBefore: 'x' },
      { shopTagline: { a: 1 } },
      { groupCardReminders: 'yes' },
      { ecardPrice: 1e12 },
    ]) {
      const odd = await put(owner, body);
      expect([odd.status, Object.values(odd.body).every(Array.isArray)]).toEqual([400, true]);
    }
    expect((await get()).stored).toBeNull();
  });

  it('refuses to change a value the environment pins, saying where it is set', async () => {
    const res = await put(owner, { shopName: 'Another Name' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      shopName: ['is set by SERVICE_SHOP_NAME in the environment, which wins over this page; change or unset it there'],
    });
    expect(entry(await get(), 'shopName')).toMatchObject({ value: 'Pinned Cards', pinned_by: 'SERVICE_SHOP_NAME' });
  });

  it('an editor changes the e-card price: the next basket uses it here at once and on a second instance without a restart', async () => {
    // The second instance is up (and has read the settings) before the change.
    second = await startSecondInstance({
      ...ENV,
      ...app.db.env,
    });
    expect(await ecardPriceIn(second)).toBe(299);
    expect(await ecardPriceIn(app)).toBe(299);

    const res = await put(owner, { ecardPrice: 349 });
    expect(res.status).toBe(200);
    expect(entry(res.body, 'ecardPrice')).toMatchObject({ value: 349, stored: true });
    expect(res.body.stored).toMatchObject({ updated_by: owner.email });
    expect(await ecardPriceIn(app)).toBe(349);

    // Checkout charges the new price.
    const card = await createCard(app.strapi, shopper);
    const recipient = await createRecipient(app.strapi, shopper);
    const added = await http()
      .post('/api/orders/add_to_cart/')
      .set(shopper.auth)
      .send({ card_id: card.id, recipient_id: recipient.id })
      .expect(200);
    const checkout = await http()
      .post(`/api/orders/${added.body.uuid}/checkout/`)
      .set(shopper.auth)
      .send({})
      .expect(200);
    expect(checkout.body.total_pence).toBe(349 * checkout.body.items.length);

    // The other instance: within its two-second freshness window, with nobody telling it.
    const changedAt = Date.now();
    let seen = 0;
    while (Date.now() - changedAt < 15_000) {
      seen = await ecardPriceIn(second);
      if (seen === 349) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(seen).toBe(349);
    expect(Date.now() - changedAt).toBeLessThan(5_000);
    const seenThere = (await second.http().get('/greeting-cards/admin/settings').set(reader.auth).expect(200)).body;
    expect(entry(seenThere, 'ecardPrice')).toMatchObject({ value: 349, stored: true });
  });

  it('costs the shop one single-row read per two seconds per instance, not one per request', async () => {
    const reads: string[] = [];
    const all: string[] = [];
    const listener = (e: { sql: string }) => {
      all.push(e.sql);
      if (e.sql.includes('greeting-cards settings freshness')) reads.push(e.sql);
    };
    app.strapi.db.connection.on('query', listener);
    const started = Date.now();
    try {
      for (let i = 0; i < 40; i++) await http().get('/api/templates/').expect(200);
    } finally {
      app.strapi.db.connection.off('query', listener);
    }
    const windows = Math.ceil((Date.now() - started) / 2000);
    expect(reads.length).toBeLessThanOrEqual(windows);
    // The read is of the one store row, nothing else.
    for (const sql of reads) expect(sql).toMatch(/strapi_core_store_settings/);
    expect(all.length).toBeGreaterThanOrEqual(40);
  });

  it('null puts a setting back to its default', async () => {
    const res = await put(owner, { ecardPrice: null, currency: 'EUR' });
    expect(res.status).toBe(200);
    expect(entry(res.body, 'ecardPrice')).toMatchObject({ value: 299, stored: false });
    expect(res.body.currency).toBe('EUR');
    expect(entry(res.body, 'currency')).toMatchObject({ value: 'EUR', stored: true });
  });
});
