// The language of one request, for code that records it (an order's e-mails go out in the language
// the shopper used) or renders in it. A shop page has chosen it already (platform/web/locale.ts pageLocale puts
// it in ctx.state.gcLocale); otherwise (an API call) the same order applies without remembering
// anything: the shop's pinned language, the URL, the shopper's remembered choice (the shop's language
// cookie, which the editor's and the shop's own API calls carry), the browser, then English.
import type { Core } from '@strapi/strapi';
import { getConfig } from '../config/get-config';
import { isLocale, LOCALE_COOKIE, resolveLocale, type Locale } from './locales';

export interface LocaleCtx {
  state?: { gcLocale?: unknown };
  query?: Record<string, unknown>;
  get?: (header: string) => string;
  cookies?: { get: (name: string) => string | undefined };
}

/** The shopper's remembered choice; a malformed cookie header counts as none. */
export function rememberedLocale(ctx: LocaleCtx): string | undefined {
  try {
    return ctx.cookies?.get(LOCALE_COOKIE) ?? undefined;
  } catch {
    return undefined;
  }
}

export function requestLocale(strapi: Core.Strapi, ctx: LocaleCtx): Locale {
  const chosen = ctx.state?.gcLocale;
  if (isLocale(chosen)) return chosen;
  return resolveLocale({
    pinned: getConfig(strapi).shopLocale,
    query: ctx.query?.locale,
    remembered: rememberedLocale(ctx),
    acceptLanguage: ctx.get?.('Accept-Language'),
  });
}
