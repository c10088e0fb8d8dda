// Calendar dates as 'YYYY-MM-DD' strings (no time zone): birthdays and anniversaries are days, not instants.
// date-fns does the calendar maths (month lengths, leap years), in UTC so the server's zone never moves a day.
import { addYears, format, isValid, parseISO } from 'date-fns';
import { utc } from '@date-fns/utc';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const IN_UTC = { in: utc };

export interface DateParts {
  year: number;
  month: number;
  day: number;
}

export function parseDate(text: string): DateParts | null {
  const m = DATE_RE.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Years before 100 have never been accepted (JavaScript's Date reads them as 19xx); date-fns takes them.
  if (year < 100 || !isValid(parseISO(text, IN_UTC))) return null;
  return { year, month, day };
}

export const isRealDate = (text: string): boolean => parseDate(text) !== null;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
export const formatDate = (p: DateParts): string => `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;

export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

const dayOf = (date: Date): string => format(date, 'yyyy-MM-dd', IN_UTC);

/**
 * The next date (today included) an event falls on: yearly events repeat on their month and day,
 * one-off events happen once and have no next occurrence once past.
 */
export function nextOccurrence(eventDate: string | null | undefined, yearly: boolean, today: string): string | null {
  if (!eventDate) return null;
  const p = parseDate(eventDate);
  const t = parseDate(today);
  if (!p || !t) return null;
  if (!yearly) return eventDate >= today ? eventDate : null;
  // addYears keeps the month and day, and puts 29 February on the 28th in common years.
  const event = parseISO(eventDate, IN_UTC);
  const thisYear = dayOf(addYears(event, t.year - p.year, IN_UTC));
  return thisYear >= today ? thisYear : dayOf(addYears(event, t.year + 1 - p.year, IN_UTC));
}

/** Accepts what databases hand back for a date column (string or Date) and returns 'YYYY-MM-DD' or null. */
export function toDateString(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value === 'string') {
    const head = value.trim().slice(0, 10);
    return isRealDate(head) ? head : null;
  }
  return null;
}
