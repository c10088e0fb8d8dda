import { Client } from 'pg';
import supertest from 'supertest';
import { appForSuite, TestApp } from '../helpers/strapi';
import { startSecondInstance, stopSecondInstance, type SecondInstance } from '../helpers/second-instance';
import { sqlDuring } from '../helpers/sql-count';
import { createUser } from '../helpers/users';

// Change notices over a lost connection (platform/db/change-notices.ts). On PostgreSQL each instance
// keeps rows (here the signed-in user's, platform/http/user-rows.ts) and learns of other instances'
// changes by LISTEN on a connection of its own. What it claims when that connection is lost: while not
// listening, caches neither keep nor answer anything (a notice sent meanwhile never arrives); when it
// listens again, it starts empty and caches again. Here the listening connection of this test's instance
// is killed from the database side, reconnecting is held off by the database's connection limit while
// the other instance (its own process) changes the user, and then let through.

/** Waits for `check` to hold, trying again every 100 ms until `ms` have passed. */
async function until(what: string, check: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

(process.env.TEST_DATABASE_URL ? describe : describe.skip)('change notices: a lost listening connection', () => {
  let app: TestApp;
  let second: SecondInstance | undefined;
  let admin: Client | undefined;
  let database = '';
  // Declared first, so it runs before appForSuite's, which drops the database.
  afterAll(async () => {
    if (admin) {
      await admin.query(`ALTER DATABASE ${database} CONNECTION LIMIT -1`).catch(() => undefined);
      await admin.end().catch(() => undefined);
    }
    await stopSecondInstance(second);
  });

  appForSuite({ SERVICE_SEED_SAMPLE_DATA: 'false', SERVICE_RENDERER: 'memory' }, (booted) => {
    app = booted;
  });
  const here = () => app.http();
  const orders = (on: () => supertest.Agent, auth: Record<string, string>) => on().get('/api/orders/').set(auth);
  /** Whether a request here read the user's row from the database (rather than from what it keeps). */
  const readsUser = async (auth: Record<string, string>) => {
    const { result, sql } = await sqlDuring(app, () => orders(here, auth));
    // The user's own row (the list of orders joins the table too, which does not count).
    return { status: result.status, read: sql.some((s) => /^select .* from ("\w+"\.)?"up_users"/i.test(s)) };
  };
  /** Backend pids of this process's listening connection (by its application_name). */
  const listeners = async (pid: number) =>
    (
      await admin!.query(
        'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
        [`greeting-cards-notices-${pid}`],
      )
    ).rows.map((r: { pid: number }) => r.pid);

  it('while not listening the instance answers nothing from its cache, then reconnects and caches again', async () => {
    second = await startSecondInstance({
      ...app.db.env,
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_RENDERER: 'memory',
    });
    const other = second.http;
    admin = new Client({ connectionString: app.db.env.DATABASE_URL });
    admin.on('error', () => undefined);
    await admin.connect();
    database = (await admin.query('SELECT current_database() AS name')).rows[0].name;

    const warnings: string[] = [];
    const warn = app.strapi.log.warn.bind(app.strapi.log);
    app.strapi.log.warn = ((message: string) => {
      warnings.push(String(message));
      return warn(message);
    }) as typeof app.strapi.log.warn;

    const u = await createUser(app.strapi);
    // Both instances keep the row; here a second request reads no user row.
    expect((await orders(other, u.auth)).status).toBe(200);
    expect(await readsUser(u.auth)).toEqual({ status: 200, read: true });
    expect(await readsUser(u.auth)).toEqual({ status: 200, read: false });

    // Each instance listens on one connection of its own, named by its process id.
    const [listener] = await listeners(process.pid);
    expect(await listeners(process.pid)).toHaveLength(1);
    const otherListeners = await listeners(second.child.pid!);
    expect(otherListeners).toHaveLength(1);

    // No new connection to this database from now on (the open ones stay): the instance cannot listen
    // again until the limit is lifted. Then its listening connection is killed.
    await admin.query(`ALTER DATABASE ${database} CONNECTION LIMIT 0`);
    let fresh: Record<string, string>;
    try {
      expect((await admin.query('SELECT pg_terminate_backend($1) AS killed', [listener])).rows[0].killed).toBe(true);
      await until('the listening connection to end', async () => (await listeners(process.pid)).length === 0, 10_000);

      // Not listening: every request reads the row again, nothing is kept or answered from the cache.
      expect(await readsUser(u.auth)).toEqual({ status: 200, read: true });
      expect(await readsUser(u.auth)).toEqual({ status: 200, read: true });

      // The other instance changes the password meanwhile: its notice never reaches this instance.
      const changed = await other()
        .patch('/api/me/account/')
        .set(u.auth)
        .send({ current_password: 'correct-horse-battery', new_password: 'a-brand-new-secret' });
      expect(changed.status).toBe(200);
      expect(await listeners(process.pid)).toEqual([]);
      // Still the outage: the old token is refused here (a cache answering would have let it in).
      expect(await readsUser(u.auth)).toEqual({ status: 401, read: true });
      fresh = { Authorization: `Bearer ${changed.body.jwt}` };
      expect(await readsUser(fresh)).toEqual({ status: 200, read: true });
      expect(await readsUser(fresh)).toEqual({ status: 200, read: true });
      // It tried to listen again meanwhile and was refused (it retries on its own).
      await until(
        'a refused attempt to listen again',
        async () => warnings.some((w) => /not listening/.test(w)),
        30_000,
      );
      expect(await listeners(process.pid)).toEqual([]);
      // The other instance kept listening throughout.
      expect(await listeners(second.child.pid!)).toEqual(otherListeners);
    } finally {
      await admin.query(`ALTER DATABASE ${database} CONNECTION LIMIT -1`);
    }

    // Let through, it listens again (retrying on its own) and keeps rows again.
    await until('a new listening connection', async () => (await listeners(process.pid)).length === 1, 60_000);
    expect(await listeners(process.pid)).not.toContain(listener);
    await until('the cache to answer again', async () => !(await readsUser(fresh)).read, 30_000);
    expect(await readsUser(fresh)).toEqual({ status: 200, read: false });

    // And notices arrive again: a change on the other instance is seen by the next request here.
    const again = await other()
      .patch('/api/me/account/')
      .set(fresh)
      .send({ current_password: 'a-brand-new-secret', new_password: 'yet-another-secret' });
    expect(again.status).toBe(200);
    expect(await readsUser(fresh)).toEqual({ status: 401, read: true });
  });
});
