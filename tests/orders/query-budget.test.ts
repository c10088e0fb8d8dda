import { appForSuite, TestApp } from '../helpers/strapi';
import { sqlDuring as sqlCount } from '../helpers/sql-count';
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
const BUDGETS = {
  postgres: { add_to_cart: 8, checkout: 7, pay: 13 },
  sqlite: { add_to_cart: 12, checkout: 8, pay: 14 },
};
const BUDGET = process.env.TEST_DATABASE_URL ? BUDGETS.postgres : BUDGETS.sqlite;

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

  it('adds to cart, checks out and pays within the query budget', async () => {
    // The card is scheduled for tomorrow: sending it is fulfilment's background work, not the
    // shopper's wait, and would otherwise race into the count.
    const scheduled_for = new Date(Date.now() + 86400_000).toISOString();
    const u = await createUser(app.strapi);
    const recipient = await createRecipient(app.strapi, u);
    // The second round is the steady state (a user's first cart also creates the cart row).
    const counts: Record<string, number[]> = { add_to_cart: [], checkout: [], pay: [] };
    for (let round = 0; round < 2; round++) {
      const card = await createCard(app.strapi, u);
      const add = await sqlDuring(() =>
        http()
          .post('/api/orders/add_to_cart/')
          .set(u.auth)
          .send({ card_id: card.id, recipient_id: recipient.id, scheduled_for }),
      );
      expect(add.result.status).toBe(200);
      counts.add_to_cart.push(add.sql.length);
      const uuid = add.result.body.uuid;
      const checkout = await sqlDuring(() => http().post(`/api/orders/${uuid}/checkout/`).set(u.auth).send({}));
      expect(checkout.result.status).toBe(200);
      counts.checkout.push(checkout.sql.length);
      const pay = await sqlDuring(() => http().post(`/api/orders/${uuid}/pay/`).set(u.auth).send({}));
      expect(pay.result.status).toBe(200);
      expect(pay.result.body.status).toBe('paid');
      counts.pay.push(pay.sql.length);
      if (process.env.SHOW_SQL) console.log(round, { add: add.sql, checkout: checkout.sql, pay: pay.sql });
    }
    console.log('queries per step (first, steady):', counts);
    for (const step of Object.keys(BUDGET) as Array<keyof typeof BUDGET>)
      expect(counts[step][1]).toBeLessThanOrEqual(BUDGET[step]);
  });
});
