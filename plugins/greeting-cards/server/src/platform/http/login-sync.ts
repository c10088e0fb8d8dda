import type { Core } from '@strapi/strapi';
import { getConfig } from '../config/get-config';
import type { Ctx } from './respond';

// users-permissions answers these with { jwt, user } when someone signs in or registers. Compared
// case-insensitively, as the router matches them (/API/auth/local reaches the same handler).
const SIGN_IN_PATHS = [
  /^\/api\/auth\/local\/?$/i,
  /^\/api\/auth\/local\/register\/?$/i,
  /^\/api\/auth\/[\w-]+\/callback\/?$/i,
];

/**
 * Koa middleware that refreshes the user's is_system_user address-book entry after a successful
 * sign-in, so the entry reflects the user record from the moment they arrive. A failure is logged,
 * never turned into a failed login.
 */
export function loginSyncMiddleware(strapi: Core.Strapi) {
  return async (ctx: Ctx, next: () => Promise<unknown>) => {
    await next();
    if (!SIGN_IN_PATHS.some((re) => re.test(ctx.path))) return;
    if (ctx.status !== 200 || !getConfig(strapi).autoSyncUserRecipient) return;
    const id = Number(ctx.body?.user?.id);
    if (!Number.isInteger(id)) return;
    try {
      await strapi.plugin('greeting-cards').service('recipients').syncSystemRecipient(id);
    } catch (error) {
      strapi.log.error(
        `[greeting-cards] could not sync the address-book entry of user ${id}: ${(error as Error)?.stack ?? error}`,
      );
    }
  };
}
