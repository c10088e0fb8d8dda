// Subscription rules, pure: who has premium, which statuses are final, and which late or out-of-order
// events must be ignored. Reading a provider's payloads is the provider's job (platform/providers/payment/).
import { SUBSCRIPTION_STATUSES } from '../../enums';

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
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(String(raw))
    ? (raw as SubscriptionStatus)
    : 'incomplete';
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
