import { TZDate } from '@date-fns/tz';
import { zonedTimeToUtc } from './local-time';

// The date-and-time form fields (a group card's deadline) are on the shop's clock and stored in UTC.
// @date-fns/tz does the offsets (summer time included), as for recipients' clocks.

const LOCAL = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;
const two = (n: number) => String(n).padStart(2, '0');

/** "2030-01-31T17:00" on the clock in `zone` as an ISO instant, or null when it is not a date and time. */
export function localInputToIso(local: string, zone: string): string | null {
  const m = LOCAL.exec(local.trim());
  if (!m) return null;
  const hour = Number(m[2]);
  const minute = Number(m[3]);
  if (hour > 23 || minute > 59) return null;
  return zonedTimeToUtc(m[1], hour, minute, zone)?.toISOString() ?? null;
}

/** An instant as the value of a datetime-local input ("2030-01-31T17:00") on the clock in `zone`. */
export function localInputValue(instant: string | Date, zone: string): string {
  const t = new TZDate(new Date(instant).getTime(), zone);
  return `${t.getFullYear()}-${two(t.getMonth() + 1)}-${two(t.getDate())}T${two(t.getHours())}:${two(t.getMinutes())}`;
}

/** An instant as "Thursday, 31 January 2030 at 17:00" on the clock in `zone`. */
export function formatLongInZone(instant: string | Date, zone: string, intlLocale = 'en-GB'): string {
  return new Intl.DateTimeFormat(intlLocale, {
    timeZone: zone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(instant));
}
