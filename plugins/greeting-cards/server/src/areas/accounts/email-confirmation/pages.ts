import type { Core } from '@strapi/strapi';
import type { Ctx } from '../../../platform/http/respond';
import { authAttempt } from '../../../platform/http/auth-rate-limit';
import { renderPage } from '../../../platform/web/render';
import { setSessionCookie } from '../../../platform/web/session';
import { ensurePreSession } from '../../../platform/web/pre-session';
import { pageLocale } from '../../../platform/web/locale';
import {
  anonymousFormRoute,
  publicRoute,
  redirect,
  safeNextOf,
  shopUrl,
  type WebRouteDef,
} from '../../../platform/web/web-route';
import { confirmEmail, resendConfirmationLink } from './confirmation';

// /confirm-email/?confirmation=... confirms the account and signs it in; /confirm-email/resend/ is the
// "send the link again" the sign-in page offers an unconfirmed shopper. The resend answers the same
// for every identifier and counts against the sign-in limits.

const bodyOf = (ctx: Ctx): Record<string, unknown> =>
  ctx.request.body && typeof ctx.request.body === 'object' ? ctx.request.body : {};
const str = (v: unknown) => (typeof v === 'string' ? v : '');

const issueJwt = async (strapi: Core.Strapi, id: unknown): Promise<string> =>
  String(await strapi.plugin('users-permissions').service('jwt').issue({ id }));

export const emailConfirmationRoutes: WebRouteDef[] = [
  publicRoute('GET', '/confirm-email/', async ({ ctx, strapi, t }) => {
    ctx.set('Referrer-Policy', 'no-referrer');
    const user = await confirmEmail(strapi, str(ctx.query.confirmation));
    if (!user) {
      return renderPage(
        ctx,
        'error',
        { title: t('shop.confirm.usedTitle'), heading: t('shop.confirm.usedTitle'), message: t('shop.confirm.used') },
        410,
      );
    }
    setSessionCookie(ctx, await issueJwt(strapi, user.id));
    redirect(ctx, shopUrl(ctx, '/catalogue/?welcome=1'), 302);
  }),

  anonymousFormRoute(
    '/confirm-email/resend/',
    async ({ ctx, strapi, t }) => {
      ensurePreSession(ctx);
      const identifier = str(bodyOf(ctx).identifier).trim();
      const page = { title: t('shop.confirm.resentTitle'), resent: true, email: '' };
      if (!(await authAttempt(strapi, ctx, identifier)).ok) {
        return renderPage(
          ctx,
          'check-email',
          { ...page, title: t('shop.confirm.waitTitle'), resent: false, tooMany: true },
          429,
        );
      }
      const locale = pageLocale(strapi, ctx);
      setImmediate(() => {
        resendConfirmationLink(strapi, identifier, locale).catch((error: Error) =>
          strapi.log.error(`[greeting-cards] confirmation e-mail not sent: ${error?.message}`),
        );
      });
      renderPage(ctx, 'check-email', page);
    },
    // Without the page's pre-session token (an expired page, another site's form): the sign-in form again, 403.
    ({ ctx, t }) => {
      ensurePreSession(ctx, { fresh: true });
      renderPage(
        ctx,
        'login',
        {
          title: t('shop.login.title'),
          next: safeNextOf(ctx, undefined),
          values: {},
          errors: { non_field_errors: [t('shop.account.formExpired')] },
        },
        403,
      );
    },
  ),
];
