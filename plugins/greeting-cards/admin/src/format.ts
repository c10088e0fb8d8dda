import * as React from 'react';
import { useIntl } from 'react-intl';
import { formatMoney } from '../../server/src/platform/i18n/money-format';

// Numbers, money and dates in the admin user's own language (react-intl's locale, which follows the
// language picked in the admin profile), never a fixed en-GB. Money is whole minor units of its currency
// from the server (pence, cents, yen); it is formatted with the shop's own function, so a currency
// without minor units (JPY) is not divided by 100. One helper for the whole admin: useFormat().

export function money(minor: number | null | undefined, currency: string | null | undefined, locale: string): string {
  if (minor === null || minor === undefined) return '—';
  return formatMoney(minor, currency, locale);
}

export function dateTime(value: string | null | undefined, locale: string): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  try {
    return date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  } catch {
    // A locale tag Intl does not know: the browser's default beats no date at all.
    return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  }
}

export function number(value: number | null | undefined, locale: string): string {
  if (value === null || value === undefined) return '—';
  try {
    return new Intl.NumberFormat(locale).format(value);
  } catch {
    return String(value);
  }
}

/** "payment_failed" -> "Payment failed": the last resort for a value no translation names. */
export function label(value: string | null | undefined): string {
  if (!value) return '—';
  const words = value.replace(/[_-]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export interface Formatters {
  locale: string;
  money: (minor: number | null | undefined, currency?: string | null) => string;
  dateTime: (value: string | null | undefined) => string;
  number: (value: number | null | undefined) => string;
}

/** The formatters for the admin user's locale (re-made when they switch language). */
export function useFormat(): Formatters {
  const { locale } = useIntl();
  return React.useMemo(
    () => ({
      locale,
      money: (minor, currency) => money(minor, currency ?? null, locale),
      dateTime: (value) => dateTime(value, locale),
      number: (value) => number(value, locale),
    }),
    [locale],
  );
}
