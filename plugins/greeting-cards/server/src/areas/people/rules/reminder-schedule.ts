// When a reminder e-mail is due. Pure date logic on 'YYYY-MM-DD' strings (calendar days, UTC).
import { utc } from '@date-fns/utc';
import { differenceInCalendarDays, parseISO } from 'date-fns';
import { nextOccurrence } from '../../../platform/time/calendar-dates';

export interface ReminderTiming {
  event_date: string | null;
  /** Yearly (birthdays, anniversaries) or a one-off date. */
  yearly: boolean;
  /** Offsets in days; empty or missing means the configured default. */
  days_before?: unknown;
  last_sent_key?: string | null;
}

const IN_UTC = { in: utc };

/** Whole days from `from` to `to` (both 'YYYY-MM-DD'). */
export const daysBetween = (from: string, to: string): number =>
  differenceInCalendarDays(parseISO(to, IN_UTC), parseISO(from, IN_UTC), IN_UTC);

/** The reminder's offsets: its own valid ones (0..366, no duplicates), else the defaults. */
export function offsetsOf(daysBefore: unknown, defaults: number[]): number[] {
  const own = Array.isArray(daysBefore)
    ? daysBefore.filter((d): d is number => Number.isInteger(d) && d >= 0 && d <= 366)
    : [];
  return [...new Set(own.length ? own : defaults)];
}

/**
 * The key of the reminder due `today` (`<event date>:<offset>`, e.g. `2026-12-25:7`), or null when none
 * is due or that one was already sent. A leap-day birthday falls on 28 February in common years.
 */
export function dueReminderKey(reminder: ReminderTiming, today: string, defaults: number[]): string | null {
  const occurrence = nextOccurrence(reminder.event_date, reminder.yearly, today);
  if (!occurrence) return null;
  const away = daysBetween(today, occurrence);
  if (!offsetsOf(reminder.days_before, defaults).includes(away)) return null;
  const key = `${occurrence}:${away}`;
  return key === reminder.last_sent_key ? null : key;
}
