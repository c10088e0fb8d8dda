import { getAlpha2Codes } from 'i18n-iso-countries';

// ISO 3166-1 alpha-2 codes of the 249 officially assigned countries and territories, from i18n-iso-countries
// (which follows ISO's changes). Its list also holds XK (Kosovo), a code ISO leaves to users, not assigned:
// it stays out, as it always has, so an address in it is refused as before.
const NOT_ASSIGNED_BY_ISO = new Set(['XK']);

export const COUNTRY_CODES: ReadonlySet<string> = new Set(
  Object.keys(getAlpha2Codes())
    .filter((code) => !NOT_ASSIGNED_BY_ISO.has(code))
    .sort(),
);

export const isCountryCode = (code: string): boolean => COUNTRY_CODES.has(code);
