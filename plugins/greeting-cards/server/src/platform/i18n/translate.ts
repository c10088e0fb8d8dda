// Message lookup: t('shop.nav.catalogue'), t('shop.cart.items', { count: 3 }).
// Values are plain text with {name} placeholders; the views escape them like any other text.
// A key with plural forms is stored as 'key_one' / 'key_other' (CLDR categories by Intl.PluralRules),
// chosen by `count`.
import { catalogueFor, type MessageKey } from './messages';
import { DEFAULT_LOCALE, intlLocale, type Locale } from './locales';

export type MessageVars = Record<string, string | number | null | undefined>;
export type Translate = (key: MessageKey | string, vars?: MessageVars) => string;

const pluralRules = new Map<Locale, Intl.PluralRules>();
const rulesFor = (locale: Locale): Intl.PluralRules => {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(intlLocale(locale))));
  return rules;
};

const fill = (text: string, vars?: MessageVars): string =>
  vars
    ? text.replace(/\{(\w+)\}/g, (whole, name: string) =>
        vars[name] === undefined || vars[name] === null ? whole : String(vars[name]),
      )
    : text;

/** The text of `key` in `locale`, or in the default locale, or (never in a shipped build) the key itself. */
export function translate(locale: Locale, key: string, vars?: MessageVars): string {
  const own = catalogueFor(locale);
  const fallback = catalogueFor(DEFAULT_LOCALE);
  if (vars && typeof vars.count === 'number') {
    const form = `${key}_${rulesFor(locale).select(vars.count)}`;
    const plural = own[form] ?? fallback[form] ?? own[`${key}_other`] ?? fallback[`${key}_other`];
    if (plural !== undefined) return fill(plural, vars);
  }
  const text = own[key] ?? fallback[key];
  return text === undefined ? key : fill(text, vars);
}

/** A `t` bound to one locale, for a request or an e-mail. */
export const translator =
  (locale: Locale): Translate =>
  (key, vars) =>
    translate(locale, key, vars);
