import type { Core } from '@strapi/strapi';
import crypto from 'crypto';
import { UID } from '../../uids';
import { statesAllowing } from '../../domain/order-state';
import { initialDeliveryStatus } from '../../domain/delivery-state';
import { orderStore } from './order-store';
import { getService } from '../get-service';
import { query } from '../../db/query';

export interface PaymentDetails {
  provider: string;
  sessionId?: string | null;
  paymentId?: string | null;
}

/** At least 128 random bits, URL-safe: the e-card view link must not be guessable. */
export const newViewToken = () => crypto.randomBytes(24).toString('base64url');

/** The columns a completed payment sets on its order. */
export function paidChanges(payment: PaymentDetails, now: Date) {
  return {
    status: 'paid' as const,
    paid_at: now,
    payment_provider: payment.provider,
    ...(payment.sessionId ? { provider_session_id: payment.sessionId } : {}),
    ...(payment.paymentId ? { provider_payment_id: payment.paymentId } : {}),
  };
}

/**
 * The one payment-completion step, shared by demo pay, zero-total orders and the webhook.
 * Idempotent and race-safe: the conditional update (WHERE status = 'pending_payment') lets exactly one
 * caller win; only the winner creates the deliveries and marks cards ordered (in the same transaction)
 * and, once that has committed, starts fulfilment. Returns whether this call completed the payment.
 */
export async function completeOrderPayment(strapi: Core.Strapi, orderId: number, payment: PaymentDetails, now = new Date()): Promise<boolean> {
  const store = orderStore(strapi);
  const pendingIds: number[] = [];
  const won = await strapi.db.transaction(async () => {
    const moved = await store.moveIf(orderId, statesAllowing('pay'), paidChanges(payment, now));
    if (!moved) return false;
    const items = await store.items(orderId);
    for (const item of items) {
      const due = item.scheduled_for ? new Date(item.scheduled_for) : null;
      const status = initialDeliveryStatus(due, now);
      const delivery = await query(strapi, UID.delivery).create({
        data: { order_item: item.id, status, scheduled_for: due ?? now, view_token: newViewToken() },
      });
      if (status === 'pending') pendingIds.push(delivery.id);
    }
    for (const cardId of new Set(items.map((i) => i.card?.id).filter((id): id is number => typeof id === 'number'))) {
      await getService(strapi, 'cards').setStatus(cardId, 'ordered');
    }
    return true;
  });
  if (!won) return false;
  // After commit: fulfilment must only ever see a paid order whose deliveries exist.
  try {
    await getService(strapi, 'fulfilment').startOrder(orderId, pendingIds);
  } catch (error) {
    // The payment stands; delivery records exist and fulfilment's own retries pick them up.
    strapi.log.error(`[greeting-cards] fulfilment of order ${orderId} failed to start: ${(error as Error).stack ?? error}`);
  }
  return true;
}
