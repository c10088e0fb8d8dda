import { appForSuite, TestApp } from '../helpers/strapi';
import { sqlDuring } from '../helpers/sql-count';
import { createUser } from '../helpers/users';

// The signed-in user's row is kept per process (platform/http/user-rows.ts) and verified tokens are
// remembered (platform/http/jwt-verifier.ts), so a signed-in request does not read the user table each
// time. What must still hold: a user blocked, deleted or changed is seen by the very next request here.
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
