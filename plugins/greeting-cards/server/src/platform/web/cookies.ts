import { SESSION_COOKIE } from '../http/auth';
import { SIGNATURE_COOKIE_PREFIX } from '../http/edit-tokens';
import { LOCALE_COOKIE } from '../i18n/locales';
import { PRE_SESSION_COOKIE } from './pre-session';

/** Where to go after signing in with another account (areas/accounts/provider-sign-in). */
export const PROVIDER_NEXT_COOKIE = 'gc_provider_next';

/**
 * Every cookie the shop sets, in one list: the privacy page shows it (areas/catalogue/legal), and a
 * unit test fails when a call that sets a cookie names a cookie that is not here. All are strictly
 * necessary (sign-in, the chosen language, form protection, a signer's own signature): no tracking.
 * `purpose` and `lifetime` are message keys (platform/i18n/messages/<locale>/legal.ts).
 */
export const SHOP_COOKIES = [
  { name: SESSION_COOKIE, purpose: 'shop.cookies.session', lifetime: 'shop.cookies.days7' },
  { name: LOCALE_COOKIE, purpose: 'shop.cookies.locale', lifetime: 'shop.cookies.year1' },
  { name: PRE_SESSION_COOKIE, purpose: 'shop.cookies.preSession', lifetime: 'shop.cookies.browserSession' },
  { name: `${SIGNATURE_COOKIE_PREFIX}<id>`, purpose: 'shop.cookies.signature', lifetime: 'shop.cookies.days90' },
  // Only while signing in with another account (areas/accounts/provider-sign-in).
  { name: PROVIDER_NEXT_COOKIE, purpose: 'shop.cookies.providerNext', lifetime: 'shop.cookies.minutes15' },
  { name: 'koa.sess', purpose: 'shop.cookies.providerSession', lifetime: 'shop.cookies.day1' },
] as const;
