// Small formatting helpers the views use (money is whole minor units, formatted only here).
import { formatInZone } from '../domain/time-zones';
import { DEFAULT_LOCALE, formatMoney } from '../domain/money-format';

let zoneNames: string[] | null = null;

// Built once: toLocaleDateString builds a formatter (locale data lookups included) on every call, and a
// library page formats a date per card (1.3 % of the page's CPU under load, measured).
const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const DAY_TIME = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });

export const helpers = {
  /** Whole minor units of `currency` (pence, cents, yen) by Intl, with the currency's own decimals. */
  money(minor: unknown, currency = 'GBP'): string {
    return formatMoney(minor, currency, DEFAULT_LOCALE);
  },
  date(value: unknown): string {
    if (!value) return '';
    const d = new Date(String(value).length === 10 ? `${value}T00:00:00Z` : String(value));
    if (Number.isNaN(d.getTime())) return '';
    return DAY.format(d);
  },
  dateTime(value: unknown): string {
    if (!value) return '';
    const d = new Date(String(value));
    if (Number.isNaN(d.getTime())) return '';
    return DAY_TIME.format(d) + ' UTC';
  },
  /** An instant on a person's clock, naming the zone ("24 Dec 2030, 09:00 GMT"); UTC without a zone. */
  dateTimeIn(value: unknown, zone: unknown): string {
    if (!value) return '';
    return typeof zone === 'string' && zone ? formatInZone(String(value), zone) : helpers.dateTime(value);
  },
  /** Every IANA zone Node knows, for the time-zone field's suggestions. */
  timeZones(): string[] {
    zoneNames ??= Intl.supportedValuesOf('timeZone');
    return zoneNames;
  },
  /** Human words for stored codes ("pending_payment" -> "Pending payment"). */
  label(code: unknown): string {
    const text = String(code ?? '').replace(/[_-]+/g, ' ').trim();
    return text ? text[0].toUpperCase() + text.slice(1) : '';
  },
  /** A posted card's stage at the print provider, as the buyer reads it. */
  postalStage(code: unknown): string {
    const words: Record<string, string> = {
      accepted: 'Received, not yet printed', in_production: 'Being printed', printed: 'Printed', shipped: 'Posted',
      delivered: 'Delivered', failed: 'Could not be printed', cancelled: 'Cancelled',
    };
    return words[String(code)] ?? String(code ?? '');
  },
  deliveryMethod(code: unknown): string {
    return ({ ecard: 'E-card', post: 'Posted card', print: 'Print at home' } as Record<string, string>)[String(code)] ?? String(code ?? '');
  },
  /** Query string for links that keep the other filters: qs({occasion, style}) -> "?occasion=x". */
  qs(params: Record<string, unknown>): string {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
    const s = search.toString();
    return s ? `?${s}` : '';
  },
  firstError(errors: Record<string, string[]> | null | undefined, field: string): string {
    return errors?.[field]?.[0] ?? '';
  },
};
