import { carrierCancelledStatus, PROCESSING, statusAfter } from '../../../platform/deliveries/delivery-state';
import type { DeliveryStatus } from '../../../platform/enums';
import type { CarrierNews } from '../../../platform/providers/postal/types';
import type { deliveryStore } from '../delivery-store';

/** A delivery queued at the carrier, as the poll and the callbacks read it. */
export interface QueuedDelivery {
  id: number;
  status: string;
  carrier_status?: string | null;
  postal_status?: string | null;
  tracking_number?: string | null;
  tracking_url?: string | null;
}
type Row = Record<string, unknown>;

/** Where news takes a delivery queued at the carrier; null when it stays there (accepted, in production, printed). */
export function statusForNews(news: CarrierNews): DeliveryStatus | null {
  switch (news.stage) {
    case 'shipped':
      return statusAfter('sent');
    case 'delivered':
      return statusAfter('delivered');
    case 'failed':
      return statusAfter('failed_permanently');
    case 'cancelled':
      return carrierCancelledStatus();
    default:
      return null;
  }
}

/** moved: the status changed; noted: only the provider's word did; unchanged: nothing did. */
export type NewsOutcome = 'moved' | 'noted' | 'unchanged';

/** What follows news: the bookkeeping after a card went out, and the operator's e-mail after a failure. */
export interface NewsHooks {
  afterSent: (item: Row) => Promise<void>;
  afterFailed?: (deliveryId: number) => Promise<void>;
  /** After news changed the delivery: is it now late against its promise (late/late-cards-service.ts)? */
  afterNews?: (deliveryId: number, now: Date) => Promise<void>;
}

/** Where the news came from, for the delivery's timeline. */
export type NewsSource = 'callback' | 'poll';

/**
 * Applies a provider's news to one delivery. Moves go through the state table and a conditional UPDATE
 * on "still queued at the carrier", so news that arrives twice, or late (accepted after shipped), or
 * races the dispatch job's poll, changes the row at most once. Tracking that arrives after the move
 * (a second shipment callback) is filled in, never overwritten. A card reported delivered after it
 * shipped keeps its status (sent, as the spec's clients know it) and gains postal_status "delivered".
 * Every change that was accepted is added to the delivery's timeline.
 */
export async function applyCarrierNews(
  store: ReturnType<typeof deliveryStore>,
  row: QueuedDelivery,
  news: CarrierNews,
  hooks: NewsHooks,
  now: Date,
  source: NewsSource = 'callback',
): Promise<NewsOutcome> {
  const to = statusForNews(news);
  const event = (status: string, detail?: string | null) =>
    store.addEvent({
      deliveryId: row.id,
      source,
      status,
      postalStatus: news.stage,
      providerStatus: news.providerStatus,
      detail: detail ?? null,
    });
  const tracking: Partial<Pick<QueuedDelivery, 'tracking_number' | 'tracking_url'>> = {};
  if (news.trackingNumber) tracking.tracking_number = news.trackingNumber;
  if (news.trackingUrl) tracking.tracking_url = news.trackingUrl;
  if (to === null) {
    // Still at the carrier: only the provider's word changes, and only while it is still queued.
    if (row.status !== PROCESSING || row.carrier_status === news.providerStatus) return 'unchanged';
    if (!(await store.settle(row.id, { carrier_status: news.providerStatus, postal_status: news.stage })))
      return 'unchanged';
    await event(PROCESSING);
    return 'noted';
  }
  const data: Row = { status: to, carrier_status: news.providerStatus, postal_status: news.stage, ...tracking };
  if (to === 'delivered') data.delivered_at = now;
  if (to === 'sent') data.shipped_at = now;
  const reason =
    news.stage === 'failed' || news.stage === 'cancelled'
      ? (news.reason ?? `the print provider reported ${news.providerStatus}`)
      : null;
  if (reason) data.last_error = reason;
  if (await store.settle(row.id, data)) {
    await event(to, reason ?? (tracking.tracking_number ? `tracking ${tracking.tracking_number}` : null));
    if (to === 'sent' || to === 'delivered') await hooks.afterSent((await store.load(row.id))?.order_item ?? {});
    if (to === 'failed') await hooks.afterFailed?.(row.id);
    await hooks.afterNews?.(row.id, now);
    return 'moved';
  }
  // Shipped earlier, delivered now: recorded beside the status, once.
  if (news.stage === 'delivered' && (await store.markDeliveredAfterShipping(row.id, news.providerStatus, now))) {
    await event('sent', 'the carrier delivered the card');
    await hooks.afterNews?.(row.id, now);
    return 'noted';
  }
  // Already moved (a replay, or the poll got there first): fill in tracking it lacks, nothing else.
  const missing = Object.fromEntries(Object.entries(tracking).filter(([key]) => !row[key as keyof typeof tracking]));
  if (row.status === to && Object.keys(missing).length) await store.fillIn(row.id, missing);
  return 'unchanged';
}
