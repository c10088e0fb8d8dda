import { appForSuite, TestApp } from '../helpers/strapi';
import { sqlDuring } from '../helpers/sql-count';
import { createUser } from '../helpers/users';

// Issue 46, item 2: on PostgreSQL an instance counts a key's requests locally while the key is well under
// its limit (a tenth of the limit at most, platform/http/limiter-store.ts `localAllowance`) and writes them
// to the shared store in batches, so a limited write costs no round trip most of the time. One instance
// still refuses exactly the request past the limit, and nothing it allowed is lost from the store.
// @coverage-on postgres (the limits' shared PostgreSQL store is checked there only: tests/helpers/lane-sequencer.js)
describe('rate limits counted locally between writes to the store', () => {
  let app: TestApp;
  const PER_USER = 40;
  appForSuite(
    {
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_RENDERER: 'memory',
      SERVICE_RATE_LIMIT_ENABLED: 'true',
      SERVICE_RATE_LIMIT_WRITES_PER_USER: String(PER_USER),
      SERVICE_RATE_LIMIT_WRITES_PER_IP: '100000',
    },
    (booted) => {
      app = booted;
    },
  );

  it('refuses exactly the write past the limit, in fewer store statements than writes, and the store gets every count', async () => {
    if (app.db.kind !== 'postgres') return;
    const shopper = await createUser(app.strapi);
    // A write the limit counts before the controller refuses its body: cheap, and counted all the same.
    const write = () => app.http().post('/api/orders/add_to_cart/').set(shopper.auth).send({});
    const { result: statuses, sql } = await sqlDuring(app, async () => {
      const seen: number[] = [];
      for (let i = 0; i < PER_USER; i++) seen.push((await write()).status);
      return seen;
    });
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    const storeStatements = sql.filter((s) => s.includes('gc_rate_limits')).length;
    // Counted in the store each time, it would be one statement per write (40); locally, one in every few
    // (the allowance is 4 here) plus one batch per second at most.
    expect(storeStatements).toBeLessThan(PER_USER / 2);
    const limited = await write();
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ detail: expect.stringMatching(/Too many requests/) });
    // The refused write went to the store with whatever this instance still owed: all 41 are there.
    const rows = await app.strapi.db
      .connection('gc_rate_limits')
      .where('key', `gc_w_user:${shopper.id}`)
      .select('key', 'points');
    expect(rows.map((r: { points: number }) => Number(r.points))).toEqual([PER_USER + 1]);
  });
});
