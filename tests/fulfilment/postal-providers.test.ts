import crypto from 'crypto';
import { QUIET_APP, startApp, type TestApp } from '../helpers/strapi';
import { createUser } from '../helpers/users';
import { createCard, createRecipient, deliveriesOf, orderRow } from '../helpers/order-fixtures';
import { ShopAddress } from '../helpers/fake-print-provider';
import { startFakeProdigi, type FakeProdigi } from '../helpers/fake-prodigi';
import { startFakeGelato, type FakeGelato } from '../helpers/fake-gelato';
import { fulfilment, q } from './helpers';
import { webSession } from '../web/session';

// Posted cards through Prodigi and Gelato: our real provider clients, driven by the real fulfilment
// path (demo payment, dispatch, retry job, callbacks, operator cancel), against local fakes of the
// providers' published APIs that fetch the print files from the running app over HTTP.

const PUBLIC_URL = 'https://cards.example.test';
const SECRET = 'test-callback-secret-0123456789abcdef';
const LATER = () => new Date(Date.now() + 6 * 3600_000);

async function buyPostedCard(app: TestApp) {
  const http = () => app.http();
  const user = await createUser(app.strapi, { first_name: 'Sam', last_name: 'Jones' });
  const card = await createCard(app.strapi, user, { title: 'Posted for real' });
  const recipient = await createRecipient(app.strapi, user, {
    address_line_2: 'Flat 2',
    county: 'Greater London',
    country: 'GB',
  });
  const added = await http()
    .post('/api/orders/add_to_cart/')
    .set(user.auth)
    .send({ card_id: card.id, recipient_id: recipient.id, delivery_method: 'post' });
  expect(added.status).toBe(200);
  const cart = await http().get('/api/orders/cart/').set(user.auth);
  expect((await http().post(`/api/orders/${cart.body.uuid}/checkout/`).set(user.auth).send({})).status).toBe(200);
  expect((await http().post(`/api/orders/${cart.body.uuid}/pay/`).set(user.auth).send({})).status).toBe(200);
  await fulfilment(app.strapi).drain();
  const [delivery] = await deliveriesOf(app.strapi, cart.body.uuid);
  return { uuid: cart.body.uuid as string, delivery, user };
}

const reload = (app: TestApp, id: number) => q(app.strapi, 'delivery').findOne({ where: { id } });
type AdminDeliveries = { cancel(id: number): Promise<{ status: string }> };
const cancelAsOperator = (app: TestApp, id: number) =>
  (app.strapi.plugin('greeting-cards').service('adminDeliveries') as unknown as AdminDeliveries).cancel(id);
const pathOf = (url: string) => new URL(url).pathname;

describe('posted cards through Prodigi (fake Prodigi Print API v4)', () => {
  let app: TestApp;
  let prodigi: FakeProdigi;
  const shop = new ShopAddress(PUBLIC_URL);
  const callbackPath = `/api/postal/prodigi/callback/${SECRET}`;

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
    });
    shop.listenOn(app.baseUrl);
  });
  afterAll(async () => {
    await app?.stop();
    await prodigi?.close();
  });

  it('a retry after the answer was lost gets the same order: exactly one print order, right SKU, address and a fetchable PDF', async () => {
    prodigi.dropAfterAccepting(1);
    const { uuid, delivery } = await buyPostedCard(app);
    // Prodigi took the order but the answer never came: the delivery waits for a retry.
    const afterLoss = await reload(app, delivery.id);
    expect(afterLoss).toMatchObject({ status: 'pending', attempts: 1, tracking_reference: null });
    expect(afterLoss.last_error).toMatch(/no answer/);
    expect(prodigi.created()).toHaveLength(1);

    await fulfilment(app.strapi).runDue(LATER());
    const creates = prodigi.requests.filter((r) => r.method === 'POST' && r.path === '/v4.0/orders');
    expect(creates).toHaveLength(2);
    expect(creates[1].body.idempotencyKey).toBe(creates[0].body.idempotencyKey);
    expect(prodigi.created()).toHaveLength(1);
    const [order] = prodigi.created();
    const queued = await reload(app, delivery.id);
    expect(queued).toMatchObject({ status: 'processing', tracking_reference: order.id, claimed_at: null, attempts: 2 });
    await prodigi.downloadAssets(order.id);

    expect(order).toMatchObject({
      merchantReference: `${uuid}/${delivery.id}`,
      shippingMethod: 'Budget',
      callbackUrl: `${PUBLIC_URL}${callbackPath}`,
      recipient: {
        name: 'Ada Lovelace',
        email: 'ada@example.test',
        address: {
          line1: '12 St James Square',
          line2: 'Flat 2',
          postalOrZipCode: 'SW1Y 4JH',
          countryCode: 'GB',
          townOrCity: 'London',
          stateOrCounty: 'Greater London',
        },
      },
    });
    expect(order.items).toEqual([
      expect.objectContaining({ sku: 'GLOBAL-GRE-TEST-A5', copies: 1, sizing: 'fillPrintArea' }),
    ]);
    const assetUrl: string = order.items[0].assets[0].url;
    expect(assetUrl.startsWith(`${PUBLIC_URL}/api/postal/print-files/${delivery.id}-`)).toBe(true);
    // The fake fetched the PDF from the app over HTTP.
    expect(prodigi.files.get(order.id)?.subarray(0, 5).toString()).toBe('%PDF-');
    // It is the printer's PDF of the card's product (A5 at trim plus 3 mm bleed: 154 x 216 mm), not the
    // print-at-home sheet (A4 landscape); the in-memory renderer writes the page size into its stand-in.
    expect(prodigi.files.get(order.id)?.toString('latin1')).toContain('154x216mm');

    const file = await app.http().get(pathOf(assetUrl));
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-robots-tag']).toMatch(/noindex/);
    // A name with a changed signature, or for another delivery, is not a file.
    const forged = pathOf(assetUrl).replace(
      /-([\w-]{43})\.pdf$/,
      (_m, sig: string) => `-${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}.pdf`,
    );
    expect((await app.http().get(forged)).status).toBe(404);
    expect((await app.http().get(pathOf(assetUrl).replace(`/${delivery.id}-`, `/${delivery.id + 1000}-`))).status).toBe(
      404,
    );
  });

  it("the print file answers while the delivery waits for its retry after a lost answer: Prodigi's download of the asset succeeds", async () => {
    prodigi.dropAfterAccepting(1);
    const { delivery } = await buyPostedCard(app);
    const waiting = await reload(app, delivery.id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, tracking_reference: null });
    const order = prodigi.created().at(-1);
    expect(order.merchantReference).toMatch(new RegExp(`/${delivery.id}$`));

    // Prodigi holds the order and fetches its asset now, a minute before our retry would come.
    await prodigi.downloadAssets(order.id);
    expect(order.status.issues).toEqual([]);
    expect(order.status.details.downloadAssets).toBe('Complete');
    expect(prodigi.files.get(order.id)?.subarray(0, 5).toString()).toBe('%PDF-');

    // The retry finds the same order, whose asset is there.
    await fulfilment(app.strapi).runDue(LATER());
    expect(await reload(app, delivery.id)).toMatchObject({ status: 'processing', tracking_reference: order.id });
    expect((await app.http().get(pathOf(order.items[0].assets[0].url))).status).toBe(200);
  });

  it('a print-file link signed with the callback secret is refused: knowing that secret mints no link', async () => {
    const { delivery } = await buyPostedCard(app);
    const row = await reload(app, delivery.id);
    expect(row.status).toBe('processing');
    const real = pathOf(prodigi.orders.get(row.tracking_reference).items[0].assets[0].url);
    expect((await app.http().get(real)).status).toBe(200);
    // What a reader of the callback URL (SERVICE_POSTAL_CALLBACK_SECRET) could sign before: the key of old.
    const expires = Math.floor(Date.now() / 1000) + 3600;
    const forged = crypto
      .createHmac('sha256', `print-file:${SECRET}`)
      .update(`${delivery.id}.${expires}`)
      .digest('base64url');
    expect((await app.http().get(`/api/postal/print-files/${delivery.id}-${expires}-${forged}.pdf`)).status).toBe(404);
  });

  it('callbacks move the delivery through production to shipped with tracking; replays and late news change nothing', async () => {
    const { uuid, delivery, user } = await buyPostedCard(app);
    const row = await reload(app, delivery.id);
    const id = row.tracking_reference as string;
    const assetUrl: string = prodigi.orders.get(id).items[0].assets[0].url;

    prodigi.startProduction(id);
    const inProduction = await prodigi.callback(id);
    expect(inProduction).toEqual({
      status: 200,
      body: { delivery: delivery.id, status: 'processing', outcome: 'noted' },
    });
    expect((await reload(app, delivery.id)).carrier_status).toMatch(/inProduction: InProgress/);

    prodigi.ship(id, { number: 'RM123456785GB', url: 'https://tracking.example.test/RM123456785GB' });
    // Sent as a structured CloudEvent (application/cloudevents+json), which the body parser leaves to us.
    const shipped = await prodigi.callback(id, { contentType: 'application/cloudevents+json' });
    expect(shipped).toEqual({ status: 200, body: { delivery: delivery.id, status: 'sent', outcome: 'moved' } });
    expect(await reload(app, delivery.id)).toMatchObject({
      status: 'sent',
      tracking_number: 'RM123456785GB',
      tracking_url: 'https://tracking.example.test/RM123456785GB',
    });
    expect((await orderRow(app.strapi, uuid)).status).toBe('fulfilled');

    // The shopper sees it: the deliveries API and the order page carry the carrier's tracking link.
    const listed = await app.http().get('/api/deliveries/').set(user.auth);
    expect(listed.body.results).toEqual([
      expect.objectContaining({
        id: delivery.id,
        status: 'sent',
        tracking_number: 'RM123456785GB',
        tracking_url: 'https://tracking.example.test/RM123456785GB',
      }),
    ]);
    const session = await webSession(app, user);
    const page = await app.http().get(`/orders/${uuid}/`).set('Cookie', session.cookie);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(
      /<a class="tracking-link" href="https:\/\/tracking\.example\.test\/RM123456785GB"[^>]*>Track this card \(RM123456785GB\)<\/a>/,
    );

    // The same callback again: nothing moves.
    expect((await prodigi.callback(id)).body).toEqual({ delivery: delivery.id, status: 'sent', outcome: 'unchanged' });
    // Shipped: the print file is gone.
    expect((await app.http().get(pathOf(assetUrl))).status).toBe(404);
  });

  it('refuses callbacks with a wrong secret (404), bodies that are not CloudEvents (400) and unknown orders (404)', async () => {
    const post = (path: string, body: unknown) =>
      app
        .http()
        .post(path)
        .set('Content-Type', 'application/json')
        .send(body as object);
    const wrong = await post('/api/postal/prodigi/callback/not-the-secret-0123456789abcdef', { specversion: '1.0' });
    expect(wrong.status).toBe(404);
    // The address is judged before the body: a wrong secret with no body is as unknown as with one.
    const emptyBody = await app.http().post('/api/postal/prodigi/callback/not-the-secret-0123456789abcdef');
    expect(emptyBody.status).toBe(404);
    expect(
      (
        await app
          .http()
          .post('/api/postal/gelato/callback/x')
          .set('Content-Type', 'application/cloudevents+json')
          .send('')
      ).status,
    ).toBe(404);
    expect(
      (await post(`/api/postal/gelato/callback/${SECRET}`, { event: 'order_status_updated', orderId: 'x' })).status,
    ).toBe(404);

    const bad = await post(callbackPath, { hello: 'world' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ detail: expect.stringMatching(/^Not a CloudEvent/) });
    const notJson = await app
      .http()
      .post(callbackPath)
      .set('Content-Type', 'application/cloudevents+json')
      .send('{"specversion":');
    expect(notJson.status).toBe(400);
    expect(notJson.body).toEqual({ detail: 'The body is not JSON.' });

    const unknown = await post(callbackPath, {
      specversion: '1.0',
      type: 'com.prodigi.order.status.stage.changed#Complete',
      source: 'http://api.prodigi.com/v4.0/Orders',
      id: 'evt_1',
      data: { order: { id: 'ord_404' } },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: 'No posted card has this order.' });
  });

  it('an operator cancels a card before production through Prodigi; after production starts the answer is a clear 409', async () => {
    const first = await buyPostedCard(app);
    const firstOrder = (await reload(app, first.delivery.id)).tracking_reference as string;
    const cancelled = await cancelAsOperator(app, first.delivery.id);
    expect(cancelled.status).toBe('cancelled');
    expect(prodigi.orders.get(firstOrder).status.stage).toBe('Cancelled');
    expect(prodigi.requests.filter((r) => r.path === `/v4.0/orders/${firstOrder}/actions/cancel`)).toHaveLength(1);

    const second = await buyPostedCard(app);
    const secondOrder = (await reload(app, second.delivery.id)).tracking_reference as string;
    prodigi.startProduction(secondOrder);
    await expect(cancelAsOperator(app, second.delivery.id)).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/refused to cancel/),
    });
    expect((await reload(app, second.delivery.id)).status).toBe('processing');
    expect(prodigi.orders.get(secondOrder).status.stage).toBe('InProgress');
  });
});

describe('posted cards through Gelato (fake Gelato Order API v4)', () => {
  let app: TestApp;
  let gelato: FakeGelato;
  const shop = new ShopAddress(PUBLIC_URL);
  const webhookUrl = `${PUBLIC_URL}/api/postal/gelato/callback/${SECRET}`;

  beforeAll(async () => {
    gelato = await startFakeGelato('gelato-test-key', shop);
    app = await startApp({
      ...QUIET_APP,
      SERVICE_PUBLIC_URL: PUBLIC_URL,
      SERVICE_POSTAL_PROVIDER: 'gelato',
      SERVICE_GELATO_API_KEY: 'gelato-test-key',
      SERVICE_GELATO_API_BASE: gelato.url,
      // The card's product (a5) has an entry of its own, which wins over the "card" fallback.
      SERVICE_GELATO_PRODUCT_MAP:
        '{"card":"cards_pf_generic_fallback","a5":"cards_pf_a5_pt_350-gsm-coated-silk_cl_4-4_ver"}',
      SERVICE_GELATO_ORDER_TYPE: 'order',
      SERVICE_POSTAL_CALLBACK_SECRET: SECRET,
    });
    shop.listenOn(app.baseUrl);
  });
  afterAll(async () => {
    await app?.stop();
    await gelato?.close();
  });

  it('a retry after the answer was lost finds the order by reference instead of placing a second', async () => {
    gelato.dropAfterAccepting(1);
    const { delivery } = await buyPostedCard(app);
    expect(await reload(app, delivery.id)).toMatchObject({ status: 'pending', attempts: 1, tracking_reference: null });
    expect(gelato.orders.size).toBe(1);

    await fulfilment(app.strapi).runDue(LATER());
    // Gelato takes no idempotency key: the fake would make a second order, our search before creating prevents it.
    expect(gelato.orders.size).toBe(1);
    expect(gelato.requests.filter((r) => r.path === '/v4/orders')).toHaveLength(1);
    expect(gelato.requests.filter((r) => r.path === '/v4/orders:search')).toHaveLength(2);
    const [order] = [...gelato.orders.values()];
    expect(await reload(app, delivery.id)).toMatchObject({ status: 'processing', tracking_reference: order.id });
    expect(order).toMatchObject({
      orderType: 'order',
      orderReferenceId: expect.stringMatching(new RegExp(`^card-delivery-${delivery.id}-`)),
      currency: 'GBP',
      shippingAddress: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        addressLine1: '12 St James Square',
        addressLine2: 'Flat 2',
        city: 'London',
        postCode: 'SW1Y 4JH',
        state: 'Greater London',
        country: 'GB',
        email: 'ada@example.test',
      },
    });
    expect(order.items).toEqual([
      expect.objectContaining({
        productUid: 'cards_pf_a5_pt_350-gsm-coated-silk_cl_4-4_ver',
        quantity: 1,
        files: [{ type: 'default', url: expect.stringContaining(`${PUBLIC_URL}/api/postal/print-files/`) }],
      }),
    ]);
    expect(gelato.files.get(order.id)?.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('webhooks move the delivery to shipped with tracking, once; other events are ignored', async () => {
    const { delivery } = await buyPostedCard(app);
    const id = (await reload(app, delivery.id)).tracking_reference as string;
    gelato.setStatus(id, 'printed');
    expect((await gelato.webhook(webhookUrl, id)).body).toEqual({
      delivery: delivery.id,
      status: 'processing',
      outcome: 'noted',
    });

    gelato.ship(id, { trackingCode: 'JD014600003828', trackingUrl: 'https://tracking.example.test/JD014600003828' });
    expect((await gelato.webhook(webhookUrl, id, 'order_item_tracking_code_updated')).body).toEqual({
      delivery: delivery.id,
      status: 'sent',
      outcome: 'moved',
    });
    expect(await reload(app, delivery.id)).toMatchObject({
      status: 'sent',
      carrier_status: 'shipped',
      tracking_number: 'JD014600003828',
      tracking_url: 'https://tracking.example.test/JD014600003828',
    });
    expect((await gelato.webhook(webhookUrl, id)).body).toEqual({
      delivery: delivery.id,
      status: 'sent',
      outcome: 'unchanged',
    });

    const post = (body: unknown) =>
      app
        .http()
        .post(pathOf(webhookUrl))
        .send(body as object);
    expect((await post({ event: 'store_product_created', storeId: 's' })).body).toEqual({ detail: 'Event ignored.' });
    expect((await post({ event: 'order_status_updated' })).status).toBe(400);
    expect((await post({ event: 'order_status_updated' })).body).toEqual({
      detail: 'The webhook names no order (orderId).',
    });
    expect((await post({ event: 'order_status_updated', orderId: 'not-ours' })).status).toBe(404);
  });

  it("delivered after shipped: the status stays sent (as the spec's clients know it), postal_status says delivered, once; the order page shows it", async () => {
    const { uuid, delivery, user } = await buyPostedCard(app);
    const id = (await reload(app, delivery.id)).tracking_reference as string;
    gelato.ship(id, { trackingCode: 'JD014600009999', trackingUrl: 'https://tracking.example.test/JD014600009999' });
    expect((await gelato.webhook(webhookUrl, id)).body).toEqual({
      delivery: delivery.id,
      status: 'sent',
      outcome: 'moved',
    });
    expect(await reload(app, delivery.id)).toMatchObject({
      status: 'sent',
      postal_status: 'shipped',
      delivered_at: null,
    });

    gelato.setStatus(id, 'delivered');
    expect((await gelato.webhook(webhookUrl, id)).body).toEqual({
      delivery: delivery.id,
      status: 'sent',
      outcome: 'noted',
    });
    const delivered = await reload(app, delivery.id);
    expect(delivered).toMatchObject({
      status: 'sent',
      postal_status: 'delivered',
      carrier_status: 'delivered',
      tracking_number: 'JD014600009999',
    });
    expect(delivered.delivered_at).not.toBeNull();
    // The same news again: nothing changes, the delivery time stays.
    expect((await gelato.webhook(webhookUrl, id)).body).toEqual({
      delivery: delivery.id,
      status: 'sent',
      outcome: 'unchanged',
    });
    expect((await reload(app, delivery.id)).delivered_at).toEqual(delivered.delivered_at);

    const listed = await app.http().get('/api/deliveries/').set(user.auth);
    expect(listed.body.results.find((d: { id: number }) => d.id === delivery.id)).toMatchObject({
      status: 'sent',
      postal_status: 'delivered',
      delivered_at: expect.any(String),
      cancellable: false,
    });
    const session = await webSession(app, user);
    const page = await app.http().get(`/orders/${uuid}/`).set('Cookie', session.cookie);
    expect(page.text).toContain('At the printer: <strong>Delivered</strong>');
  });

  it('an operator cancels before production; once printed Gelato refuses and the delivery stays', async () => {
    const first = await buyPostedCard(app);
    const firstOrder = (await reload(app, first.delivery.id)).tracking_reference as string;
    expect((await cancelAsOperator(app, first.delivery.id)).status).toBe('cancelled');
    expect(gelato.orders.get(firstOrder).fulfillmentStatus).toBe('canceled');

    const second = await buyPostedCard(app);
    const secondOrder = (await reload(app, second.delivery.id)).tracking_reference as string;
    gelato.setStatus(secondOrder, 'printed');
    await expect(cancelAsOperator(app, second.delivery.id)).rejects.toMatchObject({ status: 409 });
    expect((await reload(app, second.delivery.id)).status).toBe('processing');
  });
});
