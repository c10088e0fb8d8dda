// The editor's language: its pages' `t`, and the messages its browser code needs, embedded in the
// page as JSON (#gc-messages) so the bundle stays one file for every language (editor/i18n.ts reads them).
import type { Core } from '@strapi/strapi';
import type { Ctx } from '../../../platform/http/respond';
import { intlLocale, type Locale } from '../../../platform/i18n/locales';
import { messagesWithPrefix } from '../../../platform/i18n/messages';
import { requestLocale } from '../../../platform/i18n/request-locale';
import { translator, type Translate } from '../../../platform/i18n/translate';

export interface EditorLanguage {
  locale: Locale;
  t: Translate;
  /** The Intl locale prices and dates are formatted in, for the page's data attribute. */
  intlLocale: string;
  /** The editor.* messages as JSON safe inside a <script> element (no '<' to end it early). */
  messagesJson: string;
}

export function editorLanguage(ctx: Ctx): EditorLanguage {
  const locale = requestLocale(ctx.state.gcStrapi as Core.Strapi, ctx);
  return {
    locale,
    t: translator(locale),
    intlLocale: intlLocale(locale),
    messagesJson: JSON.stringify(messagesWithPrefix(locale, 'editor.')).replace(/</g, '\\u003c'),
  };
}
