import { localInputToIso, localInputValue } from '../../../../platform/time/time-zones';

// The daily cap of an address link counts per day on the shop's clock (SERVICE_TIME_ZONE), so
// "per day" means what the shop's staff and shoppers mean by it, summer time included. Pure.

/** The shop's date at `now`, as YYYY-MM-DD. */
export const shopDay = (now: Date, timeZone: string): string => localInputValue(now, timeZone).slice(0, 10);

/** Whole seconds from `now` to the next midnight on the shop's clock (at least 1): the cap's Retry-After. */
export function secondsToNextShopDay(now: Date, timeZone: string): number {
  const [y, m, d] = shopDay(now, timeZone).split('-').map(Number);
  const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
  const midnight = localInputToIso(`${next}T00:00`, timeZone);
  const ms = midnight ? new Date(midnight).getTime() - now.getTime() : 86_400_000;
  return Math.max(1, Math.ceil(ms / 1000));
}

/**
 * The next state of a link's day counter for one more entry, or null when the day is full.
 * A new day starts its count again.
 */
export function nextDayCount(
  current: { day_key?: string | null; day_count?: number | null },
  today: string,
  cap: number,
): { day_key: string; day_count: number } | null {
  const count = current.day_key === today ? Number(current.day_count ?? 0) : 0;
  return count >= cap ? null : { day_key: today, day_count: count + 1 };
}
