import { appForSuite, QUIET_APP, TestApp } from '../helpers/strapi';
import { createUser } from '../helpers/users';
import { createAddon, createCard, createRecipient } from '../helpers/order-fixtures';
import { rowsWithRelations } from '../../plugins/greeting-cards/server/src/platform/db/joined-rows';
import { deliveryStore } from '../../plugins/greeting-cards/server/src/areas/fulfilment/delivery-store';
import { readsInOneTrip } from '../../plugins/greeting-cards/server/src/platform/db/one-trip';

// The order items read in one joined query must be exactly what Strapi's own query engine returns
// with populate (same attribute names, same value conversions: JSON, booleans, dates, nulls), on
// SQLite and PostgreSQL alike, so every caller of the order store can rely on either.
const ITEM = 'plugin::greeting-cards.order-item';
const POPULATE = ['card', 'recipient', 'gift_addon'];

describe('order items read in one joined query', () => {
  let app: TestApp;
  appForSuite(QUIET_APP, (booted) => {
    app = booted;
  });
  const q = (uid: string) => app.strapi.db.query(uid);

  it('matches Strapi populate for items with and without each relation', async () => {
    const u = await createUser(app.strapi);
    const recipient = await createRecipient(app.strapi, u, { address_line_2: null, email: 'ada@example.test' });
    const addon = await createAddon(app.strapi, { price_pence: 425 });
    const card = await createCard(app.strapi, u, { title: 'Ünïcode "quoted" title', inside_message: 'Line 1\nLine 2' });
    const other = await createCard(app.strapi, u, { status: 'archived' });
    const order = await q('plugin::greeting-cards.order').create({
      data: { uuid: 'joined-1', user: u.id, status: 'pending_payment', currency: 'gbp' },
    });
    const second = await q('plugin::greeting-cards.order').create({
      data: { uuid: 'joined-2', user: u.id, status: 'cart', currency: 'gbp' },
    });
    const snapshot = {
      card_title: 'Frozen',
      recipient_name: 'Ada',
      recipient: { first_name: 'Ada' },
      gift_addon_name: null,
      gift_addon_price_pence: null,
      frozen_at: new Date().toISOString(),
    };
    await q(ITEM).create({
      data: {
        order: order.id,
        card: card.id,
        recipient: recipient.id,
        gift_addon: addon.id,
        gift_wrap: true,
        delivery_method: 'post',
        scheduled_for: new Date('2030-02-03T04:05:06.789Z'),
        unit_price_pence: 299,
        line_total_pence: 724,
        snapshot,
      },
    });
    await q(ITEM).create({
      data: {
        order: order.id,
        card: other.id,
        delivery_method: 'print',
        gift_wrap: false,
        unit_price_pence: 0,
        line_total_pence: 0,
      },
    });
    await q(ITEM).create({
      data: {
        order: second.id,
        card: card.id,
        recipient: recipient.id,
        delivery_method: 'ecard',
        unit_price_pence: 99,
        line_total_pence: 99,
      },
    });

    const ours = await rowsWithRelations(app.strapi, ITEM, 'order', [order.id, second.id], POPULATE);
    const strapis: Array<{ order: { id: number } }> = await q(ITEM).findMany({
      where: { order: { id: { $in: [order.id, second.id] } } },
      populate: [...POPULATE, 'order'],
      orderBy: { id: 'asc' },
    });
    expect(ours).toHaveLength(3);
    expect(ours.map((r) => r.order.id)).toEqual(strapis.map((r) => r.order.id));
    const withoutOrder = (rows: object[]) =>
      rows.map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => key !== 'order')));
    expect(withoutOrder(ours)).toEqual(withoutOrder(strapis));
    // The values that differ by database came back converted, not raw.
    expect(ours[0].gift_wrap).toBe(true);
    expect(ours[0].snapshot).toEqual(snapshot);
    expect(ours[0].scheduled_for).toBe('2030-02-03T04:05:06.789Z');
    expect(ours[1].recipient).toBeNull();
    expect(ours[1].gift_addon).toBeNull();
  });

  it("loads a delivery for its sender exactly as Strapi's nested populate does", async () => {
    const u = await createUser(app.strapi);
    const recipient = await createRecipient(app.strapi, u);
    const card = await createCard(app.strapi, u, { title: 'Sent card' });
    const order = await q('plugin::greeting-cards.order').create({
      data: { uuid: 'joined-4', user: u.id, status: 'paid', currency: 'gbp', paid_at: new Date() },
    });
    const item = await q(ITEM).create({
      data: {
        order: order.id,
        card: card.id,
        recipient: recipient.id,
        delivery_method: 'ecard',
        unit_price_pence: 99,
        line_total_pence: 99,
      },
    });
    const delivery = await q('plugin::greeting-cards.delivery').create({
      data: {
        order_item: item.id,
        status: 'pending',
        view_token: 'joined-token-123456789012345',
        scheduled_for: new Date(),
      },
    });
    const ours = await deliveryStore(app.strapi).load(delivery.id);
    const strapis = await q('plugin::greeting-cards.delivery').findOne({
      where: { id: delivery.id },
      populate: {
        order_item: {
          populate: { card: true, recipient: true, gift_addon: true, order: { populate: { user: true } } },
        },
      },
    });
    expect(ours).toEqual(strapis);
    expect(ours?.order_item.order.user.id).toBe(u.id);
    expect(await deliveryStore(app.strapi).load(999999)).toBeNull();

    // A batch (the sender's): deliveries of two orders, one line each and one with two, read together
    // (on PostgreSQL in one round trip), each exactly as the engine's nested populate gives it.
    const other = await q('plugin::greeting-cards.order').create({
      data: { uuid: 'joined-5', user: u.id, status: 'paid', currency: 'gbp', paid_at: new Date() },
    });
    const ids = [delivery.id];
    for (const [n, orderId] of [other.id, other.id, order.id].entries()) {
      const line = await q(ITEM).create({
        data: {
          order: orderId,
          card: card.id,
          delivery_method: 'ecard',
          unit_price_pence: 50 + n,
          line_total_pence: 50 + n,
        },
      });
      const made = await q('plugin::greeting-cards.delivery').create({
        data: {
          order_item: line.id,
          status: 'pending',
          view_token: `joined-batch-${n}-123456789012`,
          scheduled_for: new Date(),
        },
      });
      ids.push(made.id);
    }
    const batch = await deliveryStore(app.strapi).loadMany([...ids, 999999]);
    const engine = await q('plugin::greeting-cards.delivery').findMany({
      where: { id: { $in: ids } },
      orderBy: [{ id: 'asc' }],
      populate: {
        order_item: {
          populate: { card: true, recipient: true, gift_addon: true, order: { populate: { user: true } } },
        },
      },
    });
    expect(batch).toEqual(engine);
    expect(batch.map((d) => d.order_item.order.uuid)).toEqual(['joined-4', 'joined-5', 'joined-5', 'joined-4']);
  });

  it('reads inside a running transaction, seeing its own writes', async () => {
    const u = await createUser(app.strapi);
    const card = await createCard(app.strapi, u);
    const order = await q('plugin::greeting-cards.order').create({
      data: { uuid: 'joined-3', user: u.id, status: 'cart', currency: 'gbp' },
    });
    const seen = await app.strapi.db.transaction(async () => {
      await q(ITEM).create({
        data: { order: order.id, card: card.id, delivery_method: 'ecard', unit_price_pence: 99, line_total_pence: 99 },
      });
      return rowsWithRelations(app.strapi, ITEM, 'order', [order.id], POPULATE);
    });
    expect(seen.map((r) => r.card.id)).toEqual([card.id]);
    expect(await rowsWithRelations(app.strapi, ITEM, 'order', [], POPULATE)).toEqual([]);
  });

  // PostgreSQL's simple protocol; SQLite has no round trips to save.
  (process.env.TEST_DATABASE_URL ? it : it.skip)(
    'reads several statements in one round trip (PostgreSQL) only with values that mean the same written into SQL',
    async () => {
      const knex = app.strapi.db.connection;
      const u = await createUser(app.strapi);
      const users = () => knex('up_users').select('id', 'username');
      const sent: string[] = [];
      // This test's own statements (the app may be finishing a request's reads meanwhile).
      const count = (e: { sql: string }) => e.sql.includes('"username"') && sent.push(e.sql);
      knex.on('query', count);
      try {
        const answers = await readsInOneTrip(knex, [
          users().where({ id: u.id }),
          users().where({ username: u.username, id: u.id }),
          // JIT is off for the reads (a cold table's estimate once cost checkout seconds of compiling).
          knex.select(knex.raw(`current_setting('jit') as jit, ? as "username"`, ['jit-check'])),
        ]);
        expect(answers).toEqual([
          [{ id: u.id, username: u.username }],
          [{ id: u.id, username: u.username }],
          [{ jit: 'off', username: 'jit-check' }],
        ]);
        expect(sent).toHaveLength(1);
        // Outside the one trip, the server's own setting holds.
        const setting = async () => (await knex.raw(`select current_setting('jit') as jit`)).rows[0].jit;
        expect(await setting()).toBe(
          (await knex.raw(`select reset_val from pg_settings where name = 'jit'`)).rows[0].reset_val,
        );
        // The reads keep their written join order (join_collapse_limit 1); inside the caller's
        // transaction, the statements after the trip are planned as usual again.
        const limits = await knex.transaction(async (trx) => {
          const [[inside]] = (await readsInOneTrip(trx, [
            trx.select(
              trx.raw(
                `current_setting('join_collapse_limit') as "join", current_setting('from_collapse_limit') as "from"`,
              ),
            ),
          ])) as Array<Array<Record<string, string>>>;
          const after = (
            await trx.raw(
              `select current_setting('join_collapse_limit') as "join", current_setting('from_collapse_limit') as "from"`,
            )
          ).rows[0];
          return { inside, after };
        });
        expect(limits.inside).toEqual({ join: '1', from: '1' });
        const defaults = (
          await knex.raw(
            `select (select reset_val from pg_settings where name = 'join_collapse_limit') as "join", (select reset_val from pg_settings where name = 'from_collapse_limit') as "from"`,
          )
        ).rows[0];
        expect(limits.after).toEqual(defaults);
        expect(defaults.join).not.toBe('1');
        // A quote, a backslash or a space could change the SQL written around it: not inlined, nothing run.
        for (const name of ["o'brien", 'back\\slash', 'two words'])
          expect(await readsInOneTrip(knex, [users().where({ username: name })])).toBeNull();
        expect(sent).toHaveLength(1);
      } finally {
        knex.off('query', count);
      }
    },
  );
});
