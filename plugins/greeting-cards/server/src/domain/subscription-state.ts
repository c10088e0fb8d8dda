// Subscription rules, pure: who has premium, how a provider subscription maps onto our row, and
// which late or out-of-order events must be ignored.
import { SUBSCRIPTION_STATUSES } from './enums';

export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Statuses a subscription never leaves: a late event must not bring it back. */
export const TERMINAL_STATUSES: readonly SubscriptionStatus[] = ['canceled', 'incomplete_expired'];
/** Statuses that give access while the period has not ended. */
export const LIVE_STATUSES: readonly SubscriptionStatus[] = ['active', 'trialing'];

export interface StoredSubscription {
  status: string;
  current_period_end?: string | Date | null;
  last_event_at?: string | Date | null;
  plan?: { grants_premium?: boolean | null } | null;
}

const time = (v: string | Date | null | undefined): number | null => (v ? new Date(v).getTime() : null);

/** Active or trialing, not past its period end (no period end: not yet known, counts as live). */
export function isLive(sub: StoredSubscription, now: Date): boolean {
  if (!(LIVE_STATUSES as readonly string[]).includes(sub.status)) return false;
  const end = time(sub.current_period_end);
  return end === null || end > now.getTime();
}

export function grantsPremium(sub: StoredSubscription, now: Date): boolean {
  return isLive(sub, now) && Boolean(sub.plan?.grants_premium);
}

/** One interval after `from` (calendar months/years, clamped to the month's last day). */
export function periodEnd(from: Date, interval: string): Date {
  const end = new Date(from.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  if (interval === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  const last = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, last));
  return end;
}

export function normaliseStatus(raw: unknown): SubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(String(raw)) ? (raw as SubscriptionStatus) : 'incomplete';
}

/**
 * Whether an event with `status` created at `eventAt` may overwrite the stored row. Ignored: anything
 * once the row is terminal (unless it is terminal too), anything older than the last applied event, and
 * on a tie (same second) an `incomplete` that would undo progress.
 */
export function shouldApply(stored: StoredSubscription | null, status: SubscriptionStatus, eventAt: Date): boolean {
  if (!stored) return true;
  const storedTerminal = (TERMINAL_STATUSES as readonly string[]).includes(stored.status);
  if (storedTerminal && !(TERMINAL_STATUSES as readonly string[]).includes(status)) return false;
  const last = time(stored.last_event_at);
  if (last === null) return true;
  if (eventAt.getTime() < last) return false;
  if (eventAt.getTime() === last && status === 'incomplete' && stored.status !== 'incomplete') return false;
  return true;
}

type Obj = Record<string, any>;
const seconds = (v: unknown): Date | null => (typeof v === 'number' && Number.isFinite(v) ? new Date(v * 1000) : null);
const idOf = (v: unknown): string | null =>
  typeof v === 'string' && v ? v : v && typeof v === 'object' && typeof (v as Obj).id === 'string' ? (v as Obj).id : null;

export interface ProviderSubscriptionFields {
  provider_subscription_id: string;
  provider_customer_id: string | null;
  price_id: string | null;
  status: SubscriptionStatus;
  current_period_start: Date | null;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  canceled_at: Date | null;
  metadata: Record<string, string>;
}

/**
 * A Stripe subscription object in our terms. Newer API versions moved the period to the items, older
 * ones have it on the subscription: both are read.
 */
export function fromProviderSubscription(sub: Obj): ProviderSubscriptionFields | null {
  const id = idOf(sub?.id);
  if (!id) return null;
  const item = Array.isArray(sub.items?.data) ? sub.items.data[0] : undefined;
  return {
    provider_subscription_id: id,
    provider_customer_id: idOf(sub.customer),
    price_id: idOf(item?.price) ?? idOf(sub.plan),
    status: normaliseStatus(sub.status),
    current_period_start: seconds(item?.current_period_start) ?? seconds(sub.current_period_start),
    current_period_end: seconds(item?.current_period_end) ?? seconds(sub.current_period_end),
    cancel_at_period_end: sub.cancel_at_period_end === true,
    canceled_at: seconds(sub.canceled_at) ?? seconds(sub.ended_at),
    metadata: sub.metadata && typeof sub.metadata === 'object' ? sub.metadata : {},
  };
}

/** The subscription an invoice belongs to (older API: `subscription`; newer: under `parent`). */
export function invoiceSubscriptionId(invoice: Obj): string | null {
  return idOf(invoice?.subscription) ?? idOf(invoice?.parent?.subscription_details?.subscription);
}

export { idOf as providerIdOf };
