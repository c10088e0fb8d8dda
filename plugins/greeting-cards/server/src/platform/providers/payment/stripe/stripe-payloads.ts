// Reading Stripe's payload fields: ids that may come expanded, Unix-second times, and subscriptions
// and invoices in both the older and the newer API shapes.
import type { ProviderSubscriptionFields } from '../payment-events';
import { normaliseStatus } from '../subscription-state';

export type Obj = Record<string, unknown>;

export const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
/** An id, whether Stripe sent it as a string or as the expanded object. */
export const idOf = (v: unknown): string | null => str(v) ?? (v && typeof v === 'object' ? str((v as Obj).id) : null);
const seconds = (v: unknown): Date | null => (typeof v === 'number' && Number.isFinite(v) ? new Date(v * 1000) : null);

/** Stripe metadata holds strings only; anything else is dropped. */
export function metadataOf(v: unknown): Record<string, string> {
  return Object.fromEntries(
    Object.entries(obj(v)).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * A Stripe subscription object in our terms, or null without an id. Newer API versions moved the
 * period to the items, older ones have it on the subscription: both are read.
 */
export function fromStripeSubscription(sub: Obj): ProviderSubscriptionFields | null {
  const id = idOf(sub?.id);
  if (!id) return null;
  const items = obj(sub.items).data;
  const item = Array.isArray(items) ? obj(items[0]) : {};
  return {
    provider_subscription_id: id,
    provider_customer_id: idOf(sub.customer),
    price_id: idOf(item.price) ?? idOf(sub.plan),
    status: normaliseStatus(sub.status),
    current_period_start: seconds(item.current_period_start) ?? seconds(sub.current_period_start),
    current_period_end: seconds(item.current_period_end) ?? seconds(sub.current_period_end),
    cancel_at_period_end: sub.cancel_at_period_end === true,
    canceled_at: seconds(sub.canceled_at) ?? seconds(sub.ended_at),
    metadata: metadataOf(sub.metadata),
  };
}

/** The subscription an invoice belongs to (older API: `subscription`; newer: under `parent`). */
export function invoiceSubscriptionId(invoice: Obj): string | null {
  return idOf(invoice?.subscription) ?? idOf(obj(obj(invoice?.parent).subscription_details).subscription);
}
