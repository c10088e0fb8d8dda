// The language of an e-mail written about a stored record (an order, a reminder, a group card, an
// address link). One rule for all of them: the language the record was made in, else the shop's
// pinned language (records from before languages were recorded, or mail with no shopper behind it,
// such as the operator's), else the default language.
import { DEFAULT_LOCALE, normaliseLocale, type Locale } from './locales';

export function recordLocale(stored: unknown, pinned: string | null | undefined): Locale {
  return normaliseLocale(stored) ?? normaliseLocale(pinned) ?? DEFAULT_LOCALE;
}
