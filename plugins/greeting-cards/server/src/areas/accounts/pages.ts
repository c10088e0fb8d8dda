import type { Ctx } from '../../platform/http/respond';
import type { Translate } from '../../platform/i18n/translate';
import type { MessageKey } from '../../platform/i18n/messages';
import { register, signIn, withAuthRateLimit } from './account';
import { sendConfirmationLink } from './email-confirmation/confirmation';
import { pageLocale } from '../../platform/web/locale';
import { authAttempt } from '../../platform/http/auth-rate-limit';
import { renderPage } from '../../platform/web/render';
import { DEFAULT_AFTER_LOGIN } from '../../platform/web/safe-next';
import { clearSessionCookie, setSessionCookie } from '../../platform/web/session';
import { ensurePreSession } from '../../platform/web/pre-session';
import { useSavedLocale } from './settings/saved-locale';
import { shopProviders } from './provider-sign-in/providers';
import {
  anonymousFormRoute,
  publicRoute,
  redirect,
  safeNextOf,
  shopUrl,
  type WebContext,
  type WebRouteDef,
} from '../../platform/web/web-route';

// /login/, /register/, /logout/. Forms post to the same URL; errors re-render the form (400).

type Body = Record<string, unknown>;
const bodyOf = (ctx: Ctx): Body => (ctx.request.body && typeof ctx.request.body === 'object' ? ctx.request.body : {});
const tryAgain = (t: Translate) => ({ non_field_errors: [t('shop.account.formExpired')] });
const tooManyIn = (t: Translate) => ({ non_field_errors: [t('shop.account.tooMany')] });

/** The sign-in and registration pages, with the host's sign-in providers' buttons (provider-sign-in/). */
async function authPage(ctx: Ctx, view: string, data: Record<string, unknown>, status?: number): Promise<void> {
  renderPage(ctx, view, { ...data, providers: await shopProviders(ctx.state.gcStrapi) }, status);
}

/** A post without its page's pre-session token (another site's form, an expired page): a fresh form. */
function refusedForm(view: 'login' | 'register', title: MessageKey) {
  return async ({ ctx, t }: WebContext) => {
    ensurePreSession(ctx, { fresh: true });
    await authPage(
      ctx,
      view,
      { title: t(title), next: safeNextOf(ctx, bodyOf(ctx).next), values: {}, errors: tryAgain(t) },
      403,
    );
  };
}

async function authForm(web: WebContext, view: 'login' | 'register', title: MessageKey) {
  const { ctx, user, t } = web;
  const next = safeNextOf(ctx, ctx.query.next);
  if (user) return redirect(ctx, next, 302);
  ensurePreSession(ctx);
  const toast = ctx.query.signed_out
    ? { kind: 'info' as const, text: t('shop.account.signedOut') }
    : ctx.query.confirmed
      ? { kind: 'info' as const, text: t('shop.confirm.confirmed') }
      : null;
  await authPage(ctx, view, { title: t(title), next, values: {}, errors: null, toast });
}

export const accountRoutes: WebRouteDef[] = [
  publicRoute('GET', '/login/', (web) => authForm(web, 'login', 'shop.login.title')),
  publicRoute('GET', '/register/', (web) => authForm(web, 'register', 'shop.register.title')),

  anonymousFormRoute(
    '/login/',
    async ({ ctx, strapi, t }) => {
      ensurePreSession(ctx);
      const body = bodyOf(ctx);
      const next = safeNextOf(ctx, body.next);
      const values = { identifier: body.identifier };
      // Counted per identifier and per IP (SERVICE_RATE_LIMIT_AUTH_*), with /api/auth/local's counters.
      if (!(await authAttempt(strapi, ctx, body.identifier)).ok)
        return authPage(ctx, 'login', { title: t('shop.login.title'), next, values, errors: tooManyIn(t) }, 429);
      const limited = await withAuthRateLimit(strapi, ctx, async () => {
        const outcome = await signIn(strapi, body, t);
        if (!outcome.ok)
          return authPage(
            ctx,
            'login',
            { title: t('shop.login.title'), next, values, errors: outcome.errors, unconfirmed: outcome.unconfirmed },
            400,
          );
        setSessionCookie(ctx, outcome.jwt!);
        await useSavedLocale(strapi, ctx, Number(outcome.user.id));
        redirect(ctx, next);
      });
      if (limited === 'limited')
        await authPage(ctx, 'login', { title: t('shop.login.title'), next, values, errors: tooManyIn(t) }, 429);
    },
    refusedForm('login', 'shop.login.title'),
  ),

  anonymousFormRoute(
    '/register/',
    async ({ ctx, strapi, t }) => {
      ensurePreSession(ctx);
      const body = bodyOf(ctx);
      const next = safeNextOf(ctx, body.next);
      const values = { email: body.email, username: body.username };
      if (!(await authAttempt(strapi, ctx, body.email)).ok)
        return authPage(ctx, 'register', { title: t('shop.register.title'), next, values, errors: tooManyIn(t) }, 429);
      const limited = await withAuthRateLimit(strapi, ctx, async () => {
        const locale = pageLocale(strapi, ctx);
        const outcome = await register(strapi, body, t, (user) => sendConfirmationLink(strapi, user, locale));
        if (!outcome.ok)
          return authPage(
            ctx,
            'register',
            { title: t('shop.register.title'), next, values, errors: outcome.errors },
            400,
          );
        if (outcome.needsConfirmation) {
          return renderPage(ctx, 'check-email', { title: t('shop.checkEmail.title'), email: outcome.user.email });
        }
        setSessionCookie(ctx, outcome.jwt!);
        redirect(ctx, next === shopUrl(ctx, DEFAULT_AFTER_LOGIN) ? shopUrl(ctx, '/catalogue/?welcome=1') : next);
      });
      if (limited === 'limited')
        await authPage(ctx, 'register', { title: t('shop.register.title'), next, values, errors: tooManyIn(t) }, 429);
    },
    refusedForm('register', 'shop.register.title'),
  ),

  // POST only: a GET that signs out could be triggered by any page embedding an image.
  publicRoute('POST', '/logout/', async ({ ctx }) => {
    clearSessionCookie(ctx);
    redirect(ctx, shopUrl(ctx, '/login/?signed_out=1'));
  }),
];
