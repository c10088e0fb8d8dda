import { fullName } from '../../platform/addresses/address';
import type { Row } from '../../platform/db/query';

// The wire format of an order and its items (the one mapper for /api/orders/ and the web cart).
// After checkout an item shows its frozen snapshot, so later edits to a card or a recipient do not
// change what the order says was bought.

export interface ItemSnapshot {
  card_title: string;
  recipient_name: string | null;
  recipient: Record<string, string> | null;
  gift_addon_name: string | null;
  gift_addon_price_pence: number | null;
  /** The card's video or voice message as the line paid for it (absent: none, or messages cost nothing). */
  media_message_pence?: number;
  media_message_free?: boolean;
  frozen_at: string;
  /** Prices entered net only: the VAT rate and country checkout added to the line's net price. */
  vat_rate_bp?: number;
  vat_country?: string;
  /** Prices entered net only: the line's net price as entered (line_total_pence is then net + VAT). */
  net_pence?: number;
}

/** The recipient's full name, else their e-mail; null without a recipient. */
export const recipientName = (r: Row | null | undefined): string | null => (r ? fullName(r) || r.email || null : null);

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
const idOf = (v: unknown) =>
  v && typeof v === 'object' ? ((v as Row).id as number) : typeof v === 'number' ? v : null;

export function itemView(item: Row) {
  const snap = item.snapshot as ItemSnapshot | null;
  return {
    id: item.id,
    card: idOf(item.card),
    card_title: snap ? snap.card_title : (item.card?.title ?? ''),
    recipient: idOf(item.recipient),
    recipient_name: snap ? snap.recipient_name : recipientName(item.recipient),
    delivery_method: item.delivery_method,
    scheduled_for: iso(item.scheduled_for),
    gift_addon: idOf(item.gift_addon),
    gift_wrap: Boolean(item.gift_wrap),
    unit_price_pence: item.unit_price_pence,
    line_total_pence: item.line_total_pence,
    // The card's video or voice message add-on (in the line total), when the line carries one: its price,
    // or 0 and free when the buyer's membership makes it free.
    ...(item.media_message_pence !== null && item.media_message_pence !== undefined
      ? { media_message_pence: Number(item.media_message_pence), media_message_free: Boolean(item.media_message_free) }
      : {}),
    // Lines of one bulk send share it (null for a single line).
    bulk_group: item.bulk_group ?? null,
    // Posted cards with a chosen method or arrive-by date (issue 44): the promise, and its price (in the line total).
    ...(item.shipping_method
      ? {
          shipping_method: item.shipping_method as string,
          shipping_pence: Number(item.shipping_pence ?? 0),
          arrive_by: (item.arrive_by as string | null) ?? null,
          arrives_from: (item.arrives_from as string | null) ?? null,
          arrives_to: (item.arrives_to as string | null) ?? null,
        }
      : {}),
    // E-cards (issue 45), when chosen: the envelope's slug, and that it goes once more if unopened.
    ...((item.envelope as { slug?: string } | null)?.slug
      ? { envelope: (item.envelope as { slug: string }).slug }
      : {}),
    ...(item.remind_unopened ? { remind_unopened: true } : {}),
  };
}

export type OrderView = ReturnType<typeof orderView>;

export function orderView(order: Row, items: Row[]) {
  return {
    uuid: order.uuid,
    status: order.status,
    items: items.map(itemView),
    subtotal_pence: order.subtotal_pence ?? 0,
    discount_pence: order.discount_pence ?? 0,
    total_pence: order.total_pence ?? 0,
    currency: order.currency,
    promo_code: order.promo_code ?? null,
    created_at: iso(order.createdAt),
    paid_at: iso(order.paid_at),
  };
}
