import { COUNTRY_CODES, isCountryCode } from '../../../../platform/addresses/countries';
import { formatDate, parseDate } from '../../../../platform/time/calendar-dates';

// Turning what people type in spreadsheets into the address book's values: country names into
// ISO codes, the usual date spellings into YYYY-MM-DD, a full name into first and last.

const ALIASES: Record<string, string> = {
  uk: 'GB',
  unitedkingdom: 'GB',
  greatbritain: 'GB',
  britain: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  northernireland: 'GB',
  usa: 'US',
  us: 'US',
  unitedstates: 'US',
  unitedstatesofamerica: 'US',
  america: 'US',
  holland: 'NL',
  deutschland: 'DE',
  allemagne: 'DE',
  espana: 'ES',
  italia: 'IT',
  eire: 'IE',
};
const squash = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z]/g, '');

// English country names from the runtime's own data, so the list needs no upkeep here.
const BY_NAME: Map<string, string> = (() => {
  const names = new Map<string, string>(Object.entries(ALIASES));
  const display = new Intl.DisplayNames(['en'], { type: 'region' });
  for (const code of COUNTRY_CODES) {
    const name = display.of(code);
    if (name && name !== code) names.set(squash(name), code);
  }
  return names;
})();

/** The ISO code of a country written as a code or an English name; null when it is neither. */
export function countryCode(raw: string): string | null {
  const text = raw.trim();
  if (/^[a-z]{2}$/i.test(text) && isCountryCode(text.toUpperCase())) return text.toUpperCase();
  return BY_NAME.get(squash(text)) ?? null;
}

/**
 * A date as YYYY-MM-DD from ISO (1990-02-28, 19900228, 1990/02/28) or day-first (28/02/1990,
 * 28.02.1990, 28-02-1990) spellings; month-first only when the day-first reading is impossible
 * (02/28/1990). `null` for an empty cell, `undefined` for something that is not a real date.
 */
export function importDate(raw: string): string | null | undefined {
  const trimmed = raw.trim();
  if (!trimmed) return null;
  // A date with a time ("1990-02-28T00:00:00Z") is far shorter: longer text is not a date, and is not
  // searched (cutting "T..." from a line of "T"s once tried each one against the rest of the line).
  if (trimmed.length > 40) return undefined;
  const text = trimmed.replace(/T.*$/, '');
  if (!text) return null;
  const real = (year: number, month: number, day: number) => {
    const parts = { year, month, day };
    return parseDate(formatDate(parts)) ? formatDate(parts) : undefined;
  };
  let m = /^(\d{4})[-/.]?(\d{1,2})[-/.]?(\d{1,2})$/.exec(text);
  if (m && (text.length === 8 || /[-/.]/.test(text))) return real(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  if (m) {
    const [a, b, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return real(year, b, a) ?? (a <= 12 ? real(year, a, b) : undefined);
  }
  return undefined;
}

/** First and last name from one "full name" cell: the last word is the last name. */
export function splitFullName(raw: string): { first_name: string; last_name: string } {
  const words = raw.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { first_name: words[0] ?? '', last_name: '' };
  return { first_name: words.slice(0, -1).join(' '), last_name: words[words.length - 1] };
}
