import type { Core } from '@strapi/strapi';
import { action } from '../../../platform/http/respond';
import { requireUser } from '../../../platform/http/auth';
import { authAttempt } from '../../../platform/http/auth-rate-limit';
import { requestLocale } from '../../../platform/i18n/request-locale';
import { accountView } from './account-view';
import { updateAccount } from './update-account';

/** Key of the sign-in counters for password-checked changes of one account. */
export const changeAttemptKey = (userId: number) => `account-change:${userId}`;

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  show: action(strapi, async (ctx) => {
    const user = await requireUser(strapi, ctx);
    return accountView(strapi, user, requestLocale(strapi, ctx));
  }),

  update: action(strapi, async (ctx) => {
    const user = await requireUser(strapi, ctx);
    const locale = requestLocale(strapi, ctx);
    const change = await updateAccount(strapi, user, ctx.request.body, {
      locale,
      source: 'api',
      attempt: () => authAttempt(strapi, ctx, changeAttemptKey(user.id)),
    });
    const view = await accountView(strapi, user, locale);
    return change.jwt ? { ...view, jwt: change.jwt } : view;
  }),
});
