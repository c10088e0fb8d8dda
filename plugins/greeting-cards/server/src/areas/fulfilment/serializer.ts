import { fullName } from '../../platform/addresses/address';
import type { Row } from '../../platform/db/query';
import { shopperMayCancel } from '../../platform/deliveries/delivery-state';
import { recipientStatus, sendAgainCheck } from './rules/ecard-status';

// Wire shape of a delivery in GET /api/deliveries/ (the buyer's view).

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
// A carrier's tracking page as the print provider reported it; only http(s) links are ever shown.
const trackingUrl = (v: unknown) => (typeof v === 'string' && /^https?:\/\/[^\s"'<>]+$/i.test(v) ? v : null);

/** What "may it be sent again" is judged against: the clock and SERVICE_RESEND_UNOPENED_AFTER_DAYS. */
export interface SendAgainRule {
  now: Date;
  afterDays: number;
}

export function serializeDelivery(d: Row, rule?: SendAgainRule) {
  const item: Row = d.order_item ?? {};
  const facts = {
    status: d.status,
    delivery_method: item.delivery_method ?? null,
    sent_at: d.sent_at,
    opened_at: d.opened_at,
  };
  const snap: Row = item.snapshot ?? {};
  const recipient: Row = snap.recipient ?? item.recipient ?? {};
  const recipientName = snap.recipient_name ?? (fullName(recipient) || null);
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
    // Extensions for e-cards (null for the others): opened is the recipient's first visit of the view
    // page (not the buyer's own); the stage is sent, opened, or failed with the mail server's reason
    // in last_error. can_send_again: POST /api/deliveries/{id}/send-again/ would be accepted now.
    opened_at: iso(d.opened_at),
    recipient_status: recipientStatus(facts),
    can_send_again: rule ? sendAgainCheck(facts, rule.now, rule.afterDays).ok : false,
  };
}
