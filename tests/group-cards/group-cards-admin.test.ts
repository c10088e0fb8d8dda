import { appForSuite, QUIET_APP, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { createAdmin, TestAdmin } from '../helpers/admin';
import { createCard } from '../helpers/order-fixtures';

// Issue 23, stage 4: operators see group cards (organiser, status, signature count, deadline) in the
// plugin's admin API and can close one; the rights are the plugin's own admin actions.

const ORDERS = 'plugin::greeting-cards.orders.read';
const DELIVERIES = 'plugin::greeting-cards.deliveries.manage';

describe('group cards in the admin API', () => {
  let app: TestApp;
  let alice: TestUser;
  let reader: TestAdmin;
  let operator: TestAdmin;
  let nobody: TestAdmin;
  let group: { uuid: string; sign_token: string };

  appForSuite({ ...QUIET_APP }, async (booted) => {
    app = booted;
    const http = () => app.http();
    reader = await createAdmin(app.strapi, http, [ORDERS]);
    operator = await createAdmin(app.strapi, http, [ORDERS, DELIVERIES]);
    nobody = await createAdmin(app.strapi, http, []);
    alice = await createUser(app.strapi);
    const card = await createCard(app.strapi, alice);
    group = (
      await app
        .http()
        .post('/api/group-cards/')
        .set(alice.auth)
        .send({
          card_id: card.id,
          title: 'Retirement',
          recipient_name: 'Pat',
          deadline: new Date(Date.now() + 86_400_000).toISOString(),
        })
    ).body;
    await app.http().post(`/api/sign/${group.sign_token}/signatures/`).send({ display_name: 'Jo', message: 'Enjoy!' });
  });

  it('lists group cards with organiser, status, count and deadline to operators who may read orders', async () => {
    expect((await app.http().get('/greeting-cards/admin/group-cards')).status).toBe(401);
    expect((await app.http().get('/greeting-cards/admin/group-cards').set(nobody.auth)).status).toBe(403);
    const res = await app.http().get('/greeting-cards/admin/group-cards').set(reader.auth);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(1);
    expect(res.body.results[0]).toMatchObject({
      uuid: group.uuid,
      title: 'Retirement',
      organiser: { id: alice.id, email: alice.email },
      status: 'open',
      signature_count: 1,
      deadline: expect.any(String),
    });
    expect(JSON.stringify(res.body)).not.toContain(group.sign_token);
    expect((await app.http().get('/greeting-cards/admin/group-cards?status=bogus').set(reader.auth)).status).toBe(400);
  });

  it('lets an operator who manages deliveries close one, idempotently; signing then answers 410', async () => {
    expect(
      (await app.http().post(`/greeting-cards/admin/group-cards/${group.uuid}/close`).set(reader.auth)).status,
    ).toBe(403);
    const closed = await app.http().post(`/greeting-cards/admin/group-cards/${group.uuid}/close`).set(operator.auth);
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ status: 'closed', closed_at: expect.any(String) });
    const again = await app.http().post(`/greeting-cards/admin/group-cards/${group.uuid}/close`).set(operator.auth);
    expect(again.body).toEqual(closed.body);
    expect(
      (
        await app
          .http()
          .post('/greeting-cards/admin/group-cards/00000000-0000-0000-0000-000000000000/close')
          .set(operator.auth)
      ).status,
    ).toBe(404);
    expect((await app.http().get(`/api/sign/${group.sign_token}/`)).status).toBe(410);
    expect((await app.http().get('/greeting-cards/admin/group-cards?status=closed').set(reader.auth)).body.count).toBe(
      1,
    );
  });
});
