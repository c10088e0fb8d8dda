import { appForSuite, QUIET_APP, TestApp } from '../helpers/strapi';
import { createAdmin, TestAdmin } from '../helpers/admin';
import { createUser, TestUser } from '../helpers/users';
import { createPromo, pendingOrder } from '../helpers/order-fixtures';

// The promo-code list's "Used" column reads GET /greeting-cards/admin/promo-codes/uses: the uses each
// code holds, counted from real checkouts (a use is held from checkout on and given back on cancel).
const ORDERS = 'plugin::greeting-cards.orders.read';
const USES = '/greeting-cards/admin/promo-codes/uses';

describe('admin API: promo code uses', () => {
  let app: TestApp;
  const http = () => app.http();
  let reader: TestAdmin;
  let noOrders: TestAdmin;

  appForSuite(QUIET_APP, async (started) => {
    app = started;
    reader = await createAdmin(app.strapi, http, [ORDERS]);
    noOrders = await createAdmin(app.strapi, http, []);
    await createPromo(app.strapi, { code: 'Summer10', amount_pence: 100, max_uses_total: 10 });
    await createPromo(app.strapi, { code: 'OPEN', amount_pence: 50 });
    await createPromo(app.strapi, { code: 'UNUSED', amount_pence: 50, max_uses_total: 5 });
  });

  it('counts the uses each code holds after real checkouts, in capitals, giving back a cancelled order', async () => {
    expect((await http().get(USES).set(reader.auth)).body).toEqual({ uses: {} });

    // Shoppers type codes in any case; a stored code in mixed case is matched and held in capitals.
    const orders: Array<{ uuid: string; shopper: TestUser }> = [];
    for (const code of ['summer10', 'SUMMER10', ' Summer10 ', 'open']) {
      const shopper = await createUser(app.strapi);
      orders.push({ uuid: (await pendingOrder(app.strapi, http, shopper, [{}], code)).uuid, shopper });
    }
    const res = await http().get(USES).set(reader.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ uses: { SUMMER10: 3, OPEN: 1 } });

    // Paying keeps the use; cancelling a pending order gives it back.
    const [paid, cancelled] = orders;
    expect((await http().post(`/api/orders/${paid.uuid}/pay/`).set(paid.shopper.auth).send({})).status).toBe(200);
    expect(
      (await http().post(`/api/orders/${cancelled.uuid}/cancel/`).set(cancelled.shopper.auth).send({})).status,
    ).toBe(200);
    expect((await http().get(USES).set(reader.auth)).body).toEqual({ uses: { SUMMER10: 2, OPEN: 1 } });
  });

  it('needs an admin whose role may read orders: 401 anonymous, 403 without the action', async () => {
    const anonymous = await http().get(USES);
    expect(anonymous.status).toBe(401);
    const refused = await http().get(USES).set(noOrders.auth);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain('SUMMER10');
  });
});
