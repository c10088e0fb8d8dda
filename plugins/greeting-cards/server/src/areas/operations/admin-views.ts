import { recipientName } from '../orders';
import { iso, type DeliveryRow, type ItemRow, type OrderRow } from './rows';

// Wire shapes of the admin API (docs/admin-api.md). Money stays integer pence.

export function orderSummaryView(order: OrderRow, itemCount: number) {
  return {
    uuid: order.uuid,
    status: order.status,
    email: order.user?.email ?? null,
    item_count: itemCount,
    subtotal_pence: order.subtotal_pence ?? 0,
    discount_pence: order.discount_pence ?? 0,
    total_pence: order.total_pence ?? 0,
    currency: order.currency ?? null,
    created_at: iso(order.createdAt),
    paid_at: iso(order.paid_at),
  };
}

/** The recipient as paid for (checkout snapshot), else the live address-book entry. */
const recipientOf = (item: ItemRow | null | undefined): string | null =>
  item ? (item.snapshot?.recipient_name ?? recipientName(item.recipient)) : null;

export function deliveryBrief(d: DeliveryRow) {
  return {
    id: d.id,
    status: d.status,
    tracking_reference: d.tracking_reference ?? null,
    scheduled_for: iso(d.scheduled_for),
    attempts: Number(d.attempts ?? 0),
    last_error: d.last_error ?? null,
  };
}

export function deliveryView(d: DeliveryRow) {
  const item = d.order_item;
  return {
    id: d.id,
    order_uuid: item?.order?.uuid ?? null,
    status: d.status,
    method: item?.delivery_method ?? null,
    recipient_name: recipientOf(item),
    tracking_reference: d.tracking_reference ?? null,
    scheduled_for: iso(d.scheduled_for),
    attempts: Number(d.attempts ?? 0),
    last_error: d.last_error ?? null,
    updated_at: iso(d.updatedAt),
    // Posted cards: the print provider's order id and stage (null for other methods).
    provider_order_id: item?.delivery_method === 'post' ? (d.tracking_reference ?? null) : null,
    postal_status: item?.delivery_method === 'post' ? (d.postal_status ?? null) : null,
    // Late posted cards (issue 44): the window promised, when it was found late, what was done about it
    // (reprint, refund_shipping), the first provider order of a reprint, and the shipping paid.
    promised_to: d.promised_to ?? null,
    late_at: iso(d.late_at),
    late_promised_to: d.late_promised_to ?? null,
    late_remedy: d.late_remedy ?? null,
    first_provider_order_id: d.first_tracking_reference ?? null,
    shipping_method: item?.shipping_method ?? null,
    shipping_pence: Number(item?.shipping_pence ?? 0),
  };
}

/** One step of a posted card's timeline (GET /greeting-cards/admin/deliveries/:id). */
export function deliveryEventView(e: Record<string, unknown>) {
  return {
    at: iso(e.at as string | null),
    source: e.source ?? null,
    status: e.status ?? null,
    postal_status: e.postal_status ?? null,
    provider_status: e.provider_status ?? null,
    detail: e.detail ?? null,
  };
}

export function orderItemView(item: ItemRow, delivery: DeliveryRow | null) {
  const snap = item.snapshot;
  const addon = item.gift_addon;
  return {
    id: item.id,
    card_name: snap?.card_title ?? item.card?.title ?? '',
    recipient_name: recipientOf(item),
    delivery_method: item.delivery_method,
    price_pence: item.line_total_pence ?? 0,
    gift_addon:
      addon || snap?.gift_addon_name
        ? {
            name: snap?.gift_addon_name ?? addon?.name ?? '',
            price_pence: snap?.gift_addon_price_pence ?? addon?.price_pence ?? 0,
          }
        : null,
    gift_wrap: Boolean(item.gift_wrap),
    delivery: delivery ? deliveryBrief(delivery) : null,
  };
}
