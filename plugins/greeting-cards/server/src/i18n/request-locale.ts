// The language of one request, for code that records it (an order's e-mails go out in the language
// the shopper used) or renders in it. The shop's locale middleware puts its choice in ctx.state.gcLocale;
// without it (an API call, a route it does not cover) the URL and the browser decide.
import { isLocale, resolveLocale, type Locale } from './locales';

interface LocaleCtx {
  state?: { gcLocale?: unknown };
  query?: Record<string, unknown>;
  get?: (header: string) => string;
}

export function requestLocale(ctx: LocaleCtx): Locale {
  const chosen = ctx.state?.gcLocale;
  if (isLocale(chosen)) return chosen;
  return resolveLocale({ query: ctx.query?.locale, acceptLanguage: ctx.get?.('Accept-Language') });
}

