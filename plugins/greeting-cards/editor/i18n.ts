// The editor's messages in the page's language: the server embeds the editor.* catalogue of the
// shopper's locale in <script type="application/json" id="gc-messages"> and the Intl locale in
// #editor's data-intl-locale. The messages are ICU MessageFormat, as on the server
// (server/src/platform/i18n/icu.ts), formatted by intl-messageformat, the library under the server's
// @formatjs/intl. English is bundled as the fallback, so a page without the messages (or an older
// page) still reads well.
import { IntlMessageFormat } from 'intl-messageformat';
import { editor as english } from '../server/src/platform/i18n/messages/en/editor';

export type Vars = Record<string, string | number | null | undefined>;

let messages: Record<string, string> | null = null;
let locale: string | null = null;
const formats = new Map<string, IntlMessageFormat | null>();

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

function formatOf(key: string, text: string): IntlMessageFormat | null {
  let format = formats.get(key);
  if (format === undefined) {
    try {
      format = new IntlMessageFormat(text, intlLocale(), undefined, { ignoreTag: true });
    } catch {
      format = null; // A message that does not parse is shown as it is rather than breaking the editor.
    }
    formats.set(key, format);
  }
  return format;
}

/** The message `key` with `vars` filled in (numbers as they are, as on the server). */
export function t(key: string, vars?: Vars): string {
  const text = lookup(key);
  if (text === undefined) return key;
  const format = formatOf(key, text);
  if (!format) return text;
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(vars ?? {}))
    values[name] = value === null || value === undefined ? `{${name}}` : String(value);
  try {
    return String(format.format(values));
  } catch {
    return text; // A value left out: the message as it is, as the server does.
  }
}

/** £3.50 / 3,50 £ in the page's locale. */
export function money(pence: number, currency: string): string {
  return new Intl.NumberFormat(intlLocale(), { style: 'currency', currency }).format(pence / 100);
}
