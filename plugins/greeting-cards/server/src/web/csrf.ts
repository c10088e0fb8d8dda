import type { Core } from '@strapi/strapi';
import crypto from 'crypto';
import { SESSION_COOKIE } from '../http/auth';
import type { Ctx } from '../http/respond';

// CSRF protection for cookie-authenticated writes. The token is an HMAC of the session cookie value
// with a server secret, so it needs no storage and changes whenever the session does. Bearer-token
// requests are not exposed to CSRF (a browser never adds the header by itself) and are left alone.

export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_FIELD = '_csrf';
export const CSRF_FAILURE = 'CSRF token missing or incorrect.';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function secretOf(strapi: Core.Strapi): Buffer {
  const keys = strapi.config.get('server.app.keys') as string[] | undefined;
  const base = Array.isArray(keys) && keys.length ? keys.join(',') : String(strapi.config.get('plugin::users-permissions.jwtSecret') ?? '');
  // A key of its own, so a CSRF token can never double as any other signature made with the app keys.
  return crypto.createHmac('sha256', base).update('greeting-cards csrf v1').digest();
}

export function csrfTokenFor(strapi: Core.Strapi, sessionValue: string): string {
  return crypto.createHmac('sha256', secretOf(strapi)).update(sessionValue).digest('base64url');
}

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

/** The token pages print in <meta name="csrf-token">; empty for anonymous visitors. */
export function pageCsrfToken(strapi: Core.Strapi, ctx: Ctx): string {
  const session = ctx.state.gcNewSession ?? cookieSession(ctx);
  return session ? csrfTokenFor(strapi, session) : '';
}

const isFormPost = (ctx: Ctx) => Boolean(ctx.is?.('application/x-www-form-urlencoded', 'multipart/form-data'));

/**
 * App-wide middleware. It runs before the body is parsed, so it checks the header here; a plain form
 * post to a web page (not /api) is handed on with ctx.state.csrfFormPending and the web route wrapper
 * checks its `_csrf` field once the body is parsed (see web-route.ts).
 */
export function csrfMiddleware(strapi: Core.Strapi) {
  return async (ctx: Ctx, next: () => Promise<unknown>) => {
    if (!UNSAFE.has(ctx.method)) return next();
    const session = cookieSession(ctx);
    if (!session) return next();
    if (isValidCsrfToken(strapi, session, ctx.get(CSRF_HEADER))) {
      ctx.state.csrfVerified = true;
      return next();
    }
    if (!ctx.path.startsWith('/api/') && isFormPost(ctx)) {
      ctx.state.csrfFormPending = true;
      return next();
    }
    ctx.status = 403;
    ctx.body = { detail: CSRF_FAILURE };
  };
}

/** For web handlers: true when this request passed the CSRF check (or needs none). */
export function csrfSatisfied(strapi: Core.Strapi, ctx: Ctx): boolean {
  if (!UNSAFE.has(ctx.method) || ctx.state.csrfVerified) return true;
  const session = cookieSession(ctx);
  if (!session) return true;
  return isValidCsrfToken(strapi, session, (ctx.request.body as Record<string, unknown> | undefined)?.[CSRF_FIELD]);
}
