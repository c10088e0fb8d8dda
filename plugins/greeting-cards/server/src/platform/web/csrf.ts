import type { Core } from '@strapi/strapi';
import crypto from 'crypto';
import { SESSION_COOKIE } from '../http/auth';
import { localizedError, type Ctx } from '../http/respond';
import { msg } from '../i18n/format-message';

// CSRF protection for cookie-authenticated writes. The token is an HMAC of the session cookie value
// with a server secret, so it needs no storage and changes whenever the session does. Bearer-token
// requests are not exposed to CSRF (a browser never adds the header by itself) and are left alone.

export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_FIELD = '_csrf';
export const CSRF_FAILURE = msg('error.csrf');

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function secretOf(strapi: Core.Strapi): Buffer {
  const keys = strapi.config.get('server.app.keys') as string[] | undefined;
  const base =
    Array.isArray(keys) && keys.length
      ? keys.join(',')
      : String(strapi.config.get('plugin::users-permissions.jwtSecret') ?? '');
  // A key of its own, so a CSRF token can never double as any other signature made with the app keys.
  return crypto.createHmac('sha256', base).update('greeting-cards csrf v1').digest();
}

export function csrfTokenFor(strapi: Core.Strapi, sessionValue: string): string {
  return crypto.createHmac('sha256', secretOf(strapi)).update(sessionValue).digest('base64url');
}

/** What a pre-session's token is bound to (platform/web/pre-session.ts): its own domain, never a session's token. */
export const preSessionBinding = (value: string): string => `pre-session:${value}`;

export function isValidCsrfToken(strapi: Core.Strapi, sessionValue: string, token: unknown): boolean {
  if (typeof token !== 'string' || !token) return false;
  const expected = Buffer.from(csrfTokenFor(strapi, sessionValue));
  const given = Buffer.from(token);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** The session cookie when this request is authenticated by it (not by a bearer header). */
export function cookieSession(ctx: Ctx): string | null {
  if (ctx.request.header?.authorization) return null;
  return ctx.cookies?.get(SESSION_COOKIE) || null;
}

/**
 * The token pages print in <meta name="csrf-token"> and their forms' _csrf field: the session's; on
 * the sign-in and registration pages the pre-session's (platform/web/pre-session.ts), even beside a stale
 * session cookie; empty for other anonymous pages.
 */
export function pageCsrfToken(strapi: Core.Strapi, ctx: Ctx): string {
  if (!ctx.state.gcNewSession && ctx.state.gcPreSession)
    return csrfTokenFor(strapi, preSessionBinding(ctx.state.gcPreSession));
  const session = ctx.state.gcNewSession ?? cookieSession(ctx);
  return session ? csrfTokenFor(strapi, session) : '';
}

/**
 * Route middleware of every /api route of the plugin (platform/http/define-routes.ts). It runs on the route the
 * router picked, so it holds however the path is written (the router matches /API/recipients/ to
 * /api/recipients/), and it leaves the host's own routes alone. The API takes the token from the
 * header only: a plain cross-site <form> cannot set a header, so a form post to the API is refused.
 */
export function csrfApiMiddleware(strapi: Core.Strapi) {
  return async (ctx: Ctx, next: () => Promise<unknown>) => {
    if (!UNSAFE.has(ctx.method)) return next();
    const session = cookieSession(ctx);
    if (session && !isValidCsrfToken(strapi, session, ctx.get(CSRF_HEADER))) {
      ctx.status = 403;
      ctx.body = localizedError(strapi, ctx, { detail: CSRF_FAILURE });
      return;
    }
    return next();
  };
}

/** Factory in the shape Strapi expects of a plugin middleware. */
export function csrfMiddleware(_config: unknown, { strapi }: { strapi: Core.Strapi }) {
  return csrfApiMiddleware(strapi);
}

/**
 * For web handlers (pages and the editor's uploads), called by the route wrapper once the router has
 * picked the route and the body is parsed: true when this request carries the session's token in the
 * header (htmx, fetch) or the `_csrf` form field, or needs none.
 */
export function csrfSatisfied(strapi: Core.Strapi, ctx: Ctx): boolean {
  if (!UNSAFE.has(ctx.method)) return true;
  const session = cookieSession(ctx);
  if (!session) return true;
  if (isValidCsrfToken(strapi, session, ctx.get(CSRF_HEADER))) return true;
  return isValidCsrfToken(strapi, session, (ctx.request.body as Record<string, unknown> | undefined)?.[CSRF_FIELD]);
}
