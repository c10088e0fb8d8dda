// Shapes of the plugin's admin API answers (see the server's admin routes).

export interface Paged<T> {
  count: number;
  results: T[];
}

export interface Summary {
  today: { orders: number; revenue_pence: number; failed_deliveries: number };
  attention: { payment_issues: number; failed_deliveries: number };
}

export interface OrderRow {
  uuid: string;
  status: string;
  email: string | null;
  item_count: number;
  subtotal_pence: number;
  discount_pence: number;
  total_pence: number;
  currency: string | null;
  created_at: string;
  paid_at: string | null;
}

export interface DeliveryRow {
  id: number;
  order_uuid?: string | null;
  status: string;
  method: string;
  recipient_name: string | null;
  tracking_reference: string | null;
  scheduled_for: string | null;
  attempts: number;
  last_error: string | null;
  updated_at?: string | null;
  provider_order_id?: string | null;
  postal_status?: string | null;
  /** Late posted cards (issue 44): the last day promised, when it was found late, and what was done. */
  promised_to?: string | null;
  late_at?: string | null;
  late_promised_to?: string | null;
  late_remedy?: 'reprint' | 'refund_shipping' | null;
  first_provider_order_id?: string | null;
  shipping_method?: string | null;
  shipping_pence?: number;
}

export interface GroupCardRow {
  uuid: string;
  title: string;
  recipient_name: string;
  organiser: { id: number; email: string; username: string } | null;
  status: string;
  signature_count: number;
  deadline: string | null;
  closed_at: string | null;
  created_at: string | null;
}

/** A card's video or voice message as the Messages tab lists it (the owner's e-mail masked by the server). */
export interface MediaMessageRow {
  id: number;
  card_id: number;
  card_title: string;
  owner_email: string;
  kind: string;
  duration_ms: number;
  created_at: string | null;
  status: 'live' | 'removed';
  removed_at: string | null;
  removed_reason: string;
}

export interface DeliveryEvent {
  at: string | null;
  source: string;
  status: string | null;
  postal_status: string | null;
  provider_status: string | null;
  detail: string | null;
}

export interface DeliveryDetail extends DeliveryRow {
  provider: string | null;
  carrier_status: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  delivered_at: string | null;
  events: DeliveryEvent[];
  refund: { amount_pence: number; currency: string; status: string } | null;
}

export interface OrderItem {
  id?: number;
  card_name?: string | null;
  card?: string | null;
  recipient_name: string | null;
  delivery_method: string;
  price_pence: number;
  gift_addon?: string | { name?: string; price_pence?: number } | null;
  delivery: Omit<DeliveryRow, 'method' | 'recipient_name' | 'order_uuid'> | null;
}

export interface OrderDetail extends OrderRow {
  items: OrderItem[];
  promo_code: string | null;
  payment: { provider: string | null; session_id: string | null; payment_intent_id: string | null } | null;
  history: Array<{ status: string; at: string }>;
  /** The order's e-cards: how many, sent (opened ones included), opened, failed. */
  ecard_counts?: { ecards: number; sent: number; opened: number; failed: number };
}

export interface PaymentIssue {
  id: number;
  kind: string;
  order_uuid: string | null;
  order_status?: string | null;
  provider?: string | null;
  session_id?: string | null;
  payment_intent_id?: string | null;
  amount_pence: number | null;
  currency: string | null;
  detail: string;
  resolved?: boolean;
  created_at: string | null;
}

export interface Refund {
  order_uuid: string;
  email: string | null;
  total_pence: number;
  currency: string | null;
  payment_intent_id: string | null;
  refunded_at: string | null;
}

export interface PaymentIssues extends Paged<PaymentIssue> {
  refunds?: Paged<Refund>;
}

export interface HealthCheck {
  ok: boolean;
  detail: string;
  /** The detail as a message (server/src/platform/host/check-texts.ts): shown in the admin user's language. */
  message?: { id: string; text: string; values?: Record<string, string | number> };
}

export interface SettingEntry {
  key: string;
  env?: string;
  value: unknown;
  secret?: boolean;
  description?: string;
  /** Editors may change it on the settings page (PUT /settings), unless pinned_by names who sets it. */
  editable?: boolean;
  kind?: 'money' | 'integer' | 'boolean' | 'list' | 'text';
  form_group?: string;
  /** The environment variable (or "config/plugins") that sets it and wins over the page. */
  pinned_by?: string | null;
  /** A value stored from the page is in effect. */
  stored?: boolean;
}

export interface SettingsAnswer {
  groups: Array<{ name: string; settings: SettingEntry[] }>;
  currency?: string;
  stored?: { version: string; updated_at: string; updated_by: string | null } | null;
  health: Record<string, HealthCheck>;
}

/** GET /accounts?q= (the server's areas/accounts/admin-accounts.ts). */
export interface AdminAccount {
  id: number;
  username: string;
  email: string;
  provider: string;
  confirmed: boolean;
  blocked: boolean;
  created_at: string | null;
  orders: number;
  live_subscriptions: number;
  deletion: { status: string; requested_by: string | null } | null;
}
