import type { Ctx } from '../../../platform/http/respond';
import type { MessageKey } from '../../../platform/i18n/messages';
import { restPrefixOf } from '../../../platform/mount/mount-points';
import { renderPage } from '../../../platform/web/render';
import { setSessionCookie } from '../../../platform/web/session';
import { PROVIDER_NEXT_COOKIE } from '../../../platform/web/cookies';
import {
  errorPage,
  publicRoute,
  redirect,
  safeNextOf,
  type WebContext,
  type WebRouteDef,
} from '../../../platform/web/web-route';
import { afterSignIn, issueJwt } from '../account';
import { useSavedLocale } from '../settings/saved-locale';
import { shopProvider, type ShopProvider } from './providers';
import { accountForProfile, providerProfile } from './provider-account';

// "Continue with <provider>" (issue 42 item 6), on users-permissions' own OAuth flow:
//   /sign-in-with/<provider>/?next=…   the button: notes where to go after, then users-permissions'
//                                       /api/connect/<provider> (it sends the browser to the provider
//                                       with a `state` kept in its signed session cookie);
//   /api/connect/<provider>/callback   users-permissions: checks `state` (a mismatch is refused, so
//                                       nobody can sign a browser into their own account), swaps the
//                                       code for tokens, keeps them in that session, redirects to
//   /connect/<provider>/                this page: reads the tokens from the session (once), asks the
//                                       provider who it is, picks the account (provider-account.ts)
//                                       and sets the shop's session cookie, as the password form does.
// The tokens never travel in a URL: users-permissions 5 keeps them in its session cookie.

const NEXT_MAX_AGE_MS = 15 * 60 * 1000;

const REASONS: Record<string, MessageKey> = {
  no_email: 'shop.providers.noEmail',
  unconfirmed: 'shop.providers.unconfirmed',
  closed: 'shop.providers.closed',
  blocked: 'shop.providers.blocked',
  failed: 'shop.providers.failed',
};

type Session = { grant?: { response?: Record<string, unknown> } | null } | null | undefined;

/** The tokens users-permissions left in its session for this browser, taken so they serve once. */
function takeGrantResponse(ctx: Ctx): Record<string, unknown> | null {
  const session = (ctx as unknown as { session?: Session }).session;
  const response = session?.grant?.response;
  if (session?.grant) session.grant = null;
  return response && typeof response === 'object' ? response : null;
}

function failed(web: WebContext, provider: ShopProvider, reason: string, status = 400) {
  renderPage(
    web.ctx,
    'provider-failed',
    {
      title: web.t('shop.providers.failedTitle'),
      message: web.t(REASONS[reason] ?? REASONS.failed, { provider: provider.label }),
    },
    status,
  );
}

const notFound = (web: WebContext) =>
  errorPage(web.ctx, 404, web.t('shop.error.notFoundTitle'), web.t('shop.error.notFound'));

function takeNext(ctx: Ctx): string {
  const next = safeNextOf(ctx, ctx.cookies.get(PROVIDER_NEXT_COOKIE));
  ctx.cookies.set(PROVIDER_NEXT_COOKIE, '', { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 0, overwrite: true });
  return next;
}

export const providerSignInRoutes: WebRouteDef[] = [
  publicRoute('GET', '/sign-in-with/:provider/', async (web) => {
    const { ctx, strapi } = web;
    const provider = await shopProvider(strapi, String(ctx.params.provider ?? ''));
    if (!provider) return notFound(web);
    ctx.cookies.set(PROVIDER_NEXT_COOKIE, safeNextOf(ctx, ctx.query.next), {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: Boolean(ctx.secure),
      maxAge: NEXT_MAX_AGE_MS,
      overwrite: true,
    });
    redirect(ctx, `${restPrefixOf(strapi)}/connect/${provider.name}`, 302);
  }),

  publicRoute('GET', '/connect/:provider/', async (web) => {
    const { ctx, strapi } = web;
    ctx.set('Referrer-Policy', 'no-referrer');
    const provider = await shopProvider(strapi, String(ctx.params.provider ?? ''));
    if (!provider) return notFound(web);
    const grantResponse = takeGrantResponse(ctx);
    // users-permissions redirects here with ?error=… when the provider refused or `state` did not match.
    if (ctx.query.error || !grantResponse) return failed(web, provider, 'failed');
    let profile: Record<string, unknown>;
    try {
      profile = await providerProfile(strapi, provider.name, grantResponse);
    } catch (error) {
      strapi.log.warn(`[greeting-cards] ${provider.name} sign-in: ${(error as Error)?.message}`);
      return failed(web, provider, 'no_email');
    }
    const outcome = await accountForProfile(strapi, provider.name, profile);
    if (!outcome.ok) return failed(web, provider, outcome.reason, outcome.reason === 'blocked' ? 403 : 400);
    const userId = Number(outcome.user.id);
    await afterSignIn(strapi, userId);
    setSessionCookie(ctx, await issueJwt(strapi, userId));
    await useSavedLocale(strapi, ctx, userId);
    redirect(ctx, takeNext(ctx), 303);
  }),
];
