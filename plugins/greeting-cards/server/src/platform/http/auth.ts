import type { Core } from '@strapi/strapi';
import { unauthorized } from '../errors';
import type { Ctx } from './respond';
import { userRow } from './user-rows';
import { verifyUserJwt } from './jwt-verifier';
import { msg } from '../i18n/format-message';
import { sessionStillValid } from './session-validity';

export const SESSION_COOKIE = 'gc_session';

export interface AuthUser {
  id: number;
  documentId?: string;
  username: string;
  email: string;
  [field: string]: unknown;
}

function tokenFrom(ctx: Ctx): { token: string; source: 'header' | 'cookie' } | null {
  const header: string | undefined = ctx.request.header?.authorization;
  if (header) {
    const match = /^Bearer\s+(.+)$/i.exec(header.trim());
    return match ? { token: match[1].trim(), source: 'header' } : { token: '', source: 'header' };
  }
  const cookie = ctx.cookies?.get(SESSION_COOKIE);
  return cookie ? { token: cookie, source: 'cookie' } : null;
}

/**
 * Resolves the signed-in user from a users-permissions JWT (Authorization: Bearer) or the web UI's
 * session cookie holding the same kind of JWT. Returns null for anonymous callers.
 * Throws 401 for a present but invalid credential.
 */
export async function optionalUser(strapi: Core.Strapi, ctx: Ctx): Promise<AuthUser | null> {
  if (ctx.state.gcUser !== undefined) return ctx.state.gcUser;
  const found = tokenFrom(ctx);
  if (!found) {
    ctx.state.gcUser = null;
    return null;
  }
  if (!found.token) throw unauthorized(msg('error.auth_header'));
  let payload: { id?: number | string; [claim: string]: unknown } | undefined;
  try {
    payload = await verifyUserJwt(strapi, found.token);
  } catch {
    if (found.source === 'cookie') {
      ctx.state.gcUser = null;
      return null;
    }
    throw unauthorized(msg('error.token_invalid_or_expired'));
  }
  const id = Number(payload?.id);
  if (!Number.isInteger(id)) throw unauthorized(msg('error.token_invalid_or_expired'));
  // Kept per process and dropped when the user changes (user-rows.ts says how).
  const user = (await userRow(strapi, id)) as AuthUser | null;
  if (!user || user.blocked) throw unauthorized(msg('error.user_not_found'));
  // A token from before the user's sessions were ended (a password change) counts as expired.
  if (!(await sessionStillValid(strapi, id, payload, user))) {
    if (found.source === 'cookie') {
      ctx.state.gcUser = null;
      return null;
    }
    throw unauthorized(msg('error.token_invalid_or_expired'));
  }
  ctx.state.gcUser = user;
  ctx.state.user = ctx.state.user ?? user;
  return user;
}

export async function requireUser(strapi: Core.Strapi, ctx: Ctx): Promise<AuthUser> {
  const user = await optionalUser(strapi, ctx);
  if (!user) throw unauthorized();
  return user;
}
