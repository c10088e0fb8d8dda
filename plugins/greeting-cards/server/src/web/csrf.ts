import crypto from 'crypto';
import type { Core } from '@strapi/strapi';
import { SESSION_COOKIE } from '../http/auth';

// CSRF tokens bound to the session: an HMAC of the session cookie's value, so they need no storage.
// Minimal version for the editor (token for pages, a check for the editor's own form routes); the
// storefront's module of the same name replaces it on merge and checks every cookie-authenticated
// write, on web pages and /api routes alike.
export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_FIELD = '_csrf';

function secret(strapi: Core.Strapi): string {
  const keys = strapi.config.get('server.app.keys') as string[] | undefined;
  return `gc-csrf:${(keys ?? []).join(',') || 'development-only'}`;
}

export function csrfTokenFor(strapi: Core.Strapi, session: string): string {
  return crypto.createHmac('sha256', secret(strapi)).update(session).digest('hex');
}

/** The token for this request's session ('' for anonymous visitors). */
export function csrfToken(strapi: Core.Strapi, ctx: any): string {
  const session = ctx.cookies?.get(SESSION_COOKIE);
  return session ? csrfTokenFor(strapi, session) : '';
}

/** True when a cookie-authenticated write carries the right token (bearer requests need none). */
export function csrfOk(strapi: Core.Strapi, ctx: any): boolean {
  if (['GET', 'HEAD', 'OPTIONS'].includes(ctx.method)) return true;
  if (ctx.request.header?.authorization) return true;
  const session = ctx.cookies?.get(SESSION_COOKIE);
  if (!session) return true;
  const sent = String(ctx.request.header?.[CSRF_HEADER] ?? ctx.request.body?.[CSRF_FIELD] ?? '');
  const expected = csrfTokenFor(strapi, session);
  return sent.length === expected.length && crypto.timingSafeEqual(Buffer.from(sent), Buffer.from(expected));
}
