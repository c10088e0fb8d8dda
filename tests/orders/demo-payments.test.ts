import { appForSuite, TestApp } from '../helpers/strapi';
import { createUser } from '../helpers/users';
import {
  createCard,
  createRecipient,
  deliveriesOf,
  observeFulfilmentStarts,
  orderRow,
  pendingOrder,
} from '../helpers/order-fixtures';

describe('orders: demo payments, states and cancel', () => {
  let app: TestApp;
  let starts: ReturnType<typeof observeFulfilmentStarts>;
  const http = () => app.http();
  const pay = (auth: Record<string, string>, uuid: string, body: object = {}) =>
    http().post(`/api/orders/${uuid}/pay/`).set(auth).send(body);

  // Fulfilment really sends after payment: the browser-free renderer keeps that quick.
  appForSuite(
    {
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_DEMO_PAYMENTS: 'true',
      SERVICE_STRIPE_SECRET_KEY: '',
      SERVICE_RENDERER: 'memory',
    },
    (booted) => {
      app = booted;
      starts = observeFulfilmentStarts(app.strapi);
    },
  );

  it('completes a demo payment at once: paid order, one delivery per item, cards ordered, fulfilment started once', async () => {
    const u = await createUser(app.strapi);
    const later = new Date(Date.now() + 5 * 86400_000).toISOString();
    const order = await pendingOrder(app.strapi, http, u, [
      {},
      { delivery_method: 'post', scheduled_for: later },
      { delivery_method: 'print' },
    ]);
    const res = await pay(u.auth, order.uuid);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ uuid: order.uuid, status: 'paid', total_pence: 698 });
    expect(new Date(res.body.paid_at).getTime()).toBeLessThanOrEqual(Date.now());
    // startOrder dispatches the due ones in the background; once that is over they are out.
    await (app.strapi.plugin('greeting-cards').service('fulfilment') as any).drain();
    const deliveries = await deliveriesOf(app.strapi, order.uuid);
    expect(deliveries).toHaveLength(3);
    const byItem = new Map(deliveries.map((d: any) => [d.order_item.id, d]));
    const items = res.body.items as any[];
    expect(byItem.get(items[0].id).status).toBe('sent');
    expect(byItem.get(items[1].id).status).toBe('scheduled');
    expect(new Date(byItem.get(items[1].id).scheduled_for).toISOString()).toBe(later);
    expect(byItem.get(items[2].id).status).toBe('delivered');
    for (const d of deliveries) expect(d.view_token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(new Set(deliveries.map((d: any) => d.view_token)).size).toBe(3);
    const cards = await app.strapi.db
      .query('plugin::greeting-cards.card' as any)
      .findMany({ where: { id: { $in: items.map((i) => i.card) } } });
    // Cards are ordered at payment; the two already dispatched are sent by now, the scheduled one waits.
    const statusOf = new Map(cards.map((c: any) => [c.id, c.status]));
    expect(items.map((i) => statusOf.get(i.card))).toEqual(['sent', 'ordered', 'sent']);
    const row = await orderRow(app.strapi, order.uuid);
    expect(starts.of(row.id)).toBe(1);
    expect(row).toMatchObject({ payment_provider: 'demo' });
    expect(row.provider_payment_id).toMatch(/^demo_/);
  });

  it('becomes fulfilled once every delivery is dispatched (the call fulfilment makes)', async () => {
    const u = await createUser(app.strapi);
    // Scheduled for later, so fulfilment leaves them alone and this test plays its part.
    const later = new Date(Date.now() + 5 * 86400_000).toISOString();
    const order = await pendingOrder(app.strapi, http, u, [{ scheduled_for: later }, { scheduled_for: later }]);
    await pay(u.auth, order.uuid);
    const row = await orderRow(app.strapi, order.uuid);
    const orders = app.strapi.plugin('greeting-cards').service('orders') as any;
    const [first, second] = await deliveriesOf(app.strapi, order.uuid);
    const setStatus = (d: any, status: string) =>
      app.strapi.db.query('plugin::greeting-cards.delivery' as any).update({ where: { id: d.id }, data: { status } });
    await setStatus(first, 'sent');
    expect(await orders.markFulfilledIfDispatched(row.id)).toBe(false);
    await setStatus(second, 'delivered');
    const calls = await Promise.all([
      orders.markFulfilledIfDispatched(row.id),
      orders.markFulfilledIfDispatched(row.id),
    ]);
    expect(calls.filter(Boolean)).toHaveLength(1);
    const after = await orderRow(app.strapi, order.uuid);
    expect(after.status).toBe('fulfilled');
    expect(after.fulfilled_at).toBeTruthy();
    expect((await http().get(`/api/orders/${order.uuid}/`).set(u.auth)).body.status).toBe('fulfilled');
  });

  it('pays once when two pay requests race', async () => {
    const u = await createUser(app.strapi);
    const order = await pendingOrder(app.strapi, http, u, [{}, {}]);
    const results = await Promise.all([pay(u.auth, order.uuid), pay(u.auth, order.uuid), pay(u.auth, order.uuid)]);
    expect(results.filter((r) => r.status === 200 && r.body.status === 'paid').length).toBeGreaterThanOrEqual(1);
    for (const r of results) expect([200, 409]).toContain(r.status);
    expect(await deliveriesOf(app.strapi, order.uuid)).toHaveLength(2);
    expect(await starts.ofUuid(order.uuid)).toBe(1);
  });

  it('refuses illegal transitions with 409 and changes nothing', async () => {
    const u = await createUser(app.strapi);
    const cart = (await http().get('/api/orders/cart/').set(u.auth)).body;
    const onCart = await pay(u.auth, cart.uuid);
    expect(onCart.status).toBe(409);
    expect(onCart.body.detail).toBe('Only an order awaiting payment can be paid. This order is cart.');
    // Scheduled for tomorrow: sent now, the e-card would move the order on to fulfilled while this runs.
    const order = await pendingOrder(app.strapi, http, u, [
      { scheduled_for: new Date(Date.now() + 86400_000).toISOString() },
    ]);
    expect((await pay(u.auth, order.uuid)).body.status).toBe('paid');
    const again = await pay(u.auth, order.uuid);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: 'Only an order awaiting payment can be paid. This order is paid.' });
    expect((await http().post(`/api/orders/${order.uuid}/checkout/`).set(u.auth).send({})).status).toBe(409);
    const cancel = await http().post(`/api/orders/${order.uuid}/cancel/`).set(u.auth);
    expect(cancel.status).toBe(409);
    expect(cancel.body.detail).toMatch(/^Only a cart or an order awaiting payment can be cancelled/);
    expect((await orderRow(app.strapi, order.uuid)).status).toBe('paid');
    expect(await deliveriesOf(app.strapi, order.uuid)).toHaveLength(1);
  });

  it('cancels a pending order (it cannot be paid afterwards) and a cart (a new cart follows)', async () => {
    const u = await createUser(app.strapi);
    const other = await createUser(app.strapi);
    const order = await pendingOrder(app.strapi, http, u);
    expect((await http().post(`/api/orders/${order.uuid}/cancel/`).set(other.auth)).status).toBe(404);
    const res = await http().post(`/api/orders/${order.uuid}/cancel/`).set(u.auth);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('cancelled');
    expect((await orderRow(app.strapi, order.uuid)).cancelled_at).toBeTruthy();
    expect((await pay(u.auth, order.uuid)).status).toBe(409);
    expect(await deliveriesOf(app.strapi, order.uuid)).toHaveLength(0);

    const r = await createRecipient(app.strapi, u);
    const cart = (
      await http()
        .post('/api/orders/add_to_cart/')
        .set(u.auth)
        .send({ card_id: (await createCard(app.strapi, u)).id, recipient_id: r.id })
    ).body;
    expect((await http().post(`/api/orders/${cart.uuid}/cancel/`).set(u.auth)).body.status).toBe('cancelled');
    const next = (await http().get('/api/orders/cart/').set(u.auth)).body;
    expect(next.uuid).not.toBe(cart.uuid);
    expect(next.items).toEqual([]);
  });

  it("validates pay URLs and hides other users' orders", async () => {
    const u = await createUser(app.strapi);
    const order = await pendingOrder(app.strapi, http, u);
    const bad = await pay(u.auth, order.uuid, { success_url: 'javascript:alert(1)', cancel_url: 12 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['cancel_url', 'success_url']);
    expect((await pay((await createUser(app.strapi)).auth, order.uuid)).body).toEqual({ detail: 'Not found.' });
    expect((await orderRow(app.strapi, order.uuid)).status).toBe('pending_payment');
  });
});

describe('orders: payments switched off', () => {
  let app: TestApp;
  const http = () => app.http();
  appForSuite(
    { SERVICE_SEED_SAMPLE_DATA: 'false', SERVICE_DEMO_PAYMENTS: 'false', SERVICE_STRIPE_SECRET_KEY: '' },
    (booted) => {
      app = booted;
    },
  );

  it('answers 503 when neither demo mode nor a secret key is set, and leaves the order pending', async () => {
    const u = await createUser(app.strapi);
    const order = await pendingOrder(app.strapi, http, u);
    const res = await http().post(`/api/orders/${order.uuid}/pay/`).set(u.auth).send({});
    expect(res.status).toBe(503);
    expect(res.body.detail).toMatch(/Payments are not configured/);
    expect((await orderRow(app.strapi, order.uuid)).status).toBe('pending_payment');
  });

  it('completes a fully discounted order without any provider', async () => {
    const u = await createUser(app.strapi);
    const order = await pendingOrder(app.strapi, http, u, [{}], 'FIRSTCARD');
    expect(order.total_pence).toBe(0);
    const res = await http().post(`/api/orders/${order.uuid}/pay/`).set(u.auth).send({});
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('paid');
    expect(await deliveriesOf(app.strapi, order.uuid)).toHaveLength(1);
  });
});
