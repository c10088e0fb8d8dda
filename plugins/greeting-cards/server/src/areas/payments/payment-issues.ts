import type { Core } from '@strapi/strapi';
import { UID } from '../../platform/uids';
import { query } from '../../platform/db/query';
import type { PaymentAction } from '../../platform/providers/payment/payment-events';
import type { PAYMENT_ISSUE_KINDS } from '../../platform/enums';

/** The order columns the checks read. */
interface Row {
  uuid?: string;
  status?: string;
  total_pence?: number;
  currency?: string | null;
  provider_session_id?: string | null;
  provider_payment_id?: string | null;
}
type PaidAction = Extract<PaymentAction, { kind: 'paid' }>;
export type PaymentIssueKind = (typeof PAYMENT_ISSUE_KINDS)[number];

/**
 * Why a provider's "paid" must not pay this order, or null when it may: only the session the order
 * started, for the order's amount and currency. Money arriving for an order that is already paid (by
 * another payment), cancelled or refunded has to be given back.
 */
export function paymentProblem(order: Row, action: PaidAction): { kind: PaymentIssueKind; detail: string } | null {
  if (['paid', 'fulfilled', 'cancelled', 'partially_refunded', 'refunded'].includes(order.status ?? '')) {
    if (order.provider_payment_id && order.provider_payment_id === action.paymentId) return null;
    return { kind: 'needs_refund', detail: `Payment received for an order that is ${order.status}: refund it.` };
  }
  if (order.status !== 'pending_payment' || !action.sessionId || action.sessionId !== order.provider_session_id) {
    return {
      kind: 'session_mismatch',
      detail: `Session ${action.sessionId ?? '(none)'} is not the checkout this order started (${order.provider_session_id ?? 'none'}).`,
    };
  }
  const currencyOk = (action.currency ?? '').toUpperCase() === String(order.currency ?? '').toUpperCase();
  if (action.amountPence !== order.total_pence || !currencyOk) {
    return {
      kind: 'amount_mismatch',
      detail: `Paid ${action.amountPence ?? '?'} ${action.currency ?? '?'} for an order of ${order.total_pence} ${order.currency}.`,
    };
  }
  return null;
}

/** Records a payment an operator must look at (listed in the admin as "Payment issue"), and logs it. */
export async function recordPaymentIssue(
  strapi: Core.Strapi,
  order: Row,
  action: PaidAction,
  provider: string,
  problem: { kind: PaymentIssueKind; detail: string },
): Promise<void> {
  strapi.log.warn(
    `[greeting-cards] payment issue (${problem.kind}) for order ${order.uuid}, payment ${action.paymentId ?? '(none)'}: ${problem.detail}`,
  );
  await query(strapi, UID.paymentIssue).create({
    data: {
      kind: problem.kind,
      order_uuid: order.uuid,
      order_status: order.status,
      provider,
      provider_session_id: action.sessionId,
      provider_payment_id: action.paymentId,
      amount_pence: action.amountPence,
      currency: action.currency,
      detail: problem.detail,
    },
  });
}
