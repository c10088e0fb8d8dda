import type { Core } from '@strapi/strapi';
import type { Ctx } from '../../platform/http/respond';
import { authAttempt } from '../../platform/http/auth-rate-limit';
import { fieldError, overLimit } from '../../platform/errors';
import { msg } from '../../platform/i18n/format-message';
import { query, type Row } from '../../platform/db/query';
import { UID } from '../../platform/uids';
import { verifyUserJwt } from '../../platform/http/jwt-verifier';
import { SESSION_COOKIE } from '../../platform/http/auth';

// Export and deletion ask again that it is the shopper (issue 42): the current password, checked by
// users-permissions' own validatePassword. Every try counts against the sign-in limits of the account
// (platform/http/auth-rate-limit.ts), so these forms are no way round them to guess a password. An
// account without a password (signed up through a provider) proves itself with a fresh sign-in instead:
// a session token issued in the last FRESH_SIGN_IN_SECONDS.

const FRESH_SIGN_IN_SECONDS = 10 * 60;

/** The password a request carries: the form's or JSON body's `password`, else the X-Current-Password header. */
export function passwordOf(ctx: Ctx): string {
  const body = ctx.request.body && typeof ctx.request.body === 'object' ? ctx.request.body : {};
  if (typeof body.password === 'string') return body.password;
  const header = ctx.get('X-Current-Password');
  return typeof header === 'string' ? header : '';
}

function tokenOf(ctx: Ctx): string {
  const header = /^Bearer\s+(.+)$/i.exec(String(ctx.request.header?.authorization ?? '').trim());
  return header ? header[1].trim() : String(ctx.cookies?.get(SESSION_COOKIE) ?? '');
}

async function signedInJustNow(strapi: Core.Strapi, ctx: Ctx): Promise<boolean> {
  try {
    const payload = (await verifyUserJwt(strapi, tokenOf(ctx))) as { iat?: number };
    return typeof payload.iat === 'number' && Date.now() / 1000 - payload.iat < FRESH_SIGN_IN_SECONDS;
  } catch {
    return false;
  }
}

/**
 * Throws unless the request proves again that it is `userId`: 400 {"password": [...]} for a missing or
 * wrong password, 429 once the account's or the address's sign-in attempts are used up.
 */
export async function requireFreshCredential(strapi: Core.Strapi, ctx: Ctx, userId: number): Promise<void> {
  const user: Row | null = await query(strapi, UID.user).findOne({
    where: { id: userId },
    select: ['id', 'email', 'password', 'provider'],
  });
  if (!user) throw fieldError('password', msg('error.account_password_wrong'));
  if (!user.password) {
    if (await signedInJustNow(strapi, ctx)) return;
    throw fieldError('password', msg('error.account_fresh_sign_in_required'));
  }
  const password = passwordOf(ctx);
  if (!password) throw fieldError('password', msg('error.account_password_required'));
  const attempt = await authAttempt(strapi, ctx, user.email);
  if (!attempt.ok) throw overLimit(msg('error.too_many_requests', { seconds: attempt.retryAfter }), attempt.retryAfter);
  const valid = await strapi.plugin('users-permissions').service('user').validatePassword(password, user.password);
  if (!valid) throw fieldError('password', msg('error.account_password_wrong'));
}
