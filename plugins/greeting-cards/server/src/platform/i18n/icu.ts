// One message syntax for everything the server writes: ICU MessageFormat, formatted by @formatjs/intl
// (the admin's react-intl uses the same library and syntax). Plurals are one message,
// '{count, plural, one {{count} card} other {{count} cards}}', chosen by CLDR's rules for the language.
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { catalogueFor } from './messages';
import { DEFAULT_LOCALE, intlLocale, type Locale } from './locales';

/** Values of a message: text or numbers. */
export type IcuValues = Record<string, string | number>;

const cache = createIntlCache();
const intls = new Map<Locale, IntlShape<string>>();

function intlFor(locale: Locale): IntlShape<string> {
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl(
      {
        locale: intlLocale(locale),
        defaultLocale: intlLocale(DEFAULT_LOCALE),
        messages: catalogueFor(locale),
        // Catalogues are complete and parse (tests/unit/i18n-catalogues.test.ts); a bad value must not
        // throw where a page or an error is written, and English is the fallback for a missing key.
        onError: () => undefined,
      },
      cache,
    );
    intls.set(locale, intl);
  }
  return intl;
}

/**
 * The text of `id` in `locale` (or English), values filled in; an unknown id comes back as the id.
 * A number value is written in the language's digits ("5,000", "5.000"); pass text to keep it as it
 * is. Tags are not markup ("Bearer <token>" is text).
 */
export function formatIcu(locale: Locale, id: string, values?: IcuValues): string {
  const english = catalogueFor(DEFAULT_LOCALE)[id];
  if (english === undefined && catalogueFor(locale)[id] === undefined) return id;
  // Always with values: without them formatjs skips the parser and would keep '' and '{...}' quotes.
  return intlFor(locale).formatMessage({ id, defaultMessage: english }, values ?? {}, { ignoreTag: true });
}
