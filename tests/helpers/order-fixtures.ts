import type { Core } from '@strapi/strapi';
import type supertest from 'supertest';
import type { TestUser } from './users';

// Rows the order tests need, created straight in the database, owned by a test user.
const q = (strapi: Core.Strapi, uid: string) => strapi.db.query(uid);

export async function createCard(strapi: Core.Strapi, user: { id: number }, fields: Record<string, unknown> = {}) {
  return q(strapi, 'plugin::greeting-cards.card').create({
    data: {
      owner: user.id,
      title: 'Happy birthday',
      status: 'draft',
      canvas_data: { version: '7.0.0', background: '#FFFFFF', objects: [] },
      ...fields,
    },
  });
}

export async function createRecipient(strapi: Core.Strapi, user: { id: number }, fields: Record<string, unknown> = {}) {
  return q(strapi, 'plugin::greeting-cards.recipient').create({
    data: {
      owner: user.id,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.test',
      address_line_1: '12 St James Square',
      city: 'London',
      postcode: 'SW1Y 4JH',
      ...fields,
    },
  });
}

export async function createAddon(strapi: Core.Strapi, fields: Record<string, unknown> = {}) {
  return q(strapi, 'plugin::greeting-cards.gift-addon').create({
    data: { name: 'Chocolate', price_pence: 350, is_active: true, publishedAt: new Date(), ...fields },
  });
}

export async function createPromo(strapi: Core.Strapi, fields: Record<string, unknown>) {
  return q(strapi, 'plugin::greeting-cards.promo-code').create({ data: { kind: 'fixed', is_active: true, ...fields } });
}

/** Adds one item per entry (default one e-card) and checks out; returns the pending order body. */
export async function pendingOrder(
  strapi: Core.Strapi,
  http: () => supertest.Agent,
  user: TestUser,
  items: Array<Record<string, unknown>> = [{}],
  promo_code?: string,
) {
  const recipient = await createRecipient(strapi, user);
  for (const extra of items) {
    const card = await createCard(strapi, user);
    const res = await http()
      .post('/api/orders/add_to_cart/')
      .set(user.auth)
      .send({ card_id: card.id, recipient_id: recipient.id, ...extra });
    if (res.status !== 200) throw new Error(`add_to_cart failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const cart = await http().get('/api/orders/cart/').set(user.auth);
  const res = await http()
    .post(`/api/orders/${cart.body.uuid}/checkout/`)
    .set(user.auth)
    .send(promo_code ? { promo_code } : {});
  if (res.status !== 200) throw new Error(`checkout failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function deliveriesOf(strapi: Core.Strapi, orderUuid: string) {
  const order = await q(strapi, 'plugin::greeting-cards.order').findOne({ where: { uuid: orderUuid } });
  const items = await q(strapi, 'plugin::greeting-cards.order-item').findMany({ where: { order: { id: order.id } } });
  return q(strapi, 'plugin::greeting-cards.delivery').findMany({
    where: { order_item: { id: { $in: items.map((i: { id: number }) => i.id) } } },
    populate: ['order_item'],
  });
}

export async function orderRow(strapi: Core.Strapi, uuid: string) {
  return q(strapi, 'plugin::greeting-cards.order').findOne({ where: { uuid } });
}

/**
 * Counts how often payment completion started fulfilment for an order, by observing the fulfilment
 * service (the real method still runs). Install it once the app has booted.
 */
export function observeFulfilmentStarts(strapi: Core.Strapi) {
  const spy = jest.spyOn(strapi.plugin('greeting-cards').service('fulfilment'), 'startOrder');
  const of = (orderId: number) => spy.mock.calls.filter(([id]) => id === orderId).length;
  return { of, ofUuid: async (uuid: string) => of((await orderRow(strapi, uuid)).id) };
}
