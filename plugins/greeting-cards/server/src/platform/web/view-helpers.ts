// Small formatting helpers the views use (money is whole minor units, formatted only here), one set per
// shop language: dates, numbers and money by Intl in the request's locale, stored codes in its words.
import { formatInZone } from '../time/time-zones';
import { formatMoney } from '../i18n/money-format';
import { catalogueFor } from '../i18n/messages';
import { DEFAULT_LOCALE, intlLocale, SUPPORTED_LOCALES, type Locale } from '../i18n/locales';
import { translator } from '../i18n/translate';
import { countryOptions, timeZoneOptions } from './pickers';
import { orderNumberOf } from './order-number';
import { dayRange, shortDay } from '../i18n/delivery-promise';

let zoneNames: string[] | null = null;

export type ViewHelpers = ReturnType<typeof buildHelpers>;

function buildHelpers(locale: Locale) {
  const intl = intlLocale(locale);
  const t = translator(locale);
  const words = catalogueFor(locale);
  // Built once per locale: toLocaleDateString builds a formatter (locale data lookups included) on every
  // call, and a library page formats a date per card (1.3 % of the page's CPU under load, measured).
  const DAY = new Intl.DateTimeFormat(intl, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const DAY_TIME = new Intl.DateTimeFormat(intl, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  });
  const NUMBER = new Intl.NumberFormat(intl);
  const helpers = {
    locale,
    /** Whole minor units of `currency` (pence, cents, yen) by Intl, with the currency's own decimals. */
    money(minor: unknown, currency = 'GBP'): string {
      return formatMoney(minor, currency, intl);
    },
    number(value: unknown): string {
      const n = Number(value ?? 0);
      return NUMBER.format(Number.isFinite(n) ? n : 0);
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
      return typeof zone === 'string' && zone ? formatInZone(String(value), zone, intl) : helpers.dateTime(value);
    },
    /** A posted card's arrival window ("Tue 3 – Wed 4 Dec"), days in this language. */
    dayRange(from: unknown, to: unknown): string {
      return dayRange(locale, String(from ?? ''), String(to ?? ''));
    },
    /** One calendar day, short ("Tue 3 Dec"). */
    shortDay(day: unknown): string {
      return shortDay(locale, String(day ?? ''));
    },
    /** An order's number for people (order-number.ts). */
    orderNumber(uuid: unknown): string {
      return orderNumberOf(String(uuid ?? ''));
    },
    /** Countries for a picker, named in this language. */
    countries() {
      return countryOptions(intl);
    },
    /** Time zones for a picker, named in this language (city and generic name). */
    zones() {
      return timeZoneOptions(intl, helpers.timeZones());
    },
    /** Every IANA zone Node knows, for the time-zone field's suggestions. */
    timeZones(): string[] {
      zoneNames ??= Intl.supportedValuesOf('timeZone');
      return zoneNames;
    },
    /**
     * Human words for stored codes: the catalogue's `shop.code.<code>` when it has one ("pending_payment"
     * -> "Zahlung ausstehend"), else the code made readable ("pending_payment" -> "Pending payment").
     */
    label(code: unknown): string {
      const own = words[`shop.code.${String(code ?? '')}`];
      if (own) return own;
      const text = String(code ?? '')
        .replace(/[_-]+/g, ' ')
        .trim();
      return text ? text[0].toUpperCase() + text.slice(1) : '';
    },
    /** A posted card's stage at the print provider, as the buyer reads it. */
    postalStage(code: unknown): string {
      const stages: Record<string, string> = {
        accepted: t('shop.postal.accepted'),
        in_production: t('shop.postal.in_production'),
        printed: t('shop.postal.printed'),
        shipped: t('shop.postal.shipped'),
        delivered: t('shop.postal.delivered'),
        failed: t('shop.postal.failed'),
        cancelled: t('shop.postal.cancelled'),
      };
      return stages[String(code)] ?? String(code ?? '');
    },
    deliveryMethod(code: unknown): string {
      const methods: Record<string, string> = {
        ecard: t('shop.method.ecard'),
        post: t('shop.method.post'),
        print: t('shop.method.print'),
      };
      return methods[String(code)] ?? String(code ?? '');
    },
    /** Query string for links that keep the other filters: qs({occasion, style}) -> "?occasion=x". */
    qs(params: Record<string, unknown>): string {
      const search = new URLSearchParams();
      for (const [k, v] of Object.entries(params))
        if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
      const s = search.toString();
      return s ? `?${s}` : '';
    },
    firstError(errors: Record<string, string[]> | null | undefined, field: string): string {
      return errors?.[field]?.[0] ?? '';
    },
  };
  return helpers;
}

const BY_LOCALE = new Map<Locale, ViewHelpers>(SUPPORTED_LOCALES.map((l) => [l, buildHelpers(l)]));

/** The helpers of one shop language (built once per locale). */
export const helpersFor = (locale: Locale): ViewHelpers =>
  BY_LOCALE.get(locale) ?? (BY_LOCALE.get(DEFAULT_LOCALE) as ViewHelpers);

/** English helpers, for code that formats outside a request. */
export const helpers = helpersFor(DEFAULT_LOCALE);
