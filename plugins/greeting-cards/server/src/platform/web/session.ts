import { SESSION_COOKIE } from '../http/auth';
import type { Ctx } from '../http/respond';

// The web session is a users-permissions JWT in an httpOnly cookie (read by platform/http/auth.ts).
// Secure follows the request: ctx.secure honours X-Forwarded-Proto when Strapi's `proxy` is on, so a
// production build on plain http://127.0.0.1 still signs in.

// Path '/' whatever the storefront's base path: the same cookie signs in the editor's calls to the API,
// which lives under its own prefix (SERVICE_API_PREFIX), not under the shop's path.
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export function setSessionCookie(ctx: Ctx, jwt: string): void {
  ctx.cookies.set(SESSION_COOKIE, jwt, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: Boolean(ctx.secure),
    signed: false,
    maxAge: WEEK_MS,
    overwrite: true,
  });
  // The page rendered by this same request must already carry the new session's CSRF token.
  ctx.state.gcNewSession = jwt;
}

export function clearSessionCookie(ctx: Ctx): void {
  ctx.cookies.set(SESSION_COOKIE, '', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: Boolean(ctx.secure),
    signed: false,
    maxAge: 0,
    overwrite: true,
  });
}
