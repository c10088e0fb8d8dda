import type { OrderStatus } from '../../../platform/enums';
import { msg, type Message, type MessageCode } from '../../../platform/i18n/format-message';

// The order lifecycle as data: every allowed move, and the event that makes it. Anything not listed
// is illegal and must be refused (409) rather than applied.
// `partial_refund`: part of the payment goes back (a cancelled posted card's share, areas/orders/rules/refund-shares.ts);
// `refund`: the rest of it does (the last card's share, or a full refund at the payment provider). A
// partially refunded order keeps sending its other cards, and stays partially refunded until the whole
// payment is back; it is never `fulfilled` (its cancelled card was never sent).
export type OrderEvent = 'checkout' | 'pay' | 'fulfil' | 'cancel' | 'partial_refund' | 'refund';

export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, Partial<Record<OrderEvent, OrderStatus>>>> = {
  cart: { checkout: 'pending_payment', cancel: 'cancelled' },
  pending_payment: { pay: 'paid', cancel: 'cancelled' },
  paid: { fulfil: 'fulfilled', partial_refund: 'partially_refunded', refund: 'refunded' },
  fulfilled: { partial_refund: 'partially_refunded', refund: 'refunded' },
  partially_refunded: { refund: 'refunded' },
  cancelled: {},
  refunded: {},
};

export type TransitionResult = { ok: true; to: OrderStatus } | { ok: false; reason: Message };

const WHY: Partial<Record<OrderEvent, MessageCode>> = {
  checkout: 'error.order_checkout_only_cart',
  pay: 'error.order_pay_only_awaiting',
  fulfil: 'error.order_fulfil_only_paid',
  cancel: 'error.order_cancel_only_open',
  partial_refund: 'error.order_partial_refund_only_paid',
  refund: 'error.order_refund_only_paid',
};

export function transition(from: OrderStatus, event: OrderEvent): TransitionResult {
  const to = ORDER_TRANSITIONS[from]?.[event];
  if (to) return { ok: true, to };
  const why = msg(WHY[event] ?? 'error.order_change_not_allowed');
  return {
    ok: false,
    reason: msg('error.two_sentences', {
      first: why,
      second: msg('error.order_is', { status: from.replaceAll('_', ' ') }),
    }),
  };
}

/** The states an order may be in for `event` to apply: the WHERE of a conditional update. */
export function statesAllowing(event: OrderEvent): OrderStatus[] {
  return (Object.keys(ORDER_TRANSITIONS) as OrderStatus[]).filter((s) => ORDER_TRANSITIONS[s][event] !== undefined);
}

/** Orders whose payment may still be given back, in part or in full. */
export const REFUNDABLE_ORDERS: OrderStatus[] = statesAllowing('refund');
