import type { Core } from '@strapi/strapi';
import type { Ctx } from '../../../platform/http/respond';
import type { Translate } from '../../../platform/i18n/translate';
import { authAttempt } from '../../../platform/http/auth-rate-limit';
import { renderPage } from '../../../platform/web/render';
import { DEFAULT_AFTER_LOGIN } from '../../../platform/web/safe-next';
import { setSessionCookie } from '../../../platform/web/session';
import { ensurePreSession } from '../../../platform/web/pre-session';
import { pageLocale } from '../../../platform/web/locale';
import { anonymousFormRoute, publicRoute, redirect, shopUrl, type WebRouteDef } from '../../../platform/web/web-route';
import { codeState, resetPassword, sendResetLink } from './password-reset';

// /forgot-password/ and /reset-password/?code=... The first answers the same for every address, at
// once: the look-up and the e-mail happen after the answer. Both count against the sign-in limits
// (per address and per IP; the reset form per IP, its code names no account).

type Body = Record<string, unknown>;
const bodyOf = (ctx: Ctx): Body => (ctx.request.body && typeof ctx.request.body === 'object' ? ctx.request.body : {});
const str = (v: unknown) => (typeof v === 'string' ? v : '');

const issueJwt = async (strapi: Core.Strapi, id: unknown): Promise<string> =>
  String(await strapi.plugin('users-permissions').service('jwt').issue({ id }));

function forgotForm(ctx: Ctx, t: Translate, values: Body, errors: Record<string, string[]> | null, status = 200) {
  renderPage(ctx, 'forgot-password', { title: t('shop.reset.forgotTitle'), values, errors, sent: false }, status);
}

/** The page of a link that no longer works: says which way, and offers a new one. */
function linkProblem(ctx: Ctx, t: Translate, state: 'expired' | 'used') {
  renderPage(
    ctx,
    'reset-password',
    {
      title: state === 'expired' ? t('shop.reset.expiredTitle') : t('shop.reset.usedTitle'),
      problem: state === 'expired' ? t('shop.reset.expired') : t('shop.reset.used'),
      code: '',
      errors: null,
    },
    410,
  );
}

function passwordErrors(t: Translate, password: string): Record<string, string[]> | null {
  if (password.length < 8) return { password: [t('shop.account.passwordShort')] };
  if (Buffer.byteLength(password) > 72) return { password: [t('shop.account.passwordLong')] };
  return null;
}

/** The reset link's code stays out of the Referer of anything the page loads. */
const noReferrer = (ctx: Ctx) => ctx.set('Referrer-Policy', 'no-referrer');

export const passwordResetRoutes: WebRouteDef[] = [
  publicRoute('GET', '/forgot-password/', async ({ ctx, t }) => {
    ensurePreSession(ctx);
    forgotForm(ctx, t, { email: str(ctx.query.email).slice(0, 254) }, null);
  }),

  anonymousFormRoute(
    '/forgot-password/',
    async ({ ctx, strapi, t }) => {
      ensurePreSession(ctx);
      const email = str(bodyOf(ctx).email).trim();
      if (!email || email.length > 254 || !email.includes('@'))
        return forgotForm(ctx, t, { email }, { email: [t('shop.account.validEmail')] }, 400);
      if (!(await authAttempt(strapi, ctx, email)).ok)
        return forgotForm(ctx, t, { email }, { non_field_errors: [t('shop.account.tooMany')] }, 429);
      const locale = pageLocale(strapi, ctx);
      // Off the response path: a known address answers exactly as fast as an unknown one.
      setImmediate(() => {
        sendResetLink(strapi, email, locale).catch((error: Error) =>
          strapi.log.error(`[greeting-cards] password-reset e-mail not sent: ${error?.message}`),
        );
      });
      renderPage(ctx, 'forgot-password', {
        title: t('shop.reset.sentTitle'),
        values: { email },
        errors: null,
        sent: true,
      });
    },
    ({ ctx, t }) => {
      ensurePreSession(ctx, { fresh: true });
      forgotForm(ctx, t, {}, { non_field_errors: [t('shop.account.formExpired')] }, 403);
    },
  ),

  publicRoute('GET', '/reset-password/', async ({ ctx, strapi, t }) => {
    noReferrer(ctx);
    const code = str(ctx.query.code);
    const checked = await codeState(strapi, code);
    if (checked.state !== 'valid') return linkProblem(ctx, t, checked.state);
    ensurePreSession(ctx);
    renderPage(ctx, 'reset-password', { title: t('shop.reset.title'), code, problem: '', errors: null });
  }),

  anonymousFormRoute(
    '/reset-password/',
    async ({ ctx, strapi, t }) => {
      noReferrer(ctx);
      ensurePreSession(ctx);
      const body = bodyOf(ctx);
      const code = str(body.code);
      const password = str(body.password);
      const form = (errors: Record<string, string[]>, status: number) =>
        renderPage(ctx, 'reset-password', { title: t('shop.reset.title'), code, problem: '', errors }, status);
      if (!(await authAttempt(strapi, ctx, null)).ok)
        return form({ non_field_errors: [t('shop.account.tooMany')] }, 429);
      const invalid = passwordErrors(t, password);
      if (invalid) {
        const checked = await codeState(strapi, code);
        if (checked.state !== 'valid') return linkProblem(ctx, t, checked.state);
        return form(invalid, 400);
      }
      const outcome = await resetPassword(strapi, code, password);
      if (!outcome.ok) return linkProblem(ctx, t, outcome.state);
      setSessionCookie(ctx, await issueJwt(strapi, outcome.user.id));
      redirect(ctx, shopUrl(ctx, `${DEFAULT_AFTER_LOGIN}?password_reset=1`));
    },
    // Without the page's pre-session token (an expired page, another site's form): the form again.
    async ({ ctx, t }) => {
      noReferrer(ctx);
      ensurePreSession(ctx, { fresh: true });
      // 403 whatever the code's state: a refused post learns nothing about the code.
      const code = str(bodyOf(ctx).code);
      renderPage(
        ctx,
        'reset-password',
        {
          title: t('shop.reset.title'),
          code,
          problem: '',
          errors: { non_field_errors: [t('shop.account.formExpired')] },
        },
        403,
      );
    },
  ),
];
