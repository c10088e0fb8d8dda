// Day arithmetic on calendar dates ('YYYY-MM-DD'), in UTC so the server's zone never moves a day,
// and working days: Monday to Friday that are no public holiday in the country.
import { isPublicHoliday } from './public-holidays';

const DAY_MS = 86_400_000;

const toMs = (date: string): number => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10));
const fromMs = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export const addDays = (date: string, days: number): string => fromMs(toMs(date) + days * DAY_MS);
export const daysBetween = (from: string, to: string): number => Math.round((toMs(to) - toMs(from)) / DAY_MS);
/** 0 Sunday … 6 Saturday. */
export const weekday = (date: string): number => new Date(toMs(date)).getUTCDay();

/** Tells whether a country works on a day; the default reads date-holidays, tests may pass their own. */
export type WorkingDays = (country: string, date: string) => boolean;

export const standardWorkingDays: WorkingDays = (country, date) => {
  const d = weekday(date);
  return d !== 0 && d !== 6 && !isPublicHoliday(country, date);
};

/** `date` itself when a working day, else the next working day. */
export function onOrAfterWorkingDay(works: WorkingDays, country: string, date: string): string {
  let d = date;
  // A country has far fewer than 30 closed days in a row; the bound keeps a bad calendar from looping.
  for (let i = 0; i < 30 && !works(country, d); i++) d = addDays(d, 1);
  return d;
}

/** The `n`th working day after `date` (n = 0: `date` itself, moved to a working day). */
export function addWorkingDays(works: WorkingDays, country: string, date: string, n: number): string {
  let d = onOrAfterWorkingDay(works, country, date);
  for (let i = 0; i < n; i++) d = onOrAfterWorkingDay(works, country, addDays(d, 1));
  return d;
}

/** The `n`th working day before `date` (n = 0: `date` itself, moved back to a working day). */
export function subtractWorkingDays(works: WorkingDays, country: string, date: string, n: number): string {
  let d = date;
  for (let i = 0; i < 30 && !works(country, d); i++) d = addDays(d, -1);
  for (let k = 0; k < n; k++) {
    d = addDays(d, -1);
    for (let i = 0; i < 30 && !works(country, d); i++) d = addDays(d, -1);
  }
  return d;
}
