import { appForSuite, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { createCard, createPromo, createRecipient } from '../helpers/order-fixtures';

// Issue 9, item 1: a promo code's use is reserved at checkout (not only counted once paid), released
// when the order is cancelled, and the database settles races for the last use.
describe('security: promo uses are reserved at checkout', () => {
  let app: TestApp;
  const http = () => app.http();

  async function cartOf(u: TestUser) {
    const r = await createRecipient(app.strapi, u);
    const card = await createCard(app.strapi, u);
    await http().post('/api/orders/add_to_cart/').set(u.auth).send({ card_id: card.id, recipient_id: r.id });
    const cart = (await http().get('/api/orders/cart/').set(u.auth)).body;
    return {
      uuid: cart.uuid as string,
      checkout: (promo_code: string) =>
        http().post(`/api/orders/${cart.uuid}/checkout/`).set(u.auth).send({ promo_code }),
    };
  }

  appForSuite({ SERVICE_SEED_SAMPLE_DATA: 'false' }, async (booted) => {
    app = booted;
    await createPromo(app.strapi, { code: 'LASTONE', kind: 'fixed', amount_pence: 50, max_uses_total: 1 });
    await createPromo(app.strapi, { code: 'RACE', kind: 'fixed', amount_pence: 50, max_uses_total: 1 });
  });

  it('a second unpaid checkout with FIRSTCARD is refused, and cancelling gives the use back', async () => {
    const u = await createUser(app.strapi);
    const first = await cartOf(u);
    expect((await first.checkout('FIRSTCARD')).status).toBe(200);
    const second = await cartOf(u);
    const refused = await second.checkout('FIRSTCARD');
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ promo_code: ['You have already used this promo code.'] });
    expect((await http().post(`/api/orders/${first.uuid}/cancel/`).set(u.auth).send({})).status).toBe(200);
    expect((await second.checkout('FIRSTCARD')).body).toMatchObject({
      status: 'pending_payment',
      promo_code: 'FIRSTCARD',
    });
  });

  it('holds a total limit across users before anyone pays', async () => {
    const a = await createUser(app.strapi);
    const b = await createUser(app.strapi);
    expect((await (await cartOf(a)).checkout('LASTONE')).status).toBe(200);
    const res = await (await cartOf(b)).checkout('LASTONE');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ promo_code: ['This promo code has been used up.'] });
  });

  it('two racing checkouts never both hold the last use', async () => {
    const carts = await Promise.all([1, 2, 3, 4].map(async () => cartOf(await createUser(app.strapi))));
    const results = await Promise.all(carts.map((c) => c.checkout('RACE')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((res) => res.status !== 200))
      expect(r.body).toEqual({ promo_code: ['This promo code has been used up.'] });
    const held = await app.strapi.db.query('plugin::greeting-cards.order').count({ where: { promo_code: 'RACE' } });
    expect(held).toBe(1);
  });

  // Orders checked out before uses were reserved have no promo-use rows; boot gives them theirs so the
  // limits count them (the same step bootstrap runs, called here directly).
  it('orders from before reservations get their uses at boot, once', async () => {
    const u = await createUser(app.strapi);
    const old = await cartOf(u);
    expect((await old.checkout('FIRSTCARD')).status).toBe(200);
    const orders = app.strapi.db.query('plugin::greeting-cards.order');
    const uses = app.strapi.db.query('plugin::greeting-cards.promo-use');
    const order = await orders.findOne({ where: { uuid: old.uuid } });
    // As an order paid before this release looks: paid, with its code, holding nothing.
    await uses.deleteMany({ where: { order_id: order.id } });
    await orders.update({ where: { id: order.id }, data: { status: 'paid' } });
    const promotions = app.strapi.plugin('greeting-cards').service('promotions');
    const before = await promotions.usage('FIRSTCARD', u.id);
    expect(before.byUser).toBe(0);

    await promotions.backfillUses();
    await promotions.backfillUses();
    expect(await promotions.usage('FIRSTCARD', u.id)).toEqual({ total: before.total + 1, byUser: 1 });
    const rows = await uses.count({ where: { order_id: order.id } });
    const refused = await (await cartOf(u)).checkout('FIRSTCARD');
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ promo_code: ['You have already used this promo code.'] });
    expect(await uses.count({ where: { order_id: order.id } })).toBe(rows);
  });
});
