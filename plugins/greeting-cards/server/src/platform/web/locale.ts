// The language of a storefront page, chosen once per request (platform/i18n/request-locale.ts): the shop's
// pinned setting, then `?locale=` (remembered in a cookie so the next page keeps it), then that
// cookie, then Accept-Language, then English. Pages set <html lang>, Content-Language and Vary from it.
import type { Core } from '@strapi/strapi';
import type { Ctx } from '../http/respond';
import { getConfig } from '../config/get-config';
import { LOCALE_COOKIE, normaliseLocale, type Locale } from '../i18n/locales';
import { rememberedLocale, requestLocale } from '../i18n/request-locale';

export { LOCALE_COOKIE };
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** The page's locale (cached on ctx.state.gcLocale); remembers a valid `?locale=` in a cookie. */
export function pageLocale(strapi: Core.Strapi, ctx: Ctx): Locale {
  const known = ctx.state.gcLocale as Locale | undefined;
  if (known) return known;
  const chosen = normaliseLocale(ctx.query?.locale);
  if (chosen) rememberLocale(strapi, ctx, chosen);
  const locale = requestLocale(strapi, ctx);
  ctx.state.gcLocale = locale;
  return locale;
}

/**
 * Remembers `locale` as this browser's choice (the cookie the shop reads after `?locale=`), unless the
 * shop pins one language: a `?locale=` link, or the language a shopper saved on their account page
 * (kept at sign-in and on saving, areas/accounts).
 */
export function rememberLocale(strapi: Core.Strapi, ctx: Ctx, locale: Locale): void {
  if (getConfig(strapi).shopLocale || locale === normaliseLocale(rememberedLocale(ctx))) return;
  ctx.cookies.set(LOCALE_COOKIE, locale, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: Boolean(ctx.secure),
    signed: false,
    maxAge: ONE_YEAR_MS,
    overwrite: true,
  });
}

/** Headers of a page in `locale`: its language, and (unless pinned) what it was chosen by. */
export function markLocale(strapi: Core.Strapi, ctx: Ctx, locale: Locale): void {
  ctx.set('Content-Language', locale);
  if (!getConfig(strapi).shopLocale) ctx.vary('Accept-Language, Cookie');
}
