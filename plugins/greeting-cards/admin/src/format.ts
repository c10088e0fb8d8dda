// Money is integer pence from the server; the admin only formats it.
export function money(pence: number | null | undefined, currency?: string | null): string {
  if (pence === null || pence === undefined) return '—';
  const code = (currency || 'GBP').toUpperCase();
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency: code }).format(pence / 100);
  } catch {
    return `${(pence / 100).toFixed(2)} ${code}`;
  }
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
