import crypto from 'crypto';
import type { Core } from '@strapi/strapi';
import { UID } from '../../platform/uids';
import { conflict, notFound } from '../../platform/errors';
import { query, type Row } from '../../platform/db/query';
import { PROCESSING, type OperatorMove } from '../../platform/deliveries/delivery-state';
import { orderStore } from '../orders';
import type { RefundView } from '../orders';
import { getService } from '../../platform/get-service';
import { atCarrier, cancelAtCarrier } from './postal/carrier-cancel';
import { msg, type Text } from '../../platform/i18n/format-message';

// Cancelling one delivery (the buyer's posted card, or any waiting delivery an operator stops) and
// deciding its refund, once, however many requests arrive at once. Everything that decides happens in
// one transaction holding the order's row lock (PostgreSQL FOR UPDATE; SQLite runs one write
// transaction at a time): the delivery is read again there, cancelled by a conditional UPDATE, and its
// refund row written with the order's new status (refunds-service decide()). Two calls to the outside
// world stay outside any transaction, so a slow provider never holds the lock or SQLite's one
// connection:
// - a card queued at the print provider must be cancelled there first, and the provider's answer
//   decides. Under the lock the request takes a cancel claim on the card (cancel_claim, with its time);
//   only the request holding it asks the provider, then, under the lock again, cancels the card and
//   decides the refund, or (refused) lets go of the claim. A second request meanwhile waits for the
//   first's outcome when it runs in this process (a double click: both get the same answer), or is told
//   the cancel is under way (409) when it does not. A claim older than CLAIM_LEASE_MS (its holder died)
//   is taken over; the provider's cancel is safe to repeat.
// - the refund itself (refunds-service giveBack()), keyed by the delivery.

const CANCEL_UNDER_WAY = msg('error.cancel_under_way');
const CHANGED = msg('error.cancel_changed');
/** Longer than a provider's answer may take (platform/providers/postal/shared/provider-http.ts waits 30 s). */
const CLAIM_LEASE_MS = 2 * 60_000;

export interface CancelRequest {
  deliveryId: number;
  by: 'shopper' | 'operator';
  /** Whether the delivery may be cancelled as it is now: asked again under the lock. */
  rule: (delivery: Row) => OperatorMove;
  /** The buyer's cancel is idempotent: a card already cancelled answers as the first cancel did (and finishes its refund). */
  repeatAnswers: boolean;
  /** The 409's detail when the print provider refuses. */
  refusal: Text;
  /** The timeline entry's detail ("by the buyer"). */
  detail: string;
  /**
   * Refund an e-card's share too (deleting the account cancels its scheduled e-cards and gives their
   * money back); otherwise only a posted card's share is refunded.
   */
  refundEcards?: boolean;
}

type Decided = { kind: 'decided'; delivery: Row; cancelledHere: boolean; refund: Row | null };
/** busy: another request holds the card's cancel claim; `other` is its outcome when it runs in this process. */
type Step =
  Decided | { kind: 'busy'; other: Promise<void> | undefined } | { kind: 'ask carrier'; delivery: Row; token: string };

/** Carrier cancels under way in this process, by delivery: a second request for the card waits for the first. */
const inFlight = new Map<number, Promise<void>>();

const POPULATE = { order_item: { select: ['id', 'delivery_method'], populate: { order: { select: ['id'] } } } };

export async function cancelDelivery(
  strapi: Core.Strapi,
  request: CancelRequest,
): Promise<{ refund: RefundView | null }> {
  const deliveries = () => query(strapi, UID.delivery);
  const load = (): Promise<Row | null> =>
    deliveries().findOne({ where: { id: request.deliveryId }, populate: POPULATE });
  const first = await load();
  if (!first?.order_item?.order?.id) throw notFound();
  const orderId: number = first.order_item.order.id;
  const store = orderStore(strapi);
  const isPost = (d: Row) => d.order_item?.delivery_method === 'post';
  const decideRefund = (d: Row) =>
    isPost(d) || request.refundEcards
      ? getService(strapi, 'refunds').decide(orderId, d.id, d.order_item.id, request.by)
      : Promise.resolve(null);
  const cancelled = (d: Row) => ({
    status: 'cancelled',
    next_attempt_at: null,
    cancel_claim: null,
    cancel_claimed_at: null,
    ...(d.postal_status ? { postal_status: 'cancelled' } : {}),
  });

  /** What this request does, decided under the lock; `claimed` runs when it takes the card's cancel claim. */
  const decide = (claimed: () => void) =>
    store.withLockedOrder(orderId, async (): Promise<Step> => {
      const d = await load();
      if (!d) throw notFound();
      if (d.status === 'cancelled' && request.repeatAnswers)
        return { kind: 'decided', delivery: d, cancelledHere: false, refund: await decideRefund(d) };
      const move = request.rule(d);
      if (!move.ok) throw conflict(move.reason);
      if (atCarrier(d)) {
        const claimedAt = d.cancel_claimed_at ? new Date(d.cancel_claimed_at).getTime() : null;
        // Read under the lock: the holder lets go of its claim only under the lock too, so its entry is still there.
        if (d.cancel_claim && claimedAt !== null && Date.now() - claimedAt < CLAIM_LEASE_MS)
          return { kind: 'busy', other: inFlight.get(d.id) };
        const token = crypto.randomUUID();
        const { count } = await deliveries().updateMany({
          where: { id: d.id, status: PROCESSING, claimed_at: null, cancel_claim: d.cancel_claim ?? null },
          data: { cancel_claim: token, cancel_claimed_at: new Date() },
        });
        if (count !== 1) throw conflict(CHANGED);
        claimed();
        return { kind: 'ask carrier', delivery: d, token };
      }
      // Waiting or failed: nobody else to ask. On the status read, so a send that claims it first wins.
      const { count } = await deliveries().updateMany({ where: { id: d.id, status: d.status }, data: cancelled(d) });
      if (count !== 1) throw conflict(CHANGED);
      return { kind: 'decided', delivery: d, cancelledHere: true, refund: await decideRefund(d) };
    });

  /** The provider is asked (outside the lock); its yes cancels the card and decides the refund under the lock. */
  async function throughCarrier(d: Row, token: string): Promise<Decided> {
    try {
      await cancelAtCarrier(strapi, d, request.refusal);
    } catch (error) {
      // Refused, or no answer: the card stays queued, and the claim goes so a later cancel may ask again.
      await store.withLockedOrder(orderId, () =>
        deliveries().updateMany({
          where: { id: d.id, cancel_claim: token },
          data: { cancel_claim: null, cancel_claimed_at: null },
        }),
      );
      throw error;
    }
    return store.withLockedOrder(orderId, async (): Promise<Decided> => {
      const { count } = await deliveries().updateMany({
        where: { id: d.id, status: PROCESSING, cancel_claim: token },
        data: cancelled(d),
      });
      if (count === 1) return { kind: 'decided', delivery: d, cancelledHere: true, refund: await decideRefund(d) };
      // The provider's own news (a callback saying cancelled) got here first: the cancel was still ours.
      const now = await load();
      if (now?.status !== 'cancelled') throw conflict(CHANGED);
      await deliveries().updateMany({
        where: { id: d.id, cancel_claim: token },
        data: { cancel_claim: null, cancel_claimed_at: null },
      });
      return { kind: 'decided', delivery: now, cancelledHere: false, refund: await decideRefund(now) };
    });
  }

  // This request's carrier cancel, for a second request in this process to wait on. Registered under the
  // lock with the claim, so whoever sees the claim finds it.
  let settle!: { resolve: () => void; reject: (error: unknown) => void };
  const own = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  own.catch(() => undefined);
  let step: Step;
  try {
    step = await decide(() => inFlight.set(request.deliveryId, own));
    if (step.kind === 'busy') {
      if (!step.other) throw conflict(CANCEL_UNDER_WAY);
      // The first request's outcome is this one's: its refusal (rethrown here), or a cancelled card.
      await step.other;
      step = await decide(() => inFlight.set(request.deliveryId, own));
    }
    if (step.kind === 'ask carrier') step = await throughCarrier(step.delivery, step.token);
    settle.resolve();
  } catch (error) {
    settle.reject(error);
    throw error;
  } finally {
    if (inFlight.get(request.deliveryId) === own) inFlight.delete(request.deliveryId);
  }
  if (step.kind !== 'decided') throw conflict(CANCEL_UNDER_WAY);

  const { delivery, cancelledHere, refund } = step;
  if (cancelledHere && isPost(delivery)) {
    await getService(strapi, 'fulfilment').recordEvent({
      deliveryId: delivery.id,
      source: 'cancelled',
      status: 'cancelled',
      postalStatus: delivery.postal_status ?? null,
      detail: request.detail,
    });
  }
  return { refund: refund ? await getService(strapi, 'refunds').giveBack(refund, request.by) : null };
}
