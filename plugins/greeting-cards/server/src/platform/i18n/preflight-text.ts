// A print-check issue's text in a language. The pure preflight (platform/designs/print-products/preflight.ts)
// gives each issue a message key and its values; the English message is written when the issue is made,
// and a page, the editor or an API answer for another language writes it again with localizePreflight.
import type { CardPage } from '../designs/print-products/pages';
import { DEFAULT_LOCALE, type Locale } from './locales';
import { translate, type MessageVars } from './translate';

export interface PreflightText {
  /** A 'preflight.' message key. */
  message_key: string;
  /** Its values; the page ({where}) is named from the issue's `page` in the reader's language. */
  message_vars: MessageVars;
}

const EXTRA = /^extra_(\d+)$/;

/** A page's name in `locale` ("inside left", "Innenseite links", "extra page 2"). */
export function pageName(locale: Locale, page: CardPage | string | null): string {
  if (!page) return '';
  const extra = EXTRA.exec(page);
  if (extra) return translate(locale, 'preflight.page.extra', { number: Number(extra[1]) });
  return translate(locale, `preflight.page.${page}`);
}

export function preflightMessage(locale: Locale, text: PreflightText, page: CardPage | string | null): string {
  return translate(locale, text.message_key, { ...text.message_vars, where: pageName(locale, page) });
}

/** Issues with `message` in `locale` (English issues are returned as they are). */
export function localizePreflight<T extends PreflightText & { page: CardPage | string | null; message: string }>(
  issues: T[],
  locale: Locale,
): T[] {
  if (locale === DEFAULT_LOCALE) return issues;
  return issues.map((issue) =>
    issue.message_key ? { ...issue, message: preflightMessage(locale, issue, issue.page) } : issue,
  );
}
