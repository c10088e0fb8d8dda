// Money on screen. Amounts are whole minor units of their currency everywhere (the API, the database,
// SERVICE_* prices): pence for GBP, cents for EUR, yen for JPY, which has no smaller unit. How many
// decimals a currency has comes from Intl (ISO 4217 data), never from a fixed "/ 100".

export const DEFAULT_LOCALE = 'en-GB';

const formatters = new Map<string, Intl.NumberFormat | null>();

/** Intl's currency formatter for this locale and currency, or null for a code Intl rejects (cached). */
function formatterFor(locale: string, currency: string): Intl.NumberFormat | null {
  const key = `${locale}|${currency}`;
  if (!formatters.has(key)) {
    let formatter: Intl.NumberFormat | null;
    try {
      formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    } catch {
      formatter = null;
    }
    formatters.set(key, formatter);
  }
  return formatters.get(key) ?? null;
}

const codeOf = (currency: string | null | undefined) => (currency || 'GBP').trim().toUpperCase();

/** Decimal places of the currency's minor unit: 2 for GBP and EUR, 0 for JPY, 3 for KWD. */
export function minorUnitDigits(currency: string): number {
  return formatterFor('en', codeOf(currency))?.resolvedOptions().maximumFractionDigits ?? 2;
}

/** Whole minor units as the currency's major amount: 399 GBP is 3.99, 399 JPY is 399. */
export function toMajorUnits(minor: number, currency: string): number {
  return minor / 10 ** minorUnitDigits(currency);
}

/**
 * Formats whole minor units for people: formatMoney(399, 'GBP') is "£3.99", formatMoney(1250, 'EUR',
 * 'de-DE') is "12,50 €", formatMoney(500, 'JPY') is "JP¥500" in en-GB. A non-number shows as 0; a
 * code Intl does not accept still shows, as "3.99 XXX".
 */
export function formatMoney(minor: unknown, currency?: string | null, locale: string = DEFAULT_LOCALE): string {
  const amount = Number(minor ?? 0);
  const value = Number.isFinite(amount) ? amount : 0;
  const code = codeOf(currency);
  const formatter = formatterFor(locale, code) ?? formatterFor(DEFAULT_LOCALE, code);
  if (!formatter) return `${(value / 100).toFixed(2)} ${code}`;
  return formatter.format(toMajorUnits(value, code));
}

/** Whole minor units as the decimal text a person types: 399 GBP is "3.99", 500 JPY is "500". */
export function toMajorText(minor: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const text = String(Math.abs(Math.trunc(minor))).padStart(digits + 1, '0');
  return digits ? `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}` : `${sign}${text}`;
}

/**
 * A typed decimal amount as whole minor units of the currency, without floating point: "3.49" GBP is
 * 349, "3.5" is 350, "500" JPY is 500; a comma works as the decimal mark. Null for anything else, or for
 * more decimals than the currency has ("3.999" GBP, "5.5" JPY), so a price is never silently rounded.
 */
export function parseMajorAmount(text: string, currency: string): number | null {
  const digits = minorUnitDigits(currency);
  const match = /^(\d+)(?:[.,](\d*))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}
