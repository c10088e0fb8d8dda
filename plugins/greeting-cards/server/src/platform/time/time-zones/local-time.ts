import { TZDate, tzOffset } from '@date-fns/tz';

// Wall-clock times in a time zone, and back. @date-fns/tz does the offset arithmetic (summer time
// included) from the zone database Node ships; this file only fixes how the plugin asks.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The instant at which the clock in `zone` shows `hour`:`minute` on `date` ('YYYY-MM-DD'). A time that
 * the clock skips (a spring-forward gap) is read as the same time after the change; null for a date that
 * is not a real calendar date.
 */
export function zonedTimeToUtc(date: string, hour: number, minute: number, zone: string): Date | null {
  const m = DATE.exec(date);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(y, mo - 1, d));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d) return null;
  return new Date(new TZDate(y, mo - 1, d, hour, minute, 0, 0, zone).getTime());
}

const two = (n: number) => String(n).padStart(2, '0');

/** The calendar date ('YYYY-MM-DD') the clock in `zone` shows at `instant`. */
export function localDate(instant: Date, zone: string): string {
  const t = new TZDate(instant.getTime(), zone);
  return `${t.getFullYear()}-${two(t.getMonth() + 1)}-${two(t.getDate())}`;
}

/** The hour (0-23) the clock in `zone` shows at `instant`. */
export function localHour(instant: Date, zone: string): number {
  return new TZDate(instant.getTime(), zone).getHours();
}

/** Minutes `zone` is ahead of UTC at `instant` (60 for London in summer, 780 for Auckland in January). */
export const offsetMinutes = (instant: Date, zone: string): number => tzOffset(zone, instant);

/**
 * An instant as a person reads it on their clock: "24 Dec 2030, 09:00 GMT". The zone's short name
 * (or its offset, where the locale has no name for it) says which clock.
 */
export function formatInZone(instant: Date | string, zone: string, locale = 'en-GB'): string {
  const d = new Date(instant);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(d);
}
