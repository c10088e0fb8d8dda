import type { Core } from '@strapi/strapi';
import crypto from 'crypto';
import { errors } from '@strapi/utils';
import { consumeAuthAttempt, retryAfterSeconds } from './limiter-store';
import type { Ctx } from './respond';

// Sign-in, registration and password reset, limited per identifier and per IP with the plugin's own
// limiter store (SERVICE_RATE_LIMIT_AUTH_*). users-permissions' own limiter keys on body.email, which
// the caller chooses freely, so a fresh `email` field gave every guess a fresh counter. Here the key is
// the identifier the route really uses, and the web forms (/login/, /register/) and the JSON routes
// (/api/auth/local...) count against the same counters.

type Body = Record<string, unknown>;

/** users-permissions' auth routes and the body field naming whose account an attempt is about. */
const AUTH_ROUTES: Record<string, string | null> = {
  '/auth/local': 'identifier',
  '/auth/local/register': 'email',
  '/auth/forgot-password': 'email',
  '/auth/send-email-confirmation': 'email',
  // The reset code is the secret being guessed; it names no account, so only the IP limit applies.
  '/auth/reset-password': null,
};

/**
 * The counter key of an identifier: trimmed and lower-cased (e-mail addresses match case-insensitively,
 * and a stricter key only merges variants), hashed so the store never holds anyone's address.
 */
export function identifierKey(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const normalised = value.normalize('NFKC').trim().toLowerCase();
  if (!normalised) return null;
  return crypto.createHash('sha256').update(normalised).digest('base64url');
}

/** A web form's attempt: 'ok' to go ahead, or the seconds to wait (the caller renders its 429 page). */
export async function authAttempt(
  strapi: Core.Strapi,
  ctx: Ctx,
  identifier: unknown,
): Promise<{ ok: true } | { ok: false; retryAfter: number }> {
  const rejection = await consumeAuthAttempt(strapi, ctx, identifierKey(identifier));
  if (!rejection) return { ok: true };
  const retryAfter = retryAfterSeconds(rejection);
  ctx.set('Retry-After', String(retryAfter));
  return { ok: false, retryAfter };
}

// Marks our middleware on users-permissions' routes. Their route objects are module state, shared by
// every Strapi instance a process boots (tests boot several): each instance replaces the previous one's.
const OURS = Symbol.for('greeting-cards.auth-rate-limit');

/** Route middleware for users-permissions' auth routes; answers in Strapi's own error format. */
function authRouteLimit(strapi: Core.Strapi, field: string | null) {
  const middleware = async (ctx: Ctx, next: () => Promise<unknown>) => {
    const body: Body = ctx.request.body && typeof ctx.request.body === 'object' ? ctx.request.body : {};
    const attempt = await authAttempt(strapi, ctx, field ? body[field] : null);
    if (!attempt.ok)
      throw new errors.RateLimitError(`Too many attempts. Please try again in ${attempt.retryAfter} seconds.`);
    return next();
  };
  return Object.assign(middleware, { [OURS]: true });
}

const isOurs = (middleware: unknown) => typeof middleware === 'function' && OURS in middleware;

interface RouteInput {
  method: string;
  path: string;
  config?: { middlewares?: unknown[] };
}

/**
 * Adds the limit to users-permissions' own auth routes (called in register(), before Strapi mounts
 * the routes). Being route middlewares, they run on the route the router picked, after the body is
 * parsed, whatever letter case or trailing slash the request used.
 */
export function limitUsersPermissionsAuthRoutes(strapi: Core.Strapi): void {
  const plugin = strapi.plugin('users-permissions') as unknown as
    { routes?: Record<string, { routes?: RouteInput[] }> } | undefined;
  const routes = plugin?.routes?.['content-api']?.routes;
  if (!Array.isArray(routes)) {
    strapi.log.warn(
      '[greeting-cards] users-permissions routes not found: /api/auth/* is not limited by SERVICE_RATE_LIMIT_AUTH_*.',
    );
    return;
  }
  for (const route of routes) {
    if (route.method !== 'POST' || !(route.path in AUTH_ROUTES)) continue;
    const others = (route.config?.middlewares ?? []).filter((m) => !isOurs(m));
    route.config = { ...route.config, middlewares: [authRouteLimit(strapi, AUTH_ROUTES[route.path]), ...others] };
  }
}
