import type { OrderStatus } from '../../../platform/enums';

export interface StatusHistoryEntry {
  status: OrderStatus;
  at: string | null;
}

/**
 * An order's status history for operators: every order is born a cart (its creation time), then each
 * recorded move (order-store's moveIf writes one per change). Orders older than the recording show
 * their timestamps instead (paid_at, fulfilled_at...), so the history is never empty or misleading.
 */
export function statusHistory(
  order: {
    status: OrderStatus;
    created_at?: unknown;
    paid_at?: unknown;
    fulfilled_at?: unknown;
    cancelled_at?: unknown;
    refunded_at?: unknown;
  },
  changes: Array<{ status: OrderStatus; at: unknown }>,
): StatusHistoryEntry[] {
  const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
  const history: StatusHistoryEntry[] = [{ status: 'cart', at: iso(order.created_at) }];
  if (changes.length) {
    for (const change of changes) history.push({ status: change.status, at: iso(change.at) });
    return history;
  }
  const stamped: Array<[OrderStatus, unknown]> = [
    ['paid', order.paid_at],
    ['fulfilled', order.fulfilled_at],
    ['cancelled', order.cancelled_at],
    ['refunded', order.refunded_at],
  ];
  for (const [status, at] of stamped) if (at) history.push({ status, at: iso(at) });
  if (history[history.length - 1].status !== order.status) history.push({ status: order.status, at: null });
  return history;
}
