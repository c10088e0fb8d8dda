// The language of a storefront request, chosen once per request (i18n/locales.ts resolveLocale): the
// shop's pinned setting, then `?locale=` (remembered in a cookie so the next page keeps it), then that
// cookie, then Accept-Language, then English. Pages set <html lang>, Content-Language and Vary from it.
import type { Core } from '@strapi/strapi';
import type { Ctx } from '../http/respond';
import { getConfig } from '../config/get-config';
import { LOCALE_COOKIE, normaliseLocale, resolveLocale, type Locale } from '../i18n/locales';

export { LOCALE_COOKIE };
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** The request's locale (cached on ctx.state.gcLocale); remembers a valid `?locale=` in a cookie. */
export function requestLocale(strapi: Core.Strapi, ctx: Ctx): Locale {
  const known = ctx.state.gcLocale as Locale | undefined;
  if (known) return known;
  const pinned = getConfig(strapi).shopLocale;
  const chosen = normaliseLocale(ctx.query?.locale);
  let remembered: string | undefined;
  try {
    remembered = ctx.cookies.get(LOCALE_COOKIE) ?? undefined;
  } catch {
    remembered = undefined;
  }
  if (!pinned && chosen && chosen !== normaliseLocale(remembered)) {
    ctx.cookies.set(LOCALE_COOKIE, chosen, { httpOnly: true, sameSite: 'lax', path: '/', secure: Boolean(ctx.secure), signed: false, maxAge: ONE_YEAR_MS, overwrite: true });
  }
  const locale = resolveLocale({ pinned, query: ctx.query?.locale, remembered, acceptLanguage: ctx.get('Accept-Language') });
  ctx.state.gcLocale = locale;
  return locale;
}

/** Headers of a page in `locale`: its language, and (unless pinned) what it was chosen by. */
export function markLocale(strapi: Core.Strapi, ctx: Ctx, locale: Locale): void {
  ctx.set('Content-Language', locale);
  if (!getConfig(strapi).shopLocale) ctx.vary('Accept-Language, Cookie');
}
