// The editor's messages in the page's language: the server embeds the editor.* catalogue of the
// shopper's locale in <script type="application/json" id="gc-messages"> and the Intl locale in
// #editor's data-intl-locale. Same rules as the server's translate: {name} placeholders, and a key
// with plural forms stored as key_one / key_other chosen by `count` (Intl.PluralRules). English is
// bundled as the fallback, so a page without the messages (or an older page) still reads well.
import { editor as english } from '../server/src/platform/i18n/messages/en/editor';

export type Vars = Record<string, string | number | null | undefined>;

let messages: Record<string, string> | null = null;
let locale: string | null = null;
let rules: Intl.PluralRules | null = null;

function embedded(): Record<string, string> {
  if (messages) return messages;
  messages = {};
  const el = typeof document !== 'undefined' ? document.getElementById('gc-messages') : null;
  try {
    const parsed = el?.textContent ? (JSON.parse(el.textContent) as unknown) : null;
    if (parsed && typeof parsed === 'object') messages = parsed as Record<string, string>;
  } catch {
    // A broken block falls back to English rather than leaving keys on screen.
  }
  return messages;
}

/** The Intl locale of the page (en-GB, de-DE): prices and dates are formatted in it. */
export function intlLocale(): string {
  if (locale) return locale;
  const root = typeof document !== 'undefined' ? document.getElementById('editor') : null;
  locale = root?.dataset.intlLocale || 'en-GB';
  return locale;
}

const lookup = (key: string): string | undefined => embedded()[key] ?? (english as Record<string, string>)[key];

const fill = (text: string, vars?: Vars): string =>
  vars
    ? text.replace(/\{(\w+)\}/g, (whole, name: string) =>
        vars[name] === undefined || vars[name] === null ? whole : String(vars[name]),
      )
    : text;

export function t(key: string, vars?: Vars): string {
  if (vars && typeof vars.count === 'number') {
    rules ??= new Intl.PluralRules(intlLocale());
    const plural = lookup(`${key}_${rules.select(vars.count)}`) ?? lookup(`${key}_other`);
    if (plural !== undefined) return fill(plural, vars);
  }
  const text = lookup(key);
  return text === undefined ? key : fill(text, vars);
}

/** £3.50 / 3,50 £ in the page's locale. */
export function money(pence: number, currency: string): string {
  return new Intl.NumberFormat(intlLocale(), { style: 'currency', currency }).format(pence / 100);
}
