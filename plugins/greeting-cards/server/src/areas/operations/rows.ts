import type { DeliveryStatus, OrderStatus } from '../../platform/enums';

// The columns the admin views read, typed once (Strapi's query engine returns untyped rows).
type When = string | Date | null | undefined;

export interface OrderRow {
  id: number;
  uuid: string;
  status: OrderStatus;
  user?: { id: number; email?: string | null } | null;
  subtotal_pence?: number | null;
  discount_pence?: number | null;
  total_pence?: number | null;
  currency?: string | null;
  promo_code?: string | null;
  payment_provider?: string | null;
  provider_session_id?: string | null;
  provider_payment_id?: string | null;
  createdAt?: When;
  paid_at?: When;
  fulfilled_at?: When;
  cancelled_at?: When;
  refunded_at?: When;
}

export interface DeliveryRow {
  id: number;
  status: DeliveryStatus;
  tracking_reference?: string | null;
  scheduled_for?: When;
  attempts?: number | null;
  last_error?: string | null;
  claimed_at?: When;
  updatedAt?: When;
  carrier_status?: string | null;
  postal_status?: string | null;
  tracking_number?: string | null;
  tracking_url?: string | null;
  delivered_at?: When;
  sent_at?: When;
  opened_at?: When;
  promised_from?: string | null;
  promised_to?: string | null;
  late_at?: When;
  late_promised_to?: string | null;
  late_remedy?: string | null;
  first_tracking_reference?: string | null;
  order_item?: ItemRow | null;
}

export interface ItemRow {
  id: number;
  delivery_method: string;
  line_total_pence?: number | null;
  unit_price_pence?: number | null;
  gift_wrap?: boolean | null;
  shipping_method?: string | null;
  shipping_pence?: number | null;
  snapshot?: {
    card_title?: string;
    recipient_name?: string | null;
    gift_addon_name?: string | null;
    gift_addon_price_pence?: number | null;
  } | null;
  card?: { id: number; title?: string | null } | null;
  recipient?: { first_name?: string | null; last_name?: string | null; email?: string | null } | null;
  gift_addon?: { id: number; name?: string | null; price_pence?: number | null } | null;
  order?: { id: number; uuid: string } | null;
}

export const iso = (v: When): string | null => (v ? new Date(v).toISOString() : null);
