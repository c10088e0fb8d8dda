import { appForSuite, TestApp } from '../helpers/strapi';
import { noticesCarried, noticesSent, sqlDuring as sqlCount } from '../helpers/sql-count';
import { createUser } from '../helpers/users';
import { createCard, createRecipient } from '../helpers/order-fixtures';

// The checkout path's database round trips, counted at the connection. Each query is a round trip
// under load (and on PostgreSQL a network hop), so the count is what a shopper's wait scales with: the
// budgets below hold the gains from reading each order once and joining instead of looping. A change
// that adds queries to these steps fails here first; raise a budget only with a reason.
// History: 29 / 21 / 46 before the first budget; 19 / 9 / 17 after reading each order once, joining and
// batching pay. Then (issue 46) the signed-in user's row kept per process (platform/http/user-rows.ts:
// one query less per step), the cart found and locked in one read and made in the add's transaction,
// rows written with createMany and no read back, link rows and the cart's totals together, checkout's
// line snapshots with the order's move, a one-line delivery's id from its INSERT, a library entry
// without a read back. On PostgreSQL "together" is one statement (data-modifying CTEs); SQLite writes
// each link table in a statement of its own (in-process, not a network hop), hence its own figures.
// Then (issue 46, item 2) checkout finds and locks the user's order in one read, pay reads the order
// with its items in one query, the status-history row rides in the move's statement and a one-line
// delivery with its link (PostgreSQL), and payment's card UPDATE with the library's one read (the
// card's entry with its links in one statement on PostgreSQL): 8 / 7 / 13 -> 8 / 5 / 7 on PostgreSQL,
// 12 / 8 / 14 -> 12 / 7 / 12 on SQLite.
// PostgreSQL sends one change notice per step (pg_notify, once per transaction: platform/db/table-writes.ts),
// which tells other instances to drop signed-in answers. It was a round trip of its own after the
// COMMIT (9 / 6 / 8); now it travels in the COMMIT's query (8 / 5 / 7), and the test checks that it
// still goes out with every step. Then, on PostgreSQL: a new cart and its first line in one statement
// after one read of the card, the recipient and whether a cart exists (no transaction: 8 -> 3, the
// notice after the statement); checkout's order and items in its locking read (5 -> 4); a one-line
// order's delivery in the move's statement (7 -> 6). A line into an open cart (the cart locked and its
// lines read) is 6 on PostgreSQL, 11 on SQLite. Checkout went back to 5 on PostgreSQL: its items are read
// again once the lock is held (a locking read that waited returns the joined lines as they were before the
// wait: tests/orders/checkout-promotions.test.ts, adds racing a checkout). Pay 6 -> 4 on PostgreSQL: a
// one-line order's card marked ordered and its library entry written in the move's statement too
// (payments/payment-completion.ts cardOrderedAfterMove): the order read, BEGIN, that statement, COMMIT.
// Then 4 -> 2: that statement runs alone, atomic without BEGIN and COMMIT, and selects its own change
// notice (platform/db/table-writes.ts noticesOfStatement), so none follows it: an order is 10. A new
// cart's one statement selects its notice the same way (add_to_cart 3 -> 2), and knex's UPDATEs and
// DELETEs outside a transaction return theirs (the send's claim, outcome and library entry): 9, and a
// lone order's pay and send 22 -> 16. Then the send's batch read, a transaction of its own (BEGIN, SET
// LOCAL jit, three reads, COMMIT), goes as one simple-protocol query (platform/db/reads-together.ts), and
// the card's status statement selects its own notice, and the order's completion check is a condition
// of its move to fulfilled (orders-service.ts fulfilDispatched): pay and send 16 -> 9. Checkout's lock and
// its lines' read (after the lock is held) go as two statements of one simple query (joined-rows.ts
// rowWithChildren, platform/db/one-trip.ts): 5 -> 4, an order 8.
const BUDGETS = {
  postgres: { add_to_cart: 2, add_to_open_cart: 6, checkout: 4, pay: 2 },
  sqlite: { add_to_cart: 12, add_to_open_cart: 11, checkout: 6, pay: 12 },
};
const BUDGET = process.env.TEST_DATABASE_URL ? BUDGETS.postgres : BUDGETS.sqlite;
// A lone order's pay and the background send of its e-card, together (pay's own count is above).
const SEND_BUDGET = process.env.TEST_DATABASE_URL ? { alone: 9 } : { alone: 26 };

describe('checkout path: database queries per step', () => {
  let app: TestApp;
  const http = () => app.http();
  appForSuite(
    {
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_DEMO_PAYMENTS: 'true',
      SERVICE_STRIPE_SECRET_KEY: '',
      SERVICE_RENDERER: 'memory',
    },
    (booted) => {
      app = booted;
    },
  );

  const sqlDuring = <T>(fn: () => Promise<T>) => sqlCount(app, fn);
  const postgres = Boolean(process.env.TEST_DATABASE_URL);
  /** Runs a step, checking on PostgreSQL that its change notice went out (riding a COMMIT or not). */
  const step = async <T>(fn: () => Promise<T>) => {
    const notices = () => noticesCarried() + noticesSent();
    const before = notices();
    const counted = await sqlDuring(fn);
    if (postgres) expect(notices()).toBeGreaterThan(before);
    return counted;
  };

  /**
   * A new cart's row and its line are written by hand on PostgreSQL (with their links, in one
   * statement): the same columns as the engine's createMany of the same values, defaults included,
   * and every relation in place.
   */
  async function sameAsTheEngines(uuid: string, userId: number, cardId: number, recipientId: number) {
    const db = app.strapi.db;
    const [ou, iu] = ['plugin::greeting-cards.order', 'plugin::greeting-cards.order-item'];
    const cart = await db.query(ou).findOne({ where: { uuid }, populate: ['user'] });
    const lines = await db
      .query(iu)
      .findMany({ where: { order: { id: cart.id } }, populate: ['order', 'card', 'recipient', 'gift_addon'] });
    expect([cart.user?.id, lines.length]).toEqual([userId, 1]);
    const line = lines[0];
    expect([line.order?.id, line.card?.id, line.recipient?.id, line.gift_addon]).toEqual([
      cart.id,
      cardId,
      recipientId,
      null,
    ]);
    const own = ['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt'];
    const scalars = (row: Record<string, unknown>, drop: string[]) =>
      Object.fromEntries(Object.entries(row).filter(([k]) => ![...own, ...drop].includes(k)));
    for (const [uid, row, relations, unique] of [
      [ou, cart, ['user'], { uuid: `ref-${uuid}`, cart_key: -userId }],
      [iu, line, ['order', 'card', 'recipient', 'gift_addon'], {}],
    ] as const) {
      // Only the values set: a column left null by hand where the engine writes a default differs.
      const set = Object.entries(scalars(row, [...relations])).filter(([, v]) => v !== null);
      const data = { ...Object.fromEntries(set), ...unique };
      const { ids } = (await db.query(uid).createMany({ data: [data] })) as { ids: number[] };
      const reference = await db.query(uid).findOne({ where: { id: ids[0] } });
      expect(scalars(row, [...relations, ...Object.keys(unique)])).toEqual(
        scalars(reference, [...relations, ...Object.keys(unique)]),
      );
      expect(row.documentId).toMatch(/^[a-z][a-z0-9]{23}$/);
      for (const field of ['createdAt', 'updatedAt', 'publishedAt'])
        expect([field, row[field] === null]).toEqual([field, reference[field] === null]);
      await db.query(uid).delete({ where: { id: ids[0] } });
    }
  }

  it('adds to cart, checks out and pays within the query budget', async () => {
    // The card is scheduled for tomorrow: sending it is fulfilment's background work, not the
    // shopper's wait, and would otherwise race into the count.
    const scheduled_for = new Date(Date.now() + 86400_000).toISOString();
    const u = await createUser(app.strapi);
    const recipient = await createRecipient(app.strapi, u);
    // The second round is the steady state (a user's first cart also creates the cart row).
    const counts: Record<string, number[]> = { add_to_cart: [], checkout: [], pay: [], add_to_open_cart: [] };
    let lastUuid = '';
    let lastCard = 0;
    for (let round = 0; round < 2; round++) {
      const card = await createCard(app.strapi, u);
      lastCard = card.id;
      const add = await step(() =>
        http()
          .post('/api/orders/add_to_cart/')
          .set(u.auth)
          .send({ card_id: card.id, recipient_id: recipient.id, scheduled_for }),
      );
      expect(add.result.status).toBe(200);
      counts.add_to_cart.push(add.sql.length);
      const uuid = add.result.body.uuid;
      lastUuid = uuid;
      await sameAsTheEngines(uuid, u.id, card.id, recipient.id);
      const checkout = await step(() => http().post(`/api/orders/${uuid}/checkout/`).set(u.auth).send({}));
      expect(checkout.result.status).toBe(200);
      counts.checkout.push(checkout.sql.length);
      const pay = await step(() => http().post(`/api/orders/${uuid}/pay/`).set(u.auth).send({}));
      expect(pay.result.status).toBe(200);
      expect(pay.result.body.status).toBe('paid');
      counts.pay.push(pay.sql.length);
      if (process.env.SHOW_SQL) console.log(round, { add: add.sql, checkout: checkout.sql, pay: pay.sql });
    }
    // A second line into an open cart: the cart is locked and its lines read (the cart's limit), then
    // the line written with the cart's new totals.
    const [first, second] = [await createCard(app.strapi, u), await createCard(app.strapi, u)];
    const line = (id: number) => ({ card_id: id, recipient_id: recipient.id, scheduled_for });
    expect((await http().post('/api/orders/add_to_cart/').set(u.auth).send(line(first.id))).status).toBe(200);
    const more = await step(() => http().post('/api/orders/add_to_cart/').set(u.auth).send(line(second.id)));
    expect(more.result.status).toBe(200);
    expect(more.result.body.items.map((i: { card: number }) => i.card)).toEqual([first.id, second.id]);
    counts.add_to_open_cart = [more.sql.length, more.sql.length];
    console.log('queries per step (first, steady):', counts);
    // The status history is written by hand on PostgreSQL (in the move's statement): each move once,
    // and its rows shaped as the engine's own createMany writes them.
    const sc = 'plugin::greeting-cards.order-status-change';
    const order = await app.strapi.db
      .query('plugin::greeting-cards.order')
      .findOne({ where: { uuid: lastUuid }, select: ['id'] });
    const history = await app.strapi.db.query(sc).findMany({ where: { order_id: order.id }, orderBy: [{ id: 'asc' }] });
    expect(history.map((h: { status: string }) => h.status)).toEqual(['pending_payment', 'paid']);
    await app.strapi.db.query(sc).createMany({ data: [{ order_id: -1, status: 'cart', at: new Date() }] });
    const reference = await app.strapi.db.query(sc).findOne({ where: { order_id: -1 } });
    for (const row of history) {
      expect(row.documentId).toMatch(/^[a-z][a-z0-9]{23}$/);
      for (const field of ['at', 'createdAt', 'updatedAt', 'publishedAt'])
        expect([field, row[field] === null]).toEqual([field, reference[field] === null]);
      expect(row.at).not.toBeNull();
    }
    await app.strapi.db.query(sc).deleteMany({ where: { order_id: -1 } });
    // A one-line order's delivery is written by hand too (with its link, in one statement): the same
    // columns set as the engine's createMany, defaults included.
    const dl = 'plugin::greeting-cards.delivery';
    const [delivery] = await app.strapi.db
      .query(dl)
      .findMany({ where: { order_item: { order: { id: order.id } } }, populate: ['order_item'] });
    expect(delivery.order_item).not.toBeNull();
    await app.strapi.db.query(dl).createMany({
      data: [{ status: delivery.status, scheduled_for: delivery.scheduled_for, view_token: 'ref-row' }],
    });
    const ref = await app.strapi.db.query(dl).findOne({ where: { view_token: 'ref-row' } });
    const shape = (row: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(row)
          .filter(
            ([k]) =>
              !['id', 'documentId', 'view_token', 'order_item', 'createdAt', 'updatedAt', 'publishedAt'].includes(k),
          )
          .map(([k, v]) => [k, v]),
      );
    expect(shape(delivery)).toEqual(shape(ref));
    expect(delivery.documentId).toMatch(/^[a-z][a-z0-9]{23}$/);
    for (const field of ['createdAt', 'updatedAt', 'publishedAt'])
      expect([field, delivery[field] === null]).toEqual([field, ref[field] === null]);
    await app.strapi.db.query(dl).deleteMany({ where: { view_token: 'ref-row' } });
    // The paid card's library entry (the fixture's card had none): made by hand on PostgreSQL with its
    // two links, shaped as the engine's own.
    const le = 'plugin::greeting-cards.library-entry';
    const entries = await app.strapi.db
      .query(le)
      .findMany({ where: { card: { id: lastCard } }, populate: ['card', 'user'] });
    expect(entries).toHaveLength(1);
    expect([entries[0].card?.id, entries[0].user?.id]).toEqual([lastCard, u.id]);
    await app.strapi.db.query(le).createMany({ data: [{ type: entries[0].type, is_pinned: false }] });
    const [refEntry] = await app.strapi.db.query(le).findMany({ orderBy: [{ id: 'desc' }], limit: 1 });
    const entryShape = (row: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(row).filter(
          ([k]) => !['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'card', 'user'].includes(k),
        ),
      );
    expect(entryShape(entries[0])).toEqual(entryShape(refEntry));
    expect(entries[0].documentId).toMatch(/^[a-z][a-z0-9]{23}$/);
    for (const field of ['createdAt', 'updatedAt', 'publishedAt'])
      expect([field, entries[0][field] === null]).toEqual([field, refEntry[field] === null]);
    await app.strapi.db.query(le).delete({ where: { id: refEntry.id } });
    for (const step of Object.keys(BUDGET) as Array<keyof typeof BUDGET>)
      expect(counts[step][1]).toBeLessThanOrEqual(BUDGET[step]);
  });

  it('sends paid e-cards within the budget, and those of orders paid together in one batch', async () => {
    // A paid order's e-card goes out in the background of its payment (fulfilment's startOrder): a claim,
    // the batch's read, the send's record, the card's status and library entries, the order's completion.
    // Orders paid while a batch is out go together in the next (prompt-sends.ts), so five shoppers
    // paying at once share those statements instead of paying for them five times.
    const fulfilment = app.strapi.plugin('greeting-cards').service('fulfilment') as { drain(): Promise<void> };
    const claimsIn = (sql: string[]) =>
      sql.filter((s) => /^update\s+\S*gc_deliveries\S*\s+set\s+\S*status\S* = \S+, \S*claimed_by/i.test(s)).length;
    const paidTogether = async (n: number) => {
      const buyers = await Promise.all(Array.from({ length: n }, () => createUser(app.strapi)));
      const uuids: string[] = [];
      for (const buyer of buyers) {
        const recipient = await createRecipient(app.strapi, buyer);
        const card = await createCard(app.strapi, buyer);
        const add = await http()
          .post('/api/orders/add_to_cart/')
          .set(buyer.auth)
          .send({ card_id: card.id, recipient_id: recipient.id });
        expect(add.status).toBe(200);
        expect((await http().post(`/api/orders/${add.body.uuid}/checkout/`).set(buyer.auth).send({})).status).toBe(200);
        uuids.push(add.body.uuid);
      }
      const { sql } = await sqlDuring(async () => {
        const paid = await Promise.all(
          buyers.map((buyer, i) => http().post(`/api/orders/${uuids[i]}/pay/`).set(buyer.auth).send({})),
        );
        expect(paid.map((r) => r.status)).toEqual(buyers.map(() => 200));
        await fulfilment.drain();
      });
      const orders = await app.strapi.db
        .query('plugin::greeting-cards.order')
        .findMany({ where: { uuid: { $in: uuids } }, select: ['status'] });
      expect(orders.map((o: { status: string }) => o.status)).toEqual(buyers.map(() => 'fulfilled'));
      if (process.env.SHOW_SQL) console.log(`pay and send, ${n} paid together:\n${sql.join('\n')}`);
      return { queries: sql.length, claims: claimsIn(sql) };
    };
    await paidTogether(1);
    const alone = await paidTogether(1);
    const five = await paidTogether(5);
    console.log('pay and send, one order / five paid together:', alone, five);
    expect(alone.claims).toBe(1);
    // The first payment's e-card may go alone; the others' wait for its batch and go together.
    expect(five.claims).toBeLessThan(5);
    expect(alone.queries).toBeLessThanOrEqual(SEND_BUDGET.alone);
    expect(five.queries).toBeLessThan(5 * alone.queries);
  });
});
