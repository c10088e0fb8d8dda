// Calendar dates as 'YYYY-MM-DD' strings (no time zone): birthdays and anniversaries are days, not instants.

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface DateParts {
  year: number;
  month: number;
  day: number;
}

export function parseDate(text: string): DateParts | null {
  const m = DATE_RE.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 2023-02-30 over to March: a real date survives the round trip unchanged.
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return { year, month, day };
}

export const isRealDate = (text: string): boolean => parseDate(text) !== null;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
export const formatDate = (p: DateParts): string => `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;

export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** The event's month/day in `year`; 29 February falls on the 28th in common years. */
function inYear(p: DateParts, year: number): string {
  const day = p.month === 2 && p.day === 29 && !isLeap(year) ? 28 : p.day;
  return formatDate({ year, month: p.month, day });
}

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
  const thisYear = inYear(p, t.year);
  return thisYear >= today ? thisYear : inYear(p, t.year + 1);
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
