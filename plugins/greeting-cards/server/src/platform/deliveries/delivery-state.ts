import type { DeliveryMethod, DeliveryStatus } from '../enums';
import { msg, type Message, type MessageCode } from '../i18n/format-message';

// The delivery lifecycle as data, like order-state.ts: every allowed move and the event that makes it.
//
// `processing` has two meanings, told apart by the claim columns:
// - claimed: one instance took the row and is sending it now (claimed_at set; a stale claim, left by
//   an instance that died mid-send, may be taken over);
// - at the carrier: the postal backend queued the card (claimed_at cleared, tracking_reference set)
//   and is asked for news by the dispatch job.
// `carrier_cancel` is the print provider reporting a card it queued as cancelled (not `cancel`, which
// names the states a refund may cancel without asking anyone).
export type DeliveryEvent = 'claim' | 'sent' | 'delivered' | 'queued' | 'retry' | 'fail' | 'cancel' | 'carrier_cancel';

export const DELIVERY_TRANSITIONS: Readonly<Record<DeliveryStatus, Partial<Record<DeliveryEvent, DeliveryStatus>>>> = {
  pending: { claim: 'processing', cancel: 'cancelled' },
  scheduled: { claim: 'processing', cancel: 'cancelled' },
  // Outcomes of a send (claimed) or of the carrier's news (at the carrier).
  processing: {
    claim: 'processing',
    sent: 'sent',
    delivered: 'delivered',
    queued: 'processing',
    retry: 'pending',
    fail: 'failed',
    carrier_cancel: 'cancelled',
  },
  sent: {},
  delivered: {},
  failed: {},
  cancelled: {},
};

/** The states a delivery may be in for `event` to apply: the WHERE of a conditional update. */
export function deliveryStatesAllowing(event: DeliveryEvent): DeliveryStatus[] {
  return (Object.keys(DELIVERY_TRANSITIONS) as DeliveryStatus[]).filter(
    (s) => DELIVERY_TRANSITIONS[s][event] !== undefined,
  );
}

/** The one state in which a delivery is claimed by an instance, or queued at the carrier. */
export const PROCESSING: DeliveryStatus = 'processing';

/** Waiting to be sent: not yet taken by any instance, and still cancellable (a refund cancels them). */
export const WAITING_STATES: DeliveryStatus[] = deliveryStatesAllowing('cancel');

/**
 * Whether a print provider may still fetch a posted card's print file. While the card is processing
 * (being handed over, or at the provider, which may fetch again to reprint), and while it waits to be
 * tried again after an attempt: a create whose answer was lost reached the provider all the same, which
 * fetches the file meanwhile (our retry then finds that order by its idempotency key). Not before the
 * first attempt, and not once the card shipped, failed or was cancelled: a provider order we never
 * heard of must not be printed for a card the buyer cancelled or we gave up on.
 */
export function printFileFetchable(status: DeliveryStatus, attempts: number): boolean {
  return status === PROCESSING || (WAITING_STATES.includes(status) && attempts > 0);
}

/** Where a paid order's delivery starts: scheduled while its date is in the future, else pending. */
export function initialDeliveryStatus(due: Date | null, now: Date): DeliveryStatus {
  return due && due.getTime() > now.getTime() ? 'scheduled' : 'pending';
}

/** Whether a delivery in `from` may move to `to` (through any event). */
export function canMove(from: DeliveryStatus, to: DeliveryStatus): boolean {
  return Object.values(DELIVERY_TRANSITIONS[from]).includes(to);
}

/**
 * What a send (or the carrier's later news) can come to, and the table event each one is. Senders and
 * the retry rules write a status only through statusAfter(), so every outcome goes through the table.
 */
export const SEND_RESULT_EVENTS = {
  /** E-mailed, or handed to the carrier. */
  sent: 'sent',
  /** Print PDF ready for the buyer; the carrier reports the card delivered. */
  delivered: 'delivered',
  /** The carrier queued the card and reports later (processing, at the carrier). */
  queued_at_carrier: 'queued',
  /** Failed; tried again after a backoff. */
  failed_retryable: 'retry',
  /** Failed for good (attempts used up, or the carrier lost it). */
  failed_permanently: 'fail',
} as const satisfies Record<string, DeliveryEvent>;

export type SendResult = keyof typeof SEND_RESULT_EVENTS;

const FAILURES = ['failed_retryable', 'failed_permanently'] as const;

/** The results each delivery method's sender can produce; a sender names its result from its own list. */
export const SENDER_RESULTS = {
  ecard: ['sent', ...FAILURES],
  post: ['sent', 'queued_at_carrier', ...FAILURES],
  print: ['delivered', ...FAILURES],
} as const satisfies Record<DeliveryMethod, readonly SendResult[]>;

/** The carrier's news about a card it queued (postal status(); `processing` there means no news yet). */
export const CARRIER_RESULTS = ['sent', 'delivered', 'failed_permanently'] as const satisfies readonly SendResult[];

/** Where a card queued at the carrier goes when the provider reports it cancelled. */
export function carrierCancelledStatus(): DeliveryStatus {
  const to = DELIVERY_TRANSITIONS[PROCESSING].carrier_cancel;
  if (!to) throw new Error(`the delivery state table has no move from ${PROCESSING} for carrier_cancel`);
  return to;
}

/** The status a claimed or queued (processing) delivery moves to on `result`; throws if the table has no such move. */
export function statusAfter(result: SendResult): DeliveryStatus {
  const to = DELIVERY_TRANSITIONS[PROCESSING][SEND_RESULT_EVENTS[result]];
  if (!to) throw new Error(`the delivery state table has no move from ${PROCESSING} for ${result}`);
  return to;
}

/** statusAfter() for one method's sender: only results in its SENDER_RESULTS list type-check. */
export function senderStatus<M extends DeliveryMethod>(
  _method: M,
  result: (typeof SENDER_RESULTS)[M][number],
): DeliveryStatus {
  return statusAfter(result);
}

// What an operator may do to a delivery from the admin panel. Kept apart from the table above: for the
// dispatch job sent, failed and cancelled are final; only a person reopens one.
// - retry: a failed delivery goes back in the queue (the job, or an immediate dispatch, sends it);
// - resend: an e-card already sent is queued to be sent once more (posted cards cannot be re-posted);
// - cancel: a delivery still waiting is cancelled; one queued at the carrier only if the carrier agrees.
export type OperatorAction = 'retry' | 'resend' | 'cancel';

export const OPERATOR_TRANSITIONS: Readonly<
  Record<OperatorAction, { from: DeliveryStatus[]; to: DeliveryStatus; methods?: string[] }>
> = {
  retry: { from: ['failed'], to: 'pending' },
  resend: { from: ['sent', 'delivered'], to: 'pending', methods: ['ecard'] },
  cancel: { from: [...WAITING_STATES, PROCESSING], to: 'cancelled' },
};

const OPERATOR_WHY: Record<OperatorAction, MessageCode> = {
  retry: 'error.delivery_retry_failed_only',
  resend: 'error.delivery_resend_sent_only',
  cancel: 'error.delivery_cancel_waiting_only',
};

export type OperatorMove = { ok: true; to: DeliveryStatus } | { ok: false; reason: Message };

/**
 * Whether an operator's action applies to a delivery in `status` sent by `method`. `atCarrier` tells a
 * processing row queued at the postal backend (cancellable through it) from one being sent right now
 * (not cancellable: the send is under way).
 */
export function operatorMove(
  action: OperatorAction,
  status: DeliveryStatus,
  method: string,
  atCarrier = false,
): OperatorMove {
  const rule = OPERATOR_TRANSITIONS[action];
  const methodOk = !rule.methods || rule.methods.includes(method);
  const processingOk = status !== PROCESSING || (action === 'cancel' && atCarrier);
  if (rule.from.includes(status) && methodOk && processingOk) return { ok: true, to: rule.to };
  const state = methodOk ? msg('error.delivery_is', { status }) : msg('error.delivery_is_method', { status, method });
  return { ok: false, reason: msg('error.two_sentences', { first: msg(OPERATOR_WHY[action]), second: state }) };
}

// What a buyer may cancel: their own posted card until the printer starts on it. Waiting and failed
// cards (never printed) at once; a card queued at the print provider only while the provider has not
// reported production, and then only if the provider agrees. A card being handed over this very moment
// (claimed) waits for the answer.
const PRODUCTION_STARTED = ['in_production', 'printed', 'shipped', 'delivered'];

export function shopperCancelMove(
  status: DeliveryStatus,
  method: string,
  queuedAtCarrier: boolean,
  postalStatus: string | null,
): OperatorMove {
  if (method !== 'post') return { ok: false, reason: msg('error.cancel_post_only') };
  if (WAITING_STATES.includes(status) || status === 'failed') return { ok: true, to: 'cancelled' };
  if (status === PROCESSING && !queuedAtCarrier) return { ok: false, reason: msg('error.cancel_handing_over') };
  if (status === PROCESSING && postalStatus && PRODUCTION_STARTED.includes(postalStatus)) {
    return { ok: false, reason: msg('error.cancel_printing') };
  }
  if (status === PROCESSING) return { ok: true, to: 'cancelled' };
  return {
    ok: false,
    reason: msg(status === 'cancelled' ? 'error.cancel_already_cancelled' : 'error.cancel_on_its_way'),
  };
}

/** Whether the buyer's order page offers to cancel the card (the API decides again when asked). */
export function shopperMayCancel(status: DeliveryStatus, method: string, postalStatus: string | null): boolean {
  return shopperCancelMove(status, method, status === PROCESSING, postalStatus).ok;
}
