import type { Core } from '@strapi/strapi';
import { UID } from '../../uids';
import { query } from '../../db/query';
import { isUniqueViolation } from '../../db/unique-violation';
import { errorText } from '../../domain/delivery-retry';
import { statesAllowing } from '../../domain/order-state';
import { providers } from '../../providers/registry';
import { orderStore } from './order-store';
import { getService } from '../get-service';

import type { Row } from '../../db/query';

/** What the shopper and the operator are told about a cancelled card's money. */
export interface RefundView {
  amount_pence: number;
  currency: string;
  /** succeeded: the payment provider gave it back; pending: asked, not confirmed (asking again is safe); manual: an operator refunds it by hand. */
  status: 'pending' | 'succeeded' | 'manual';
}

export const refundView = (row: Row | null): RefundView | null =>
  row ? { amount_pence: Number(row.amount_pence ?? 0), currency: String(row.currency ?? ''), status: row.status } : null;

/** Orders whose money may still be given back in part: paid, or paid and fulfilled. */
const REFUNDABLE_ORDERS = ['paid', 'fulfilled'];

/**
 * Money given back for a cancelled posted card, through the order's payment provider (Stripe, or the
 * demo mode's bookkeeping). One refund row per delivery, behind a unique index, is taken before the
 * provider is asked; the provider is asked with an idempotency key derived from the delivery, so a
 * retry (a lost answer, a double click, shopper and operator at once) never refunds twice. The amount is
 * the item's line total, computed here in integer pence and capped by what the order still holds.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const refunds = () => query(strapi, UID.refund);

  /** The row for this delivery, made once; null when the order has nothing left to give back. */
  async function takeRow(deliveryId: number, item: Row, order: Row, requestedBy: string): Promise<Row | null> {
    const existing = await refunds().findOne({ where: { delivery_id: deliveryId } });
    if (existing) return existing;
    const earlier: Row[] = await refunds().findMany({ where: { order_id: order.id }, select: ['amount_pence'] });
    const given = earlier.reduce((sum, r) => sum + Number(r.amount_pence ?? 0), 0);
    const amount = Math.max(0, Math.min(Number(item.line_total_pence ?? 0), Number(order.total_pence ?? 0) - given));
    if (!amount) return null;
    try {
      return await refunds().create({
        data: { delivery_id: deliveryId, order_id: order.id, amount_pence: amount, currency: order.currency ?? 'GBP', provider: order.payment_provider ?? null, status: 'pending', requested_by: requestedBy },
      });
    } catch (error) {
      // Another request made it first: use theirs.
      if (isUniqueViolation(error)) return refunds().findOne({ where: { delivery_id: deliveryId } });
      throw error;
    }
  }

  /** A refund the provider cannot make (another provider now, payments off): a payment issue for an operator. */
  async function handOver(row: Row, order: Row, why: string): Promise<Row> {
    const { count } = await refunds().updateMany({ where: { id: row.id, status: 'pending' }, data: { status: 'manual' } });
    if (count === 1) {
      await query(strapi, UID.paymentIssue).create({
        data: {
          kind: 'needs_refund', order_uuid: order.uuid, order_status: order.status, provider: order.payment_provider ?? null,
          provider_session_id: order.provider_session_id ?? null, provider_payment_id: order.provider_payment_id ?? null,
          amount_pence: row.amount_pence, currency: row.currency, detail: `Refund ${row.amount_pence} for cancelled delivery ${row.delivery_id} by hand: ${why}.`,
        },
      });
      strapi.log.warn(`[greeting-cards] refund for delivery ${row.delivery_id} left to an operator: ${why}`);
    }
    return { ...row, status: 'manual' };
  }

  /** Once the whole payment has been given back, the order is refunded (as a full refund at the provider makes it). */
  async function closeIfAllGiven(order: Row): Promise<void> {
    const rows: Row[] = await refunds().findMany({ where: { order_id: order.id, status: 'succeeded' }, select: ['amount_pence'] });
    const given = rows.reduce((sum, r) => sum + Number(r.amount_pence ?? 0), 0);
    if (given >= Number(order.total_pence ?? 0)) await orderStore(strapi).moveIf(order.id, statesAllowing('refund'), { status: 'refunded', refunded_at: new Date() });
  }

  const api = {
    /**
     * Refunds a cancelled posted card's price; safe to call again (it then finishes a refund left
     * pending, or just answers the one made). Null when nothing is owed (a free card, an order already
     * refunded in full, a delivery that is not cancelled).
     */
    async refundCancelledDelivery(deliveryId: number, requestedBy: 'shopper' | 'operator'): Promise<RefundView | null> {
      const delivery: Row | null = await query(strapi, UID.delivery).findOne({ where: { id: deliveryId }, populate: { order_item: { populate: { order: true } } } });
      const item = delivery?.order_item;
      const order = item?.order;
      if (!delivery || delivery.status !== 'cancelled' || !order) return null;
      const existing = await refunds().findOne({ where: { delivery_id: deliveryId } });
      if (!existing && !REFUNDABLE_ORDERS.includes(order.status)) return null;
      const row = existing ?? (await takeRow(deliveryId, item, order, requestedBy));
      if (!row || row.status !== 'pending') return refundView(row);
      const provider = providers(strapi).get('payment');
      if (!provider?.refund) return refundView(await handOver(row, order, 'payments are off or the provider cannot refund'));
      if (provider.name !== order.payment_provider || !order.provider_payment_id) return refundView(await handOver(row, order, `the order was paid through ${order.payment_provider ?? 'no provider'}`));
      let refundId: string;
      try {
        ({ refundId } = await provider.refund({
          paymentId: order.provider_payment_id,
          amountPence: Number(row.amount_pence),
          currency: String(row.currency),
          idempotencyKey: `gc-refund-delivery-${deliveryId}`,
          metadata: { order_uuid: String(order.uuid), delivery_id: String(deliveryId) },
        }));
      } catch (error) {
        // Left pending: cancelling again (or the operator) asks again with the same key.
        strapi.log.warn(`[greeting-cards] refund for delivery ${deliveryId} not made yet: ${errorText(error)}`);
        return refundView(row);
      }
      const { count } = await refunds().updateMany({ where: { id: row.id, status: 'pending' }, data: { status: 'succeeded', provider_refund_id: refundId } });
      if (count === 1) {
        await getService(strapi, 'fulfilment').recordEvent({ deliveryId, source: 'refund', status: 'cancelled', detail: `${row.amount_pence} ${row.currency} refunded (${refundId}), asked by the ${requestedBy}` });
        await closeIfAllGiven(order);
      }
      return refundView({ ...row, status: 'succeeded' });
    },

    /**
     * Asks again for refunds left pending (the provider failed or did not answer), oldest first, with
     * their original idempotency keys: the dispatch job's fallback, so a buyer's money does not wait
     * for them to press cancel again. Returns how many were made.
     */
    async finishPending(limit = 20): Promise<number> {
      const rows: Row[] = await refunds().findMany({ where: { status: 'pending' }, select: ['delivery_id', 'requested_by'], orderBy: [{ id: 'asc' }], limit });
      let made = 0;
      for (const row of rows) {
        const view = await api.refundCancelledDelivery(Number(row.delivery_id), row.requested_by === 'operator' ? 'operator' : 'shopper');
        if (view?.status === 'succeeded') made += 1;
      }
      return made;
    },

    /** The refund of one delivery, if any (the operator's page). */
    async ofDelivery(deliveryId: number): Promise<RefundView | null> {
      return refundView(await refunds().findOne({ where: { delivery_id: deliveryId } }));
    },
  };
  return api;
};
