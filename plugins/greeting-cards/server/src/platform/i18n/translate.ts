// Message lookup for pages and e-mails: t('shop.nav.catalogue'), t('shop.cart.count', { count: 3 }).
// Values are plain text; the views escape them like any other text. The catalogues are ICU
// MessageFormat (./icu.ts), the same syntax as the error messages (./format-message.ts).
import type { MessageKey } from './messages';
import { formatIcu, type IcuValues } from './icu';
import type { Locale } from './locales';

export type MessageVars = Record<string, string | number | null | undefined>;
export type Translate = (key: MessageKey | string, vars?: MessageVars) => string;

/** The text of `key` in `locale`, or in the default locale, or (never in a shipped build) the key itself. */
export function translate(locale: Locale, key: string, vars?: MessageVars): string {
  const values: IcuValues = {};
  // Numbers as they are ("order 12345", "{count} cards"): the shop formats money and dates itself,
  // and plural rules read the text as the number. A value left out stays a visible placeholder.
  for (const [name, value] of Object.entries(vars ?? {}))
    values[name] = value === null || value === undefined ? `{${name}}` : String(value);
  return formatIcu(locale, key, values);
}

/** A `t` bound to one locale, for a request or an e-mail. */
export const translator =
  (locale: Locale): Translate =>
  (key, vars) =>
    translate(locale, key, vars);
