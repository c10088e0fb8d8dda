import { fullName } from '../domain/address';
import type { Row } from '../db/query';
import { shopperMayCancel } from '../domain/delivery-state';

// Wire shape of a delivery in GET /api/deliveries/ (the buyer's view).

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
// A carrier's tracking page as the print provider reported it; only http(s) links are ever shown.
const trackingUrl = (v: unknown) => (typeof v === 'string' && /^https?:\/\/[^\s"'<>]+$/i.test(v) ? v : null);

export function serializeDelivery(d: Row) {
  const item: Row = d.order_item ?? {};
  const snap: Row = item.snapshot ?? {};
  const recipient: Row = snap.recipient ?? item.recipient ?? {};
  const recipientName =
    snap.recipient_name ?? (fullName(recipient) || null);
  return {
    id: d.id,
    order: item.order?.uuid ?? null,
    card: item.card ? { id: item.card.id, title: snap.card_title ?? item.card.title ?? '' } : null,
    recipient_name: recipientName,
    status: d.status,
    delivery_method: item.delivery_method ?? null,
    tracking_reference: d.tracking_reference ?? null,
    // Extensions for posted cards: the print provider's stage (it goes on to "delivered" after status
    // stops at sent) and whether the buyer may still cancel (POST /api/deliveries/{id}/cancel/).
    postal_status: item.delivery_method === 'post' ? (d.postal_status ?? null) : null,
    cancellable: shopperMayCancel(d.status, item.delivery_method ?? '', d.postal_status ?? null),
    tracking_number: d.tracking_number ?? null,
    tracking_url: trackingUrl(d.tracking_url),
    view_token: d.view_token,
    scheduled_for: iso(d.scheduled_for),
    sent_at: iso(d.sent_at),
    delivered_at: iso(d.delivered_at),
    first_viewed_at: iso(d.first_viewed_at),
    view_count: Number(d.view_count ?? 0),
    attempts: Number(d.attempts ?? 0),
    last_error: d.status === 'failed' ? (d.last_error ?? null) : null,
  };
}
