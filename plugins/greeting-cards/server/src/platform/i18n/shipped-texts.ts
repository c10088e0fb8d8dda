// Texts the shop ships as defaults that an operator may replace (the tagline and footer settings, the
// sample plan's description). While a text is still the shipped English one, it is shown in the
// shopper's language; an operator's own text is theirs and is shown as written.
import { en } from './messages/en';
import type { Translate } from './translate';

const SHIPPED = ['shop.default.tagline', 'shop.default.footer', 'shop.default.planPremium'] as const;

/** `text` in the shopper's language when it is one of the shipped defaults; otherwise unchanged. */
export function shippedText(text: string, t: Translate): string {
  const key = SHIPPED.find((k) => en[k] === text);
  return key ? t(key) : text;
}
