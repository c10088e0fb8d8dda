import supertest from 'supertest';
import { appForSuite, TestApp } from '../helpers/strapi';
import { startSecondInstance, stopSecondInstance, type SecondInstance } from '../helpers/second-instance';
import { sqlDuring } from '../helpers/sql-count';
import { createUser } from '../helpers/users';

// The signed-in user's row is kept per process (platform/http/user-rows.ts) and verified tokens are
// remembered (platform/http/jwt-verifier.ts), so a signed-in request does not read the user table each
// time. What must still hold: a user blocked, deleted or changed is seen by the very next request here,
// and (PostgreSQL, several instances on one database) by the very next request on every other instance:
// a write announces itself with NOTIFY as it commits (platform/db/change-notices.ts).
describe('signed-in user: the kept row follows the user', () => {
  let app: TestApp;
  appForSuite({ SERVICE_SEED_SAMPLE_DATA: 'false' }, (booted) => {
    app = booted;
  });
  const users = () => app.strapi.db.query('plugin::users-permissions.user');
  const cart = (auth: Record<string, string>) => app.http().get('/api/orders/cart/').set(auth);

  it('reads the user once, then not again while nothing changed', async () => {
    const u = await createUser(app.strapi);
    expect((await cart(u.auth)).status).toBe(200);
    const again = await sqlDuring(app, () => cart(u.auth));
    expect(again.result.status).toBe(200);
    expect(again.sql.filter((s) => /"up_users"/.test(s) && /^select/i.test(s))).toEqual([]);
  });

  it('refuses a user blocked a moment after their last request', async () => {
    const u = await createUser(app.strapi);
    expect((await cart(u.auth)).status).toBe(200);
    await users().update({ where: { id: u.id }, data: { blocked: true } });
    expect((await cart(u.auth)).status).toBe(401);
    await users().update({ where: { id: u.id }, data: { blocked: false } });
    expect((await cart(u.auth)).status).toBe(200);
  });

  it('refuses a user blocked by a bulk update, and one deleted', async () => {
    const a = await createUser(app.strapi);
    const b = await createUser(app.strapi);
    expect((await cart(a.auth)).status).toBe(200);
    expect((await cart(b.auth)).status).toBe(200);
    await users().updateMany({ where: { id: { $in: [a.id] } }, data: { blocked: true } });
    expect((await cart(a.auth)).status).toBe(401);
    await users().delete({ where: { id: b.id } });
    expect((await cart(b.auth)).status).toBe(401);
  });

  it('still refuses a forged token, and a valid one changed by one character', async () => {
    const u = await createUser(app.strapi);
    expect((await cart(u.auth)).status).toBe(200);
    const token = u.auth.Authorization.slice('Bearer '.length);
    const last = token.slice(-1) === 'A' ? 'B' : 'A';
    expect((await cart({ Authorization: `Bearer ${token.slice(0, -1)}${last}` })).status).toBe(401);
  });
});

// Two instances on one PostgreSQL database: each keeps user rows, and a change made through either is
// seen by the next request on the other, with no time-to-live in between. SQLite runs one process.
(process.env.TEST_DATABASE_URL ? describe : describe.skip)('signed-in user: two instances on one database', () => {
  let app: TestApp;
  let second: SecondInstance | undefined;
  appForSuite({ SERVICE_SEED_SAMPLE_DATA: 'false', SERVICE_RENDERER: 'memory' }, (booted) => {
    app = booted;
  });
  afterAll(async () => {
    await stopSecondInstance(second);
  });
  const users = () => app.strapi.db.query('plugin::users-permissions.user');
  const orders = (on: () => supertest.Agent, auth: Record<string, string>) => on().get('/api/orders/').set(auth);

  it('a user blocked, unblocked or given a new password on one instance is seen by the next request on the other', async () => {
    second = await startSecondInstance({
      ...app.db.env,
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_RENDERER: 'memory',
    });
    const other = second.http;
    const here = () => app.http();
    const u = await createUser(app.strapi);
    // Both instances keep the row.
    expect((await orders(other, u.auth)).status).toBe(200);
    expect((await orders(here, u.auth)).status).toBe(200);

    // The other instance answers from what it keeps: a write behind the query engine's back (raw SQL,
    // which announces nothing) is not seen there. This is what the notices below make exact.
    const table = app.strapi.db.metadata.get('plugin::users-permissions.user').tableName;
    await app.strapi.db.connection(table).where({ id: u.id }).update({ blocked: true });
    expect((await orders(other, u.auth)).status).toBe(200);
    // The same change through the query engine (as the admin panel makes it): refused there at once.
    await users().update({ where: { id: u.id }, data: { blocked: true } });
    expect((await orders(other, u.auth)).status).toBe(401);
    await users().update({ where: { id: u.id }, data: { blocked: false } });
    expect((await orders(other, u.auth)).status).toBe(200);
    // A bulk change (updateMany) as well.
    await users().updateMany({ where: { id: { $in: [u.id] } }, data: { blocked: true } });
    expect((await orders(other, u.auth)).status).toBe(401);
    await users().updateMany({ where: { id: { $in: [u.id] } }, data: { blocked: false } });
    expect((await orders(other, u.auth)).status).toBe(200);
    expect((await orders(here, u.auth)).status).toBe(200);

    // A password change on the other instance signs the old token out here on the next request.
    const changed = await other()
      .patch('/api/me/account/')
      .set(u.auth)
      .send({ current_password: 'correct-horse-battery', new_password: 'a-brand-new-secret' });
    expect(changed.status).toBe(200);
    expect((await orders(here, u.auth)).status).toBe(401);
    const fresh = { Authorization: `Bearer ${changed.body.jwt}` };
    expect((await orders(here, fresh)).status).toBe(200);
    expect((await orders(other, fresh)).status).toBe(200);

    // A user deleted here is gone there.
    await users().delete({ where: { id: u.id } });
    expect((await orders(other, fresh)).status).toBe(401);
  });
});
