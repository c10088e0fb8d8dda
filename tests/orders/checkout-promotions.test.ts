import { appForSuite, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { createCard, createPromo, createRecipient, pendingOrder } from '../helpers/order-fixtures';

describe('orders: checkout and promo codes', () => {
  let app: TestApp;
  let user: TestUser;
  const http = () => app.http();
  const day = 86400_000;

  /** A fresh user with a cart holding the given items (default: one e-card). */
  async function cartWith(items: Array<Record<string, unknown>> = [{}]) {
    const u = await createUser(app.strapi);
    const r = await createRecipient(app.strapi, u);
    for (const extra of items) {
      const card = await createCard(app.strapi, u);
      await http()
        .post('/api/orders/add_to_cart/')
        .set(u.auth)
        .send({ card_id: card.id, recipient_id: r.id, ...extra });
    }
    const cart = (await http().get('/api/orders/cart/').set(u.auth)).body;
    return {
      u,
      cart,
      checkout: (body: object = {}) => http().post(`/api/orders/${cart.uuid}/checkout/`).set(u.auth).send(body),
    };
  }
  const demoPay = (u: TestUser, uuid: string) => http().post(`/api/orders/${uuid}/pay/`).set(u.auth).send({});

  appForSuite({ SERVICE_SEED_SAMPLE_DATA: 'false' }, async (booted) => {
    app = booted;
    user = await createUser(app.strapi);
    await createPromo(app.strapi, { code: 'TENOFF', kind: 'fixed', amount_pence: 1000 });
    await createPromo(app.strapi, { code: 'Fifty', kind: 'percent', percent: 50, cap_pence: 250 });
    await createPromo(app.strapi, { code: 'QUARTER', kind: 'percent', percent: 25 });
    await createPromo(app.strapi, {
      code: 'LATER',
      kind: 'fixed',
      amount_pence: 100,
      valid_from: new Date(Date.now() + day),
    });
    await createPromo(app.strapi, {
      code: 'GONE',
      kind: 'fixed',
      amount_pence: 100,
      valid_to: new Date(Date.now() - day),
    });
    await createPromo(app.strapi, {
      code: 'NOW',
      kind: 'fixed',
      amount_pence: 100,
      valid_from: new Date(Date.now() - day),
      valid_to: new Date(Date.now() + day),
    });
    await createPromo(app.strapi, { code: 'OFF', kind: 'fixed', amount_pence: 100, is_active: false });
    await createPromo(app.strapi, { code: 'ONCEEVER', kind: 'fixed', amount_pence: 50, max_uses_total: 1 });
    await createPromo(app.strapi, { code: 'TWICE', kind: 'fixed', amount_pence: 50, max_uses_per_user: 2 });
  });

  it('moves the cart to pending_payment, freezes items, and the next add starts a new cart', async () => {
    const u = await createUser(app.strapi);
    const r = await createRecipient(app.strapi, u, { first_name: 'Grace', last_name: 'Hopper' });
    const card = await createCard(app.strapi, u, { title: 'Original title' });
    await http()
      .post('/api/orders/add_to_cart/')
      .set(u.auth)
      .send({ card_id: card.id, recipient_id: r.id, delivery_method: 'post' });
    const cart = (await http().get('/api/orders/cart/').set(u.auth)).body;
    const res = await http().post(`/api/orders/${cart.uuid}/checkout/`).set(u.auth).send({});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      uuid: cart.uuid,
      status: 'pending_payment',
      subtotal_pence: 399,
      discount_pence: 0,
      total_pence: 399,
      promo_code: null,
    });
    const item = await app.strapi.db
      .query('plugin::greeting-cards.order-item' as any)
      .findOne({ where: { id: res.body.items[0].id } });
    expect(item.snapshot).toMatchObject({
      card_title: 'Original title',
      recipient_name: 'Grace Hopper',
      recipient: { postcode: 'SW1Y 4JH' },
    });
    // Later edits do not change the frozen order.
    await app.strapi.db
      .query('plugin::greeting-cards.card' as any)
      .update({ where: { id: card.id }, data: { title: 'Edited' } });
    await app.strapi.db
      .query('plugin::greeting-cards.recipient' as any)
      .update({ where: { id: r.id }, data: { first_name: 'Someone' } });
    const again = await http().get(`/api/orders/${cart.uuid}/`).set(u.auth);
    expect(again.body.items[0]).toMatchObject({ card_title: 'Original title', recipient_name: 'Grace Hopper' });
    const added = await http()
      .post('/api/orders/add_to_cart/')
      .set(u.auth)
      .send({ card_id: card.id, recipient_id: r.id });
    expect(added.body.uuid).not.toBe(cart.uuid);
    expect(added.body.items).toHaveLength(1);
    expect((await http().get(`/api/orders/${cart.uuid}/`).set(u.auth)).body.items).toHaveLength(1);
  });

  it('keeps every pending order consistent when adds race a checkout', async () => {
    const { u, cart, checkout } = await cartWith([{}]);
    const r = await createRecipient(app.strapi, u);
    const cards = await Promise.all([1, 2, 3, 4].map(() => createCard(app.strapi, u)));
    const adds = cards.map((c) =>
      http().post('/api/orders/add_to_cart/').set(u.auth).send({ card_id: c.id, recipient_id: r.id }),
    );
    const results = await Promise.all([checkout(), ...adds]);
    for (const res of results) expect([200, 409]).toContain(res.status);
    const q = (uid: string) => app.strapi.db.query(uid as any);
    const orders = await q('plugin::greeting-cards.order').findMany({ where: { user: { id: u.id } } });
    let itemCount = 0;
    for (const order of orders) {
      const items = await q('plugin::greeting-cards.order-item').findMany({ where: { order: { id: order.id } } });
      itemCount += items.length;
      // Compared with the order's and the race's context, so a failure shows which order went wrong and
      // how the requests answered (it caught checkout freezing a total without a line an add had just written,
      // on PostgreSQL: order-store.ts withLockedOwnedOrder).
      const context = {
        order: { id: order.id, status: order.status, checked_out: order.uuid === cart.uuid },
        items: items.map((i: any) => i.id),
        answers: results.map((res) => res.status),
      };
      expect({ ...context, total: order.total_pence }).toEqual({
        ...context,
        total: items.reduce((sum: number, i: any) => sum + i.line_total_pence, 0),
      });
      if (order.status === 'pending_payment') expect(items.every((i: any) => i.snapshot)).toBe(true);
    }
    // Every add that answered 200 kept its item somewhere, and the cart that was checked out moved once.
    expect(itemCount).toBe(1 + results.slice(1).filter((res) => res.status === 200).length);
    expect(orders.filter((o: any) => o.status === 'cart').length).toBeLessThanOrEqual(1);
    expect(orders.find((o: any) => o.uuid === cart.uuid).status).toBe(
      results[0].status === 200 ? 'pending_payment' : 'cart',
    );
  });

  it("refuses an empty cart, a second checkout, and other users' orders", async () => {
    const u = await createUser(app.strapi);
    const empty = (await http().get('/api/orders/cart/').set(u.auth)).body;
    const res = await http().post(`/api/orders/${empty.uuid}/checkout/`).set(u.auth).send({});
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: 'The cart is empty.' });
    const { u: v, cart, checkout } = await cartWith();
    expect((await http().post(`/api/orders/${cart.uuid}/checkout/`).set(u.auth).send({})).status).toBe(404);
    expect((await checkout()).status).toBe(200);
    const second = await checkout();
    expect(second.status).toBe(409);
    expect(second.body.detail).toMatch(/Only a cart can be checked out/);
    expect((await http().post('/api/orders/not-a-uuid/checkout/').set(v.auth).send({})).status).toBe(404);
  });

  it('applies a fixed code, never beyond the subtotal, matching case-insensitively', async () => {
    const { checkout } = await cartWith([{}, { delivery_method: 'post' }]);
    const res = await checkout({ promo_code: 'tenoff' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ subtotal_pence: 698, discount_pence: 698, total_pence: 0, promo_code: 'TENOFF' });
  });

  it('applies percent codes with and without a cap', async () => {
    const capped = await cartWith([{ delivery_method: 'post' }, { delivery_method: 'post' }]);
    expect((await capped.checkout({ promo_code: ' fifty ' })).body).toMatchObject({
      subtotal_pence: 798,
      discount_pence: 250,
      total_pence: 548,
      promo_code: 'FIFTY',
    });
    const open = await cartWith([{ delivery_method: 'post' }, { delivery_method: 'post' }]);
    expect((await open.checkout({ promo_code: 'QUARTER' })).body).toMatchObject({
      subtotal_pence: 798,
      discount_pence: 199,
      total_pence: 599,
    });
  });

  it('rejects unknown, inactive, not-yet-valid and expired codes, and wrong types', async () => {
    const { cart, checkout } = await cartWith();
    expect((await checkout({ promo_code: 'NOPE' })).body).toEqual({ promo_code: ['This promo code is not valid.'] });
    expect((await checkout({ promo_code: 'OFF' })).body).toEqual({ promo_code: ['This promo code is not valid.'] });
    expect((await checkout({ promo_code: 'LATER' })).body).toEqual({
      promo_code: ['This promo code is not valid yet.'],
    });
    expect((await checkout({ promo_code: 'GONE' })).body).toEqual({ promo_code: ['This promo code has expired.'] });
    const typed = await checkout({ promo_code: 42 });
    expect(typed.status).toBe(400);
    expect(typed.body).toEqual({ promo_code: ['Not a valid string.'] });
    expect((await checkout({ promo_code: 'x'.repeat(5000) })).status).toBe(400);
    // Nothing moved.
    expect(
      (await app.strapi.db.query('plugin::greeting-cards.order' as any).findOne({ where: { uuid: cart.uuid } })).status,
    ).toBe('cart');
    expect((await checkout({ promo_code: 'NOW' })).body).toMatchObject({
      status: 'pending_payment',
      discount_pence: 100,
    });
  });

  it('enforces total and per-user limits, held from checkout on', async () => {
    const a = await cartWith();
    expect((await a.checkout({ promo_code: 'ONCEEVER' })).status).toBe(200);
    // A checkout holds the use: the next one is refused before anyone pays (tests/security/promo-reservations).
    const b = await cartWith();
    expect((await b.checkout({ promo_code: 'ONCEEVER' })).body).toEqual({
      promo_code: ['This promo code has been used up.'],
    });
    expect((await demoPay(a.u, a.cart.uuid)).body.status).toBe('paid');
    const c = await cartWith();
    expect((await c.checkout({ promo_code: 'ONCEEVER' })).body).toEqual({
      promo_code: ['This promo code has been used up.'],
    });

    const u = await createUser(app.strapi);
    for (let n = 0; n < 2; n++) {
      const order = await pendingOrder(app.strapi, http, u, [{}], 'TWICE');
      expect(order.discount_pence).toBe(50);
      expect((await demoPay(u, order.uuid)).body.status).toBe('paid');
    }
    await expect(pendingOrder(app.strapi, http, u, [{}], 'TWICE')).rejects.toThrow(
      'You have already used this promo code.',
    );
    expect((await pendingOrder(app.strapi, http, user, [{}], 'TWICE')).discount_pence).toBe(50);
  });

  it('FIRSTCARD: one free e-card per user, only with an e-card, held from checkout on', async () => {
    const postOnly = await cartWith([{ delivery_method: 'post' }, { delivery_method: 'print' }]);
    expect((await postOnly.checkout({ promo_code: 'FIRSTCARD' })).body).toEqual({
      promo_code: ['This promo code needs an e-card in the order.'],
    });

    const u = await createUser(app.strapi);
    const first = await pendingOrder(app.strapi, http, u, [{ delivery_method: 'post' }, {}], 'firstcard');
    expect(first).toMatchObject({
      subtotal_pence: 698,
      discount_pence: 299,
      total_pence: 399,
      promo_code: 'FIRSTCARD',
    });
    // The unpaid checkout already holds this user's one use.
    await expect(pendingOrder(app.strapi, http, u, [{}], 'FIRSTCARD')).rejects.toThrow(
      'You have already used this promo code.',
    );
    expect((await demoPay(u, first.uuid)).body.status).toBe('paid');
    await expect(pendingOrder(app.strapi, http, u, [{}], 'FIRSTCARD')).rejects.toThrow(
      'You have already used this promo code.',
    );
    // Another user still has theirs.
    expect((await pendingOrder(app.strapi, http, await createUser(app.strapi), [{}], 'FIRSTCARD')).total_pence).toBe(0);
  });
});
