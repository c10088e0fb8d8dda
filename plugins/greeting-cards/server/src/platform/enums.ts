export const TEMPLATE_STYLES = ['funny', 'traditional', 'photo', 'blank', 'kids', 'luxury'] as const;
export const ASSET_TYPES = ['sticker', 'background', 'frame', 'font', 'pattern'] as const;
export const CARD_STATUSES = ['draft', 'saved', 'ordered', 'sent', 'delivered', 'archived'] as const;
export const LIBRARY_TYPES = ['draft', 'saved', 'sent', 'received'] as const;
export const REMINDER_TYPES = ['birthday', 'anniversary', 'custom'] as const;
export const PROMO_KINDS = ['fixed', 'percent', 'free_ecard'] as const;
export const PAYMENT_ISSUE_KINDS = ['session_mismatch', 'amount_mismatch', 'needs_refund'] as const;
// partially_refunded: some of the payment was given back (a cancelled posted card), not all of it yet.
export const ORDER_STATUSES = [
  'cart',
  'pending_payment',
  'paid',
  'fulfilled',
  'cancelled',
  'partially_refunded',
  'refunded',
] as const;
export const DELIVERY_METHODS = ['ecard', 'post', 'print'] as const;
export const DELIVERY_STATUSES = [
  'pending',
  'scheduled',
  'processing',
  'sent',
  'delivered',
  'failed',
  'cancelled',
] as const;
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export const PLAN_INTERVALS = ['month', 'year'] as const;

export type TemplateStyle = (typeof TEMPLATE_STYLES)[number];
export type AssetType = (typeof ASSET_TYPES)[number];
export type CardStatus = (typeof CARD_STATUSES)[number];
export type LibraryType = (typeof LIBRARY_TYPES)[number];
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
