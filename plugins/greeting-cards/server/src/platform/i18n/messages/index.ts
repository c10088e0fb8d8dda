// The message catalogues, one module per area and language. English is the reference: each other
// language's module is typed as a complete copy of its keys, so a missing key fails the build (and
// tests/unit/i18n-catalogues.test.ts names it).
import type { Locale } from '../locales';
import { en } from './en';
import { de } from './de';

export type MessageKey = keyof typeof en;
export type Messages = Record<string, string>;

const CATALOGUES: Record<Locale, Messages> = { en, de };

export const catalogueFor = (locale: Locale): Messages => CATALOGUES[locale];

/** The messages whose keys start with `prefix` (the editor's, for its page), in one locale. */
export function messagesWithPrefix(locale: Locale, prefix: string): Messages {
  const out: Messages = {};
  for (const [key, text] of Object.entries(CATALOGUES.en))
    if (key.startsWith(prefix)) out[key] = CATALOGUES[locale][key] ?? text;
  return out;
}
