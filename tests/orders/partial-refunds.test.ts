import { appForSuite, type TestApp } from '../helpers/strapi';
import { createUser, type TestUser } from '../helpers/users';
import { createPromo, deliveriesOf, orderRow, pendingOrder } from '../helpers/order-fixtures';
import { webSession } from '../web/session';

// Issue 39, finding 1: a cancelled posted card gives back its share of what the order actually paid
// (a promo spread over every line), never more than was paid however many cancels arrive at once, and
// the order says partially_refunded until every penny is back. Demo payments: refunds are recorded
// only, so the amounts are what is checked.

const REFUND = 'plugin::greeting-cards.refund';
const NEXT_WEEK = () => new Date(Date.now() + 7 * 86400_000).toISOString();

interface DeliveryRow {
  id: number;
  status: string;
  order_item: { id: number };
}

describe('refunds of cancelled posted cards: a share of what was paid, decided once under the order lock', () => {
  let app: TestApp;
  let user: TestUser;
  const http = () => app.http();

  appForSuite(
    {
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_DEMO_PAYMENTS: 'true',
      SERVICE_STRIPE_SECRET_KEY: '',
      SERVICE_RENDERER: 'memory',
    },
    async (booted) => {
      app = booted;
      user = await createUser(app.strapi);
      await createPromo(app.strapi, { code: 'HALFOFF', kind: 'percent', percent: 50 });
    },
  );

  const refundsOfOrder = async (orderId: number) =>
    app.strapi.db.query(REFUND).findMany({ where: { order_id: orderId } });
  const cancel = (id: number) => http().post(`/api/deliveries/${id}/cancel/`).set(user.auth);

  /** `count` posted cards, all waiting for next week, paid with the 50 % code; deliveries in item order. */
  async function paidHalfPriceOrder(count: number) {
    const order = await pendingOrder(
      app.strapi,
      http,
      user,
      Array.from({ length: count }, () => ({ delivery_method: 'post', scheduled_for: NEXT_WEEK() })),
      'HALFOFF',
    );
    const paid = await http().post(`/api/orders/${order.uuid}/pay/`).set(user.auth).send({});
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('paid');
    const deliveries = ((await deliveriesOf(app.strapi, order.uuid)) as DeliveryRow[]).sort(
      (a, b) => a.order_item.id - b.order_item.id,
    );
    expect(deliveries.map((d) => d.status)).toEqual(Array(count).fill('scheduled'));
    return { order, row: await orderRow(app.strapi, order.uuid), deliveries };
  }

  it('two posted cards at half price: cancelling one gives back half of what was paid, the order is partially refunded and the other card still goes', async () => {
    const { order, row, deliveries } = await paidHalfPriceOrder(2);
    // 2 x 399 less 50 %: 399 paid, so 199.5 per card; the odd penny goes to the first line.
    expect(row.total_pence).toBe(399);
    expect(order.discount_pence).toBe(399);
    // The confirmation page names what cancelling gives back, not the undiscounted price.
    const session = await webSession(app, user);
    const confirm = await http()
      .get(`/orders/${order.uuid}/deliveries/${deliveries[0].id}/cancel/`)
      .set('Cookie', session.cookie);
    expect(confirm.status).toBe(200);
    expect(confirm.text).toContain('£2.00');
    expect(confirm.text).not.toContain('£3.99');

    const first = await cancel(deliveries[0].id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      status: 'cancelled',
      refund: { amount_pence: 200, currency: 'GBP', status: 'succeeded' },
    });
    expect((await orderRow(app.strapi, order.uuid)).status).toBe('partially_refunded');
    const [, other] = ((await deliveriesOf(app.strapi, order.uuid)) as DeliveryRow[]).sort(
      (a, b) => a.order_item.id - b.order_item.id,
    );
    expect(other.status).toBe('scheduled');
    // The buyer's view of the order says so too, in the shop's words.
    expect((await http().get(`/api/orders/${order.uuid}/`).set(user.auth)).body.status).toBe('partially_refunded');
    const page = await http().get(`/orders/${order.uuid}/`).set('Cookie', session.cookie);
    expect(page.text).toMatch(/status-partially_refunded">Partially refunded</);
    const german = await http().get(`/orders/${order.uuid}/`).set('Cookie', `${session.cookie}; gc_locale=de`);
    expect(german.text).toMatch(/status-partially_refunded">Teilweise erstattet</);

    const second = await cancel(deliveries[1].id);
    expect(second.body.refund).toEqual({ amount_pence: 199, currency: 'GBP', status: 'succeeded' });
    const refunds = await refundsOfOrder(row.id);
    expect(refunds.reduce((sum: number, r: { amount_pence: number }) => sum + r.amount_pence, 0)).toBe(399);
    const after = await orderRow(app.strapi, order.uuid);
    expect(after.status).toBe('refunded');
    expect(after.refunded_at).toBeTruthy();
  });

  it('20 cancels at once on a 20-card order give back exactly what was paid: one refund per card, and the order ends refunded', async () => {
    const { order, row, deliveries } = await paidHalfPriceOrder(20);
    expect(row.total_pence).toBe(3990);

    const answers = await Promise.all(deliveries.map((d) => cancel(d.id)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const refunds = await refundsOfOrder(row.id);
    expect(refunds.reduce((sum: number, r: { amount_pence: number }) => sum + r.amount_pence, 0)).toBe(3990);
    expect(refunds.map((r: { delivery_id: number }) => r.delivery_id).sort((a: number, b: number) => a - b)).toEqual(
      deliveries.map((d) => d.id).sort((a, b) => a - b),
    );
    // 199.5 a card: ten lines get 200 and ten 199, never the undiscounted 399.
    expect(refunds.map((r: { amount_pence: number }) => r.amount_pence).sort()).toEqual([
      ...Array(10).fill(199),
      ...Array(10).fill(200),
    ]);
    expect((await orderRow(app.strapi, order.uuid)).status).toBe('refunded');
    // Each answer names its own card's refund.
    for (const answer of answers) expect([199, 200]).toContain(answer.body.refund.amount_pence);
  });

  it('the same card cancelled many times at once is refunded once', async () => {
    const { row, deliveries } = await paidHalfPriceOrder(3);
    const answers = await Promise.all(Array.from({ length: 10 }, () => cancel(deliveries[1].id)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const refunds = await refundsOfOrder(row.id);
    expect(refunds).toEqual([expect.objectContaining({ delivery_id: deliveries[1].id, amount_pence: 200 })]);
    for (const answer of answers)
      expect(answer.body.refund).toEqual({ amount_pence: 200, currency: 'GBP', status: 'succeeded' });
  });
});
