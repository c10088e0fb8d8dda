import { appForSuite, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { createAddon, createCard, createRecipient } from '../helpers/order-fixtures';

describe('orders: cart and add_to_cart', () => {
  let app: TestApp;
  let user: TestUser;
  let other: TestUser;
  let recipient: any;
  let addon: any;
  const add = (u: TestUser, body: unknown) =>
    app
      .http()
      .post('/api/orders/add_to_cart/')
      .set(u.auth)
      .send(body as object);
  const future = (days: number) => new Date(Date.now() + days * 86400_000).toISOString();

  appForSuite({ SERVICE_SEED_SAMPLE_DATA: 'false' }, async (booted) => {
    app = booted;
    user = await createUser(app.strapi);
    other = await createUser(app.strapi);
    recipient = await createRecipient(app.strapi, user);
    addon = await createAddon(app.strapi, { price_pence: 350 });
  });

  it('answers 401 to anonymous callers on every order route', async () => {
    const calls = [
      app.http().get('/api/orders/'),
      app.http().get('/api/orders/cart/'),
      app.http().post('/api/orders/add_to_cart/').send({}),
      app.http().delete('/api/orders/cart/items/1/'),
      app.http().get('/api/orders/00000000-0000-0000-0000-000000000000/'),
      app.http().post('/api/orders/x/checkout/'),
      app.http().post('/api/orders/x/pay/'),
      app.http().post('/api/orders/x/cancel/'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: 'Authentication credentials were not provided.' });
    }
  });

  it('creates the cart on first GET and returns the same one afterwards, with and without the slash', async () => {
    const first = await app.http().get('/api/orders/cart/').set(user.auth);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      status: 'cart',
      items: [],
      subtotal_pence: 0,
      discount_pence: 0,
      total_pence: 0,
      currency: 'GBP',
      promo_code: null,
      paid_at: null,
    });
    expect(first.body.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.body.created_at).toEqual(expect.any(String));
    const second = await app.http().get('/api/orders/cart').set(user.auth);
    expect(second.body.uuid).toBe(first.body.uuid);
  });

  it('never creates two carts when two requests race', async () => {
    const racer = await createUser(app.strapi);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => app.http().get('/api/orders/cart/').set(racer.auth)),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.body.uuid)).size).toBe(1);
    const carts = await app.strapi.db
      .query('plugin::greeting-cards.order' as any)
      .count({ where: { user: { id: racer.id }, status: 'cart' } });
    expect(carts).toBe(1);
  });

  it('puts first adds that race into one cart, every line in it and counted in its total', async () => {
    // With no cart yet, an add makes the cart and its line in one statement (PostgreSQL); the adds that
    // lose the race to the unique cart_key go the locked way onto the winner's cart.
    const racer = await createUser(app.strapi);
    const mine = await createRecipient(app.strapi, racer);
    const cards = await Promise.all(Array.from({ length: 5 }, () => createCard(app.strapi, racer)));
    const results = await Promise.all(cards.map((card) => add(racer, { card_id: card.id, recipient_id: mine.id })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.body.uuid)).size).toBe(1);
    const cart = await app.http().get('/api/orders/cart/').set(racer.auth);
    expect(cart.body.items.map((i: { card: number }) => i.card).sort()).toEqual(cards.map((c) => c.id).sort());
    const lines = cart.body.items.reduce((sum: number, i: { line_total_pence: number }) => sum + i.line_total_pence, 0);
    expect([cart.body.subtotal_pence, cart.body.total_pence]).toEqual([lines, lines]);
  });

  it('adds an e-card (the default method) and prices it from settings', async () => {
    const card = await createCard(app.strapi, user, { title: 'For Ada' });
    const res = await add(user, { card_id: card.id, recipient_id: recipient.id });
    expect(res.status).toBe(200);
    const item = res.body.items.find((i: any) => i.card === card.id);
    expect(item).toEqual({
      id: expect.any(Number),
      card: card.id,
      card_title: 'For Ada',
      recipient: recipient.id,
      recipient_name: 'Ada Lovelace',
      delivery_method: 'ecard',
      scheduled_for: null,
      gift_addon: null,
      gift_wrap: false,
      unit_price_pence: 299,
      line_total_pence: 299,
      bulk_group: null,
    });
  });

  it('prices a posted card with gift wrap and an add-on, and a print-at-home card without a recipient', async () => {
    const u = await createUser(app.strapi);
    const r = await createRecipient(app.strapi, u);
    const posted = await add(u, {
      card_id: (await createCard(app.strapi, u)).id,
      recipient_id: r.id,
      delivery_method: 'post',
      gift_wrap: true,
      gift_addon_id: addon.id,
      scheduled_for: future(10),
    });
    expect(posted.status).toBe(200);
    expect(posted.body.items[0]).toMatchObject({
      delivery_method: 'post',
      gift_wrap: true,
      gift_addon: addon.id,
      unit_price_pence: 399,
      line_total_pence: 399 + 199 + 350,
    });
    expect(new Date(posted.body.items[0].scheduled_for).getTime()).toBeGreaterThan(Date.now());
    const printed = await add(u, { card_id: (await createCard(app.strapi, u)).id, delivery_method: 'print' });
    expect(printed.status).toBe(200);
    expect(printed.body.items[1]).toMatchObject({
      delivery_method: 'print',
      recipient: null,
      recipient_name: null,
      unit_price_pence: 0,
      line_total_pence: 0,
    });
    expect(printed.body).toMatchObject({ subtotal_pence: 948, discount_pence: 0, total_pence: 948 });
  });

  it('requires card_id and rejects wrong types without a 500', async () => {
    expect((await add(user, {})).body).toEqual({ card_id: ['This field is required.'] });
    const bad = await add(user, {
      card_id: 'abc',
      recipient_id: [1],
      delivery_method: 'pigeon',
      gift_addon_id: 1e20,
      gift_wrap: 'maybe',
      scheduled_for: 12,
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      card_id: ['A valid integer is required.'],
      recipient_id: ['A valid integer is required.'],
      delivery_method: ['"pigeon" is not a valid choice.'],
      gift_addon_id: ['A valid integer is required.'],
      gift_wrap: ['Must be a valid boolean.'],
      scheduled_for: [expect.stringContaining('ISO 8601')],
    });
    const arr = await app.http().post('/api/orders/add_to_cart/').set(user.auth).send([1, 2]);
    expect(arr.status).toBe(400);
    const malformed = await app
      .http()
      .post('/api/orders/add_to_cart/')
      .set(user.auth)
      .set('Content-Type', 'application/json')
      .send('{"card_id": ');
    expect(malformed.status).toBe(400);
  });

  it("rejects another user's card and recipient, unknown and inactive add-ons, and archived cards", async () => {
    const theirs = await createCard(app.strapi, other);
    const theirRecipient = await createRecipient(app.strapi, other);
    const inactive = await createAddon(app.strapi, { is_active: false });
    const res = await add(user, {
      card_id: theirs.id,
      recipient_id: theirRecipient.id,
      delivery_method: 'post',
      gift_addon_id: inactive.id,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      card_id: [`Invalid pk "${theirs.id}" - object does not exist.`],
      recipient_id: [`Invalid pk "${theirRecipient.id}" - object does not exist.`],
      gift_addon_id: [`Invalid pk "${inactive.id}" - object does not exist.`],
    });
    const archived = await createCard(app.strapi, user, { status: 'archived' });
    expect((await add(user, { card_id: archived.id, recipient_id: recipient.id })).body).toEqual({
      card_id: ['An archived card cannot be added to the cart.'],
    });
  });

  it('checks what each delivery method needs from the recipient', async () => {
    const card = await createCard(app.strapi, user);
    const noEmail = await createRecipient(app.strapi, user, { email: '' });
    const noAddress = await createRecipient(app.strapi, user, { address_line_1: '', postcode: ' ' });
    expect((await add(user, { card_id: card.id })).body).toEqual({ recipient_id: ['An e-card needs a recipient.'] });
    expect((await add(user, { card_id: card.id, recipient_id: noEmail.id })).body).toEqual({
      recipient_id: ['An e-card needs a recipient with an e-mail address.'],
    });
    expect((await add(user, { card_id: card.id, delivery_method: 'post' })).body).toEqual({
      recipient_id: ['A posted card needs a recipient.'],
    });
    const post = await add(user, { card_id: card.id, recipient_id: noAddress.id, delivery_method: 'post' });
    expect(post.body).toEqual({
      recipient_id: [
        'A posted card needs a recipient with address_line_1, city, postcode; missing: address_line_1, postcode.',
      ],
    });
    const extras = await add(user, {
      card_id: card.id,
      recipient_id: recipient.id,
      delivery_method: 'ecard',
      gift_addon_id: addon.id,
      gift_wrap: true,
    });
    expect(extras.body).toEqual({
      gift_addon_id: ['Gift add-ons are for posted cards only.'],
      gift_wrap: ['Gift wrap is for posted cards only.'],
    });
    expect((await add(user, { card_id: card.id, delivery_method: 'print', gift_wrap: true })).body).toEqual({
      gift_wrap: ['Gift wrap is for posted cards only.'],
    });
  });

  it('checks scheduled_for: ISO 8601 UTC, in the future, within a year', async () => {
    const card = await createCard(app.strapi, user);
    const sched = (scheduled_for: unknown) =>
      add(user, { card_id: card.id, recipient_id: recipient.id, scheduled_for });
    expect((await sched('next tuesday')).body.scheduled_for[0]).toContain('ISO 8601');
    expect((await sched('2030-02-30T10:00:00Z')).body.scheduled_for[0]).toContain('ISO 8601');
    expect((await sched('2030-01-01T10:00:00+02:00')).body.scheduled_for[0]).toContain('ISO 8601');
    expect((await sched(future(-1))).body).toEqual({ scheduled_for: ['The delivery time must be in the future.'] });
    expect((await sched(future(400))).body).toEqual({
      scheduled_for: ['The delivery time must be within a year from now.'],
    });
    expect((await sched(future(30))).status).toBe(200);
  });

  it("sends a date-only scheduled_for at 09:00 on the recipient's clock (their time_zone, else the shop's)", async () => {
    // A shopper of its own: the other tests count what is in `user`'s cart.
    const shopper = await createUser(app.strapi);
    const card = await createCard(app.strapi, shopper);
    const london = await createRecipient(app.strapi, shopper);
    // The recipient's zone is entered through the API, checked, and stored in the zone list's spelling.
    const bad = await app
      .http()
      .post('/api/recipients/')
      .set(shopper.auth)
      .send({ first_name: 'Kiri', email: 'kiri@example.test', country: 'NZ', time_zone: 'Auckland' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ time_zone: ['Enter an IANA time zone such as Europe/London or Pacific/Auckland.'] });
    const created = await app
      .http()
      .post('/api/recipients/')
      .set(shopper.auth)
      .send({ first_name: 'Kiri', email: 'kiri@example.test', country: 'NZ', time_zone: 'pacific/auckland' });
    expect(created.status).toBe(201);
    expect(created.body.time_zone).toBe('Pacific/Auckland');
    expect(london.time_zone ?? null).toBeNull();

    const day = (offset: number) => new Date(Date.now() + offset * 86400_000).toISOString().slice(0, 10);
    const previousDay = (date: string) =>
      new Date(Date.parse(`${date}T00:00:00Z`) - 86400_000).toISOString().slice(0, 10);
    // What a clock in `zone` reads at `instant`, by Intl (not the code under test).
    const clock = (instant: string, zone: string) => {
      const p = Object.fromEntries(
        new Intl.DateTimeFormat('en-GB', {
          timeZone: zone,
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        })
          .formatToParts(new Date(instant))
          .map((x) => [x.type, x.value]),
      );
      return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
    };
    const itemFor = async (body: Record<string, unknown>) => {
      const res = await add(shopper, { card_id: card.id, ...body });
      expect(res.status).toBe(200);
      return res.body.items[res.body.items.length - 1];
    };

    // Ahead of UTC: 09:00 in Auckland is on the previous UTC day.
    const kiwiDay = day(40);
    const kiwi = await itemFor({ recipient_id: created.body.id, scheduled_for: kiwiDay });
    expect(clock(kiwi.scheduled_for, 'Pacific/Auckland')).toBe(`${kiwiDay} 09:00`);
    expect(kiwi.scheduled_for.slice(0, 10)).toBe(previousDay(kiwiDay));
    // No zone of their own: the shop's (Europe/London), 09:00 GMT or BST as the day has it.
    for (const offset of [45, 200]) {
      const londonDay = day(offset);
      const item = await itemFor({ recipient_id: london.id, scheduled_for: londonDay });
      expect(clock(item.scheduled_for, 'Europe/London')).toBe(`${londonDay} 09:00`);
    }
    // Print at home has no recipient: the shop's clock too.
    const print = await itemFor({ delivery_method: 'print', scheduled_for: day(50) });
    expect(clock(print.scheduled_for, 'Europe/London')).toBe(`${day(50)} 09:00`);
    // A full time in UTC keeps its meaning whatever the recipient's zone.
    const exact = await itemFor({ recipient_id: created.body.id, scheduled_for: `${day(60)}T15:30:00Z` });
    expect(exact.scheduled_for).toBe(`${day(60)}T15:30:00.000Z`);
    // Yesterday has no 09:00 ahead anywhere; a date that is not on the calendar is refused.
    expect((await add(shopper, { card_id: card.id, recipient_id: london.id, scheduled_for: day(-1) })).body).toEqual({
      scheduled_for: [expect.stringContaining('The delivery time must be in the future.')],
    });
    expect(
      (await add(shopper, { card_id: card.id, recipient_id: london.id, scheduled_for: '2030-02-30' })).body
        .scheduled_for[0],
    ).toContain('ISO 8601');
  });

  it("removes a cart item and recomputes totals; other users' items are 404", async () => {
    const u = await createUser(app.strapi);
    const r = await createRecipient(app.strapi, u);
    await add(u, { card_id: (await createCard(app.strapi, u)).id, recipient_id: r.id });
    const two = await add(u, {
      card_id: (await createCard(app.strapi, u)).id,
      recipient_id: r.id,
      delivery_method: 'post',
    });
    expect(two.body.total_pence).toBe(698);
    // Two lines of the same price both count.
    const three = await add(u, { card_id: (await createCard(app.strapi, u)).id, recipient_id: r.id });
    expect(three.body).toMatchObject({ subtotal_pence: 997, total_pence: 997 });
    const [first] = two.body.items;
    expect((await app.http().delete(`/api/orders/cart/items/${first.id}/`).set(other.auth)).status).toBe(404);
    expect((await app.http().delete('/api/orders/cart/items/abc/').set(u.auth)).body).toEqual({ detail: 'Not found.' });
    const after = await app.http().delete(`/api/orders/cart/items/${first.id}`).set(u.auth);
    expect(after.status).toBe(200);
    expect(after.body.items).toHaveLength(2);
    expect(after.body).toMatchObject({ subtotal_pence: 698, total_pence: 698 });
    expect((await app.http().delete(`/api/orders/cart/items/${first.id}/`).set(u.auth)).status).toBe(404);
  });

  it("lists own orders newest first with pagination, and hides other users' orders", async () => {
    const u = await createUser(app.strapi);
    const r = await createRecipient(app.strapi, u);
    await add(u, { card_id: (await createCard(app.strapi, u)).id, recipient_id: r.id });
    const cart = (await app.http().get('/api/orders/cart/').set(u.auth)).body;
    await app.http().post(`/api/orders/${cart.uuid}/checkout/`).set(u.auth).send({});
    const second = (await app.http().get('/api/orders/cart/').set(u.auth)).body;
    expect(second.uuid).not.toBe(cart.uuid);
    const list = await app.http().get('/api/orders/').set(u.auth);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 2, next: null, previous: null });
    expect(list.body.results.map((o: any) => o.uuid)).toEqual([second.uuid, cart.uuid]);
    expect(list.body.results[1].items).toHaveLength(1);
    const paged = await app.http().get('/api/orders/?page_size=1').set(u.auth);
    expect(paged.body.results).toHaveLength(1);
    expect(paged.body.next).toContain('page=2');
    expect((await app.http().get('/api/orders/?page=9').set(u.auth)).status).toBe(404);
    expect((await app.http().get(`/api/orders/${cart.uuid}/`).set(u.auth)).body.status).toBe('pending_payment');
    expect((await app.http().get(`/api/orders/${cart.uuid}/`).set(other.auth)).body).toEqual({ detail: 'Not found.' });
    expect((await app.http().get('/api/orders/').set(other.auth)).body.results.map((o: any) => o.uuid)).not.toContain(
      cart.uuid,
    );
  });
});
