import type { DeliveryStatus } from './enums';

// The delivery lifecycle as data, like order-state.ts: every allowed move and the event that makes it.
//
// `processing` has two meanings, told apart by the claim columns:
// - claimed: one instance took the row and is sending it now (claimed_at set; a stale claim, left by
//   an instance that died mid-send, may be taken over);
// - at the carrier: the postal backend queued the card (claimed_at cleared, tracking_reference set)
//   and is asked for news by the dispatch job.
export type DeliveryEvent = 'claim' | 'sent' | 'delivered' | 'queued' | 'retry' | 'fail' | 'cancel';

export const DELIVERY_TRANSITIONS: Readonly<Record<DeliveryStatus, Partial<Record<DeliveryEvent, DeliveryStatus>>>> = {
  pending: { claim: 'processing', cancel: 'cancelled' },
  scheduled: { claim: 'processing', cancel: 'cancelled' },
  // Outcomes of a send (claimed) or of the carrier's news (at the carrier).
  processing: { claim: 'processing', sent: 'sent', delivered: 'delivered', queued: 'processing', retry: 'pending', fail: 'failed' },
  sent: {},
  delivered: {},
  failed: {},
  cancelled: {},
};

/** The states a delivery may be in for `event` to apply: the WHERE of a conditional update. */
export function deliveryStatesAllowing(event: DeliveryEvent): DeliveryStatus[] {
  return (Object.keys(DELIVERY_TRANSITIONS) as DeliveryStatus[]).filter((s) => DELIVERY_TRANSITIONS[s][event] !== undefined);
}

/** The one state in which a delivery is claimed by an instance, or queued at the carrier. */
export const PROCESSING: DeliveryStatus = 'processing';

/** Waiting to be sent: not yet taken by any instance, and still cancellable (a refund cancels them). */
export const WAITING_STATES: DeliveryStatus[] = deliveryStatesAllowing('cancel');

/** Where a paid order's delivery starts: scheduled while its date is in the future, else pending. */
export function initialDeliveryStatus(due: Date | null, now: Date): DeliveryStatus {
  return due && due.getTime() > now.getTime() ? 'scheduled' : 'pending';
}

/** Whether a delivery in `from` may move to `to` (through any event). */
export function canMove(from: DeliveryStatus, to: DeliveryStatus): boolean {
  return Object.values(DELIVERY_TRANSITIONS[from]).includes(to);
}
