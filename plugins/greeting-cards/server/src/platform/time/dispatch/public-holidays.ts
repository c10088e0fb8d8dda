import Holidays from 'date-holidays';

// Public holidays per country from date-holidays (maintained rules: Easter, substitute days, the
// German Länder's shared days). Bank and public holidays close printers and sorting offices; observances
// (Mother's Day) do not. Answers are cached per country and year: the rules never change while we run.

const CLOSED_TYPES = new Set(['public', 'bank']);
const cache = new Map<string, Set<string>>();

function holidaysOf(country: string, year: number): Set<string> {
  const key = `${country}:${year}`;
  let days = cache.get(key);
  if (!days) {
    days = new Set<string>();
    // An unknown country has no holidays: weekends still close.
    for (const h of new Holidays(country).getHolidays(year) ?? [])
      if (CLOSED_TYPES.has(h.type)) days.add(h.date.slice(0, 10));
    cache.set(key, days);
  }
  return days;
}

/** True when `date` ('YYYY-MM-DD') is a public or bank holiday in `country` (ISO 3166-1 alpha-2). */
export function isPublicHoliday(country: string, date: string): boolean {
  return holidaysOf(country.toUpperCase(), Number(date.slice(0, 4))).has(date);
}

/** The name of the holiday on `date` in `country`, for tests and operators (undefined on other days). */
export function holidayName(country: string, date: string): string | undefined {
  return (new Holidays(country.toUpperCase()).getHolidays(Number(date.slice(0, 4))) ?? []).find(
    (h) => CLOSED_TYPES.has(h.type) && h.date.slice(0, 10) === date,
  )?.name;
}
