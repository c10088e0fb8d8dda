import { formatMoney } from '../../server/src/domain/money-format';

// Money is whole minor units of its currency from the server (pence, cents, yen); the admin only
// formats it, with the shop's own function, so a currency without minor units (JPY) is not divided by 100.
export function money(minor: number | null | undefined, currency?: string | null): string {
  if (minor === null || minor === undefined) return '—';
  return formatMoney(minor, currency);
}

export function dateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

/** "payment_failed" -> "Payment failed" */
export function label(value: string | null | undefined): string {
  if (!value) return '—';
  const words = value.replace(/[_-]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
