import type { Core } from '@strapi/strapi';
import crypto from 'crypto';
import type { Ctx } from '../http/respond';
import { CSRF_FIELD, CSRF_HEADER, isValidCsrfToken, preSessionBinding } from './csrf';

// Login CSRF: before anyone is signed in there is no session to bind a token to, so another site
// could post our sign-in form with its own account's credentials and sign the visitor's browser into
// that account. The sign-in and registration pages set a random pre-session cookie (httpOnly,
// SameSite=Lax) and their forms carry a token bound to it; another site can neither read the token
// nor set the cookie, so its post arrives without a matching pair and is refused.

export const PRE_SESSION_COOKIE = 'gc_presession';
const VALUE = /^[A-Za-z0-9_-]{32,64}$/;

function readCookie(ctx: Ctx): string | null {
  const value = ctx.cookies?.get(PRE_SESSION_COOKIE);
  return value && VALUE.test(value) ? value : null;
}

function setCookie(ctx: Ctx, value: string): void {
  ctx.cookies.set(PRE_SESSION_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: Boolean(ctx.secure),
    signed: false,
    overwrite: true,
  });
}

/**
 * Makes sure this browser has a pre-session (a new one when `fresh`, after a refusal) and marks the
 * page being rendered to carry its token (pageCsrfToken in csrf.ts).
 */
export function ensurePreSession(ctx: Ctx, options: { fresh?: boolean } = {}): void {
  let value = options.fresh ? null : readCookie(ctx);
  if (!value) {
    value = crypto.randomBytes(32).toString('base64url');
    setCookie(ctx, value);
  }
  ctx.state.gcPreSession = value;
}

/** True when the post carries the token of this browser's pre-session (form field or header). */
export function preSessionSatisfied(strapi: Core.Strapi, ctx: Ctx): boolean {
  const value = readCookie(ctx);
  if (!value) return false;
  const field = (ctx.request.body as Record<string, unknown> | undefined)?.[CSRF_FIELD];
  return (
    isValidCsrfToken(strapi, preSessionBinding(value), field) ||
    isValidCsrfToken(strapi, preSessionBinding(value), ctx.get(CSRF_HEADER))
  );
}
