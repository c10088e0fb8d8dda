import type { Core } from '@strapi/strapi';
import { UID } from '../../platform/uids';
import { query } from '../../platform/db/query';
import { notFound } from '../../platform/errors';
import type { OrderStatus } from '../../platform/enums';
import { statusHistory } from '../orders';
import type { PageRequest } from '../../platform/http/pagination';
import type { DayRange } from '../../platform/http/admin-query';
import { pagedRows } from '../../platform/db/paged-rows';
import { orderStore } from '../orders';
import { orderItemView, orderSummaryView } from './admin-views';
import type { DeliveryRow, ItemRow, OrderRow } from './rows';
import { iso } from './rows';
import { ecardCounts } from '../fulfilment';

export interface OrderFilters {
  status: OrderStatus | null;
  range: DayRange;
  q: string | null;
}

const UUID_CHARS = /^[0-9a-f-]+$/i;
// Money counted as today's revenue: paid orders that were not given back (a partly refunded one counts
// what it kept).
const EARNING: OrderStatus[] = ['paid', 'fulfilled', 'partially_refunded'];

/** A payment issue as the operator's page shows it. */
function issueView(row: Record<string, unknown> & { id: number; createdAt?: string }) {
  return {
    id: row.id,
    kind: row.kind,
    order_uuid: row.order_uuid ?? null,
    order_status: row.order_status ?? null,
    provider: row.provider ?? null,
    session_id: row.provider_session_id ?? null,
    payment_intent_id: row.provider_payment_id ?? null,
    amount_pence: row.amount_pence ?? null,
    currency: row.currency ?? null,
    detail: row.detail ?? '',
    resolved: Boolean(row.resolved),
    created_at: iso(row.createdAt),
  };
}

/** The operator's view of orders: today's figures, search, one order in full, payments needing a look. */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const orders = () => query(strapi, UID.order);

  function whereOf(filters: OrderFilters) {
    const and: Array<Record<string, unknown>> = [];
    // Carts are shoppers' baskets, not orders: listed only when asked for by status.
    and.push(filters.status ? { status: filters.status } : { status: { $ne: 'cart' } });
    if (filters.range.from) and.push({ createdAt: { $gte: filters.range.from } });
    if (filters.range.until) and.push({ createdAt: { $lt: filters.range.until } });
    if (filters.q) {
      const text = filters.q;
      const byEmail = { user: { email: { $containsi: text } } };
      and.push(UUID_CHARS.test(text) ? { $or: [{ uuid: { $startsWith: text.toLowerCase() } }, byEmail] } : byEmail);
    }
    return { $and: and };
  }

  async function itemCounts(orderIds: number[]): Promise<Map<number, number>> {
    const counts = new Map<number, number>(orderIds.map((id) => [id, 0]));
    if (!orderIds.length) return counts;
    const rows: Array<{ order?: { id: number } | null }> = await query(strapi, UID.orderItem).findMany({
      where: { order: { id: { $in: orderIds } } },
      select: ['id'],
      populate: { order: { select: ['id'] } },
    });
    for (const row of rows) if (row.order) counts.set(row.order.id, (counts.get(row.order.id) ?? 0) + 1);
    return counts;
  }

  return {
    async summary(now: Date = new Date()) {
      const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
      const paidToday: OrderRow[] = await orders().findMany({
        where: { paid_at: { $gte: dayStart } },
        select: ['id', 'status', 'total_pence'],
      });
      const deliveries = query(strapi, UID.delivery);
      const [failedToday, failedAll, issues] = await Promise.all([
        deliveries.count({ where: { status: 'failed', updatedAt: { $gte: dayStart } } }),
        deliveries.count({ where: { status: 'failed' } }),
        query(strapi, UID.paymentIssue).count({ where: { resolved: false } }),
      ]);
      const earning = paidToday.filter((o) => EARNING.includes(o.status));
      const partlyRefunded = earning.filter((o) => o.status === 'partially_refunded').map((o) => o.id);
      const givenBack: Array<{ amount_pence?: number | null }> = partlyRefunded.length
        ? await query(strapi, UID.refund).findMany({
            where: { order_id: { $in: partlyRefunded } },
            select: ['amount_pence'],
          })
        : [];
      const sum = (
        rows: Array<{ amount_pence?: number | null; total_pence?: number | null }>,
        key: 'amount_pence' | 'total_pence',
      ) => rows.reduce((n, r) => n + Number(r[key] ?? 0), 0);
      return {
        today: {
          orders: paidToday.length,
          revenue_pence: sum(earning, 'total_pence') - sum(givenBack, 'amount_pence'),
          failed_deliveries: Number(failedToday),
        },
        attention: { payment_issues: Number(issues), failed_deliveries: Number(failedAll) },
      };
    },

    async list(filters: OrderFilters, page: PageRequest) {
      const where = whereOf(filters);
      const { count, rows } = await pagedRows<OrderRow>(
        page,
        async () => Number(await orders().count({ where })),
        () =>
          orders().findMany({
            where,
            populate: { user: { select: ['id', 'email'] } },
            orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
            offset: page.offset,
            limit: page.pageSize,
          }),
      );
      const counts = await itemCounts(rows.map((o) => o.id));
      return { count, results: rows.map((o) => orderSummaryView(o, counts.get(o.id) ?? 0)) };
    },

    async detail(uuid: string) {
      if (uuid.length > 64) throw notFound();
      const order: OrderRow | null = await orders().findOne({
        where: { uuid },
        populate: { user: { select: ['id', 'email'] } },
      });
      if (!order) throw notFound();
      const store = orderStore(strapi);
      const items = (await store.items(order.id)) as ItemRow[];
      const deliveries: Array<DeliveryRow & { order_item?: { id: number } | null }> = items.length
        ? await query(strapi, UID.delivery).findMany({
            where: { order_item: { id: { $in: items.map((i) => i.id) } } },
            populate: { order_item: { select: ['id'] } },
          })
        : [];
      const byItem = new Map(deliveries.map((d) => [d.order_item?.id, d]));
      const changes = (await store.statusChanges(order.id)) as Array<{ status: OrderStatus; at: string }>;
      return {
        ...orderSummaryView(order, items.length),
        items: items.map((item) => orderItemView(item, byItem.get(item.id) ?? null)),
        // The buyer's order page shows the same per e-card; here the totals.
        ecard_counts: ecardCounts(
          items.map((item) => ({
            ...(byItem.get(item.id) ?? { status: 'none' }),
            delivery_method: item.delivery_method,
          })),
        ),
        promo_code: order.promo_code ?? null,
        payment: {
          provider: order.payment_provider ?? null,
          session_id: order.provider_session_id ?? null,
          payment_intent_id: order.provider_payment_id ?? null,
        },
        history: statusHistory({ ...order, created_at: order.createdAt }, changes),
      };
    },

    /** Payments an operator must act on (newest first), and the refunds made, one page of each. */
    async paymentIssues(page: PageRequest) {
      const issuesQ = query(strapi, UID.paymentIssue);
      const issues = await pagedRows<Record<string, unknown> & { id: number; createdAt?: string }>(
        page,
        async () => Number(await issuesQ.count()),
        () =>
          issuesQ.findMany({
            orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
            offset: page.offset,
            limit: page.pageSize,
          }),
      );
      const refundedWhere = { status: 'refunded' };
      const refunds = await pagedRows<OrderRow>(
        page,
        async () => Number(await orders().count({ where: refundedWhere })),
        () =>
          orders().findMany({
            where: refundedWhere,
            populate: { user: { select: ['id', 'email'] } },
            orderBy: [{ refunded_at: 'desc' }, { id: 'desc' }],
            offset: page.offset,
            limit: page.pageSize,
          }),
      );
      return {
        count: issues.count,
        results: issues.rows.map(issueView),
        refunds: {
          count: refunds.count,
          results: refunds.rows.map((o) => ({
            order_uuid: o.uuid,
            email: o.user?.email ?? null,
            total_pence: o.total_pence ?? 0,
            currency: o.currency ?? null,
            payment_intent_id: o.provider_payment_id ?? null,
            refunded_at: iso(o.refunded_at),
          })),
        },
      };
    },

    /**
     * Marks a payment issue resolved (refunded or explained): the one change an operator makes to these
     * records, which the Content Manager no longer shows. Idempotent: a second click changes nothing.
     */
    async resolvePaymentIssue(id: number) {
      const issues = query(strapi, UID.paymentIssue);
      await issues.updateMany({ where: { id, resolved: false }, data: { resolved: true } });
      const row = await issues.findOne({ where: { id } });
      if (!row) throw notFound();
      return issueView(row);
    },
  };
};
