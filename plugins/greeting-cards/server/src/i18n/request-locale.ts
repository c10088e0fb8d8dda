// The language of one request, for code that records it (an order's e-mails go out in the language
// the shopper used) or renders in it. The shop's locale middleware puts its choice in ctx.state.gcLocale;
// without it (an API call, a route it does not cover) the URL, the shopper's remembered choice (the
// shop's language cookie, which the editor's and the shop's own API calls carry) and the browser decide.
import { isLocale, LOCALE_COOKIE, resolveLocale, type Locale } from './locales';

interface LocaleCtx {
  state?: { gcLocale?: unknown };
  query?: Record<string, unknown>;
  get?: (header: string) => string;
  cookies?: { get: (name: string) => string | undefined };
}

function rememberedLocale(ctx: LocaleCtx): string | undefined {
  try {
    return ctx.cookies?.get(LOCALE_COOKIE) ?? undefined;
  } catch {
    return undefined;
  }
}

export function requestLocale(ctx: LocaleCtx): Locale {
  const chosen = ctx.state?.gcLocale;
  if (isLocale(chosen)) return chosen;
  return resolveLocale({ query: ctx.query?.locale, remembered: rememberedLocale(ctx), acceptLanguage: ctx.get?.('Accept-Language') });
}

