import type { Core } from '@strapi/strapi';
import { UID } from '../../platform/uids';
import { query } from '../../platform/db/query';
import { errorText } from '../../platform/deliveries/delivery-retry';
import { REFUNDABLE_ORDERS, statesAllowing } from './rules/order-state';
import { refundDue, shippingRefundDue } from './rules/refund-shares';
import type { OrderStatus } from '../../platform/enums';
import { providers } from '../../platform/providers/registry';
import { orderStore } from './order-store';
import { getService } from '../../platform/get-service';

import type { Row } from '../../platform/db/query';

/** What the shopper and the operator are told about a cancelled card's money. */
export interface RefundView {
  amount_pence: number;
  currency: string;
  /** succeeded: the payment provider gave it back; pending: asked, not confirmed (asking again is safe); manual: an operator refunds it by hand. */
  status: 'pending' | 'succeeded' | 'manual';
}

export const refundView = (row: Row | null): RefundView | null =>
  row
    ? { amount_pence: Number(row.amount_pence ?? 0), currency: String(row.currency ?? ''), status: row.status }
    : null;

const sumOf = (rows: Row[]) => rows.reduce((sum, r) => sum + Number(r.amount_pence ?? 0), 0);

/**
 * Money given back for a cancelled posted card, in two steps:
 * - decide(), inside the transaction that holds the order's row lock (cancel-delivery.ts takes it, and
 *   cancels the card in the same transaction): the amount is the card's line's share of what the order
 *   paid (areas/orders/rules/refund-shares.ts), capped by what earlier refunds left, written as the delivery's one
 *   refund row (a unique index), and the order moves to partially_refunded, or refunded once the
 *   refunds cover the whole payment. Under the lock no two cancels of one order read "refunded so far"
 *   at once, so their refunds never add up to more than was paid.
 * - giveBack(), after the commit: the payment provider (Stripe, or the demo mode's bookkeeping) is asked
 *   with an idempotency key derived from the delivery, so a retry (a lost answer, a double click,
 *   shopper and operator at once) never refunds twice.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const refunds = () => query(strapi, UID.refund);

  /** A refund the provider cannot make (another provider now, payments off): a payment issue for an operator. */
  async function handOver(row: Row, order: Row, why: string): Promise<Row> {
    const { count } = await refunds().updateMany({
      where: { id: row.id, status: 'pending' },
      data: { status: 'manual' },
    });
    if (count === 1) {
      await query(strapi, UID.paymentIssue).create({
        data: {
          kind: 'needs_refund',
          order_uuid: order.uuid,
          order_status: order.status,
          provider: order.payment_provider ?? null,
          provider_session_id: order.provider_session_id ?? null,
          provider_payment_id: order.provider_payment_id ?? null,
          amount_pence: row.amount_pence,
          currency: row.currency,
          detail: `Refund ${row.amount_pence} for cancelled delivery ${row.delivery_id} by hand: ${why}.`,
        },
      });
      strapi.log.warn(`[greeting-cards] refund for delivery ${row.delivery_id} left to an operator: ${why}`);
    }
    return { ...row, status: 'manual' };
  }

  /** The order's lines (frozen at checkout, by id: the share rule's tie-break), each with what it got back so far. */
  async function linesOf(
    orderId: number,
    given: Row[],
  ): Promise<Array<{ id: number; line_total_pence: number; refunded_pence: number }>> {
    const items: Row[] = await query(strapi, UID.orderItem).findMany({
      where: { order: { id: orderId } },
      select: ['id', 'line_total_pence'],
      orderBy: [{ id: 'asc' }],
    });
    const byDelivery = new Map(given.map((r) => [Number(r.delivery_id), Number(r.amount_pence ?? 0)]));
    const deliveries: Row[] = byDelivery.size
      ? await query(strapi, UID.delivery).findMany({
          where: { id: { $in: [...byDelivery.keys()] } },
          select: ['id'],
          populate: { order_item: { select: ['id'] } },
        })
      : [];
    const byItem = new Map<number, number>();
    for (const d of deliveries)
      if (d.order_item) byItem.set(d.order_item.id, (byItem.get(d.order_item.id) ?? 0) + (byDelivery.get(d.id) ?? 0));
    return items.map((i) => ({
      id: i.id,
      line_total_pence: Number(i.line_total_pence ?? 0),
      refunded_pence: byItem.get(i.id) ?? 0,
    }));
  }

  /**
   * The one refund row of a delivery, made once (a unique index): the row already decided for it, or a
   * new one for what `due` says is owed of the order's payment, given its lines and what they got back
   * so far. Null when nothing is owed (a free line, an order not paid or already given back in full).
   * The order moves to partially_refunded, or refunded once the refunds cover the whole payment. Call it
   * only inside the transaction holding the order's row lock (orderStore.withLockedOrder).
   */
  async function decideOnce(
    orderId: number,
    deliveryId: number,
    due: (paid: number, lines: Awaited<ReturnType<typeof linesOf>>) => number,
    data: { requested_by: 'shopper' | 'operator'; kind?: 'shipping' },
  ): Promise<Row | null> {
    const existing = await refunds().findOne({ where: { delivery_id: deliveryId } });
    if (existing) return existing;
    const order: Row | null = await query(strapi, UID.order).findOne({ where: { id: orderId } });
    if (!order || !REFUNDABLE_ORDERS.includes(order.status)) return null;
    const earlier: Row[] = await refunds().findMany({
      where: { order_id: orderId },
      select: ['delivery_id', 'amount_pence'],
    });
    const paid = Number(order.total_pence ?? 0);
    const amount = due(paid, await linesOf(orderId, earlier));
    if (!amount) return null;
    const row = await refunds().create({
      data: {
        delivery_id: deliveryId,
        order_id: orderId,
        amount_pence: amount,
        currency: order.currency ?? 'GBP',
        provider: order.payment_provider ?? null,
        status: 'pending',
        ...data,
      },
    });
    const whole = sumOf(earlier) + amount >= paid;
    // A partly refunded order stays so (no move, no second history entry) until the last penny goes back.
    if (whole || (order.status as OrderStatus) !== 'partially_refunded') {
      await orderStore(strapi).moveIf(
        orderId,
        statesAllowing(whole ? 'refund' : 'partial_refund'),
        whole ? { status: 'refunded', refunded_at: new Date() } : { status: 'partially_refunded' },
      );
    }
    return row;
  }

  const api = {
    /** The refund of a cancelled delivery: its line's share of the payment (decideOnce). */
    decide(
      orderId: number,
      deliveryId: number,
      itemId: number,
      requestedBy: 'shopper' | 'operator',
    ): Promise<Row | null> {
      return decideOnce(orderId, deliveryId, (paid, lines) => refundDue(paid, lines, itemId), {
        requested_by: requestedBy,
      });
    },

    /**
     * The refund of a late posted card's shipping (issue 44): the part of its line's share of the
     * payment that paid for shipping (rules/refund-shares.ts shippingRefundDue), as the delivery's one
     * refund row (decideOnce).
     */
    decideShipping(orderId: number, deliveryId: number, itemId: number, shippingPence: number): Promise<Row | null> {
      return decideOnce(orderId, deliveryId, (paid, lines) => shippingRefundDue(paid, lines, itemId, shippingPence), {
        requested_by: 'operator',
        kind: 'shipping',
      });
    },

    /**
     * Asks the payment provider for a decided refund (outside any transaction); safe to call again: a
     * refund left pending is asked for once more with the same key, one already made is just answered.
     */
    async giveBack(decided: Row, requestedBy: 'shopper' | 'operator'): Promise<RefundView> {
      const row: Row = (await refunds().findOne({ where: { id: decided.id } })) ?? decided;
      if (row.status !== 'pending') return refundView(row)!;
      const order: Row | null = await query(strapi, UID.order).findOne({ where: { id: row.order_id } });
      if (!order) return refundView(row)!;
      const deliveryId = Number(row.delivery_id);
      const provider = providers(strapi).get('payment');
      if (!provider?.refund)
        return refundView(await handOver(row, order, 'payments are off or the provider cannot refund'))!;
      if (provider.name !== order.payment_provider || !order.provider_payment_id)
        return refundView(
          await handOver(row, order, `the order was paid through ${order.payment_provider ?? 'no provider'}`),
        )!;
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
        // Left pending: cancelling again (or the dispatch job) asks again with the same key.
        strapi.log.warn(`[greeting-cards] refund for delivery ${deliveryId} not made yet: ${errorText(error)}`);
        return refundView(row)!;
      }
      const { count } = await refunds().updateMany({
        where: { id: row.id, status: 'pending' },
        data: { status: 'succeeded', provider_refund_id: refundId },
      });
      if (count === 1) {
        const shipping = row.kind === 'shipping';
        await getService(strapi, 'fulfilment').recordEvent({
          deliveryId,
          source: 'refund',
          status: shipping ? null : 'cancelled',
          detail: `${row.amount_pence} ${row.currency} ${shipping ? 'shipping ' : ''}refunded (${refundId}), asked by the ${requestedBy}`,
        });
      }
      return refundView({ ...row, status: 'succeeded' })!;
    },

    /**
     * Asks again for refunds left pending (the provider failed or did not answer), oldest first, with
     * their original idempotency keys: the dispatch job's fallback, so a buyer's money does not wait
     * for them to press cancel again. Returns how many were made.
     */
    async finishPending(limit = 20): Promise<number> {
      const rows: Row[] = await refunds().findMany({ where: { status: 'pending' }, orderBy: [{ id: 'asc' }], limit });
      let made = 0;
      for (const row of rows) {
        const view = await api.giveBack(row, row.requested_by === 'operator' ? 'operator' : 'shopper');
        if (view.status === 'succeeded') made += 1;
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
