import type { OrderStatus } from '../../../platform/enums';

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

export type TransitionResult = { ok: true; to: OrderStatus } | { ok: false; reason: string };

const WHY: Partial<Record<OrderEvent, string>> = {
  checkout: 'Only a cart can be checked out.',
  pay: 'Only an order awaiting payment can be paid.',
  fulfil: 'Only a paid order can be fulfilled.',
  cancel: 'Only a cart or an order awaiting payment can be cancelled.',
  partial_refund: 'Only a paid or fulfilled order can be refunded in part.',
  refund: 'Only a paid, fulfilled or partially refunded order can be refunded.',
};

export function transition(from: OrderStatus, event: OrderEvent): TransitionResult {
  const to = ORDER_TRANSITIONS[from]?.[event];
  if (to) return { ok: true, to };
  return { ok: false, reason: `${WHY[event] ?? 'This change is not allowed.'} This order is ${from.replaceAll('_', ' ')}.` };
}

/** The states an order may be in for `event` to apply: the WHERE of a conditional update. */
export function statesAllowing(event: OrderEvent): OrderStatus[] {
  return (Object.keys(ORDER_TRANSITIONS) as OrderStatus[]).filter((s) => ORDER_TRANSITIONS[s][event] !== undefined);
}

/** Orders whose payment may still be given back, in part or in full. */
export const REFUNDABLE_ORDERS: OrderStatus[] = statesAllowing('refund');
