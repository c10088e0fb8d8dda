import { DEFAULT_LOCALE, intlLocale, type Locale } from '../i18n/locales';
import { translator, type Translate } from '../i18n/translate';

/**
 * The language an e-mail is written in and the shop it comes from. Each e-mail takes it from the
 * record that triggered it (an order's `locale`: the buyer's shop language when they acted);
 * without one it is English.
 */
export interface EmailLanguage {
  locale?: Locale | null;
  shopName?: string;
  /** Dates are written on this clock (the shop's, SERVICE_TIME_ZONE). */
  timeZone?: string;
}

export interface EmailText {
  locale: Locale;
  t: Translate;
  /** The shop's name for the frame's footer ('' for the catalogue's "your greeting card shop"). */
  shopName: string;
  /** "26 November 2026" / "26. November 2026". */
  date(value: Date): string;
  /** £3.50 / 3,50 £. */
  money(pence: number, currency: string): string;
}

// toLocaleDateString builds a formatter on every call (a few per cent of a 1,000-e-card send): one
// formatter per language and clock is kept; it writes the same text.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function longDate(intl: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${intl}|${timeZone}`;
  let format = dateFormats.get(key);
  if (!format) {
    if (dateFormats.size > 200) dateFormats.clear();
    format = new Intl.DateTimeFormat(intl, { day: 'numeric', month: 'long', year: 'numeric', timeZone });
    dateFormats.set(key, format);
  }
  return format;
}

export function emailText(lang: EmailLanguage = {}): EmailText {
  const locale = lang.locale ?? DEFAULT_LOCALE;
  const t = translator(locale);
  const intl = intlLocale(locale);
  return {
    locale,
    t,
    shopName: lang.shopName ?? '',
    date: (value) => longDate(intl, lang.timeZone ?? 'UTC').format(value),
    money: (pence, currency) => new Intl.NumberFormat(intl, { style: 'currency', currency }).format(pence / 100),
  };
}
