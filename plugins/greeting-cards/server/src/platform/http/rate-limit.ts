import type { Core } from '@strapi/strapi';
import type { RateLimiterRes } from 'rate-limiter-flexible';
import { optionalUser } from './auth';
import { consumeLimit, limitsOn, retryAfterSeconds, type LimitKind } from './limiter-store';
import { localizedError, type Ctx } from './respond';
import { msg, type Message } from '../i18n/format-message';

// Rate limits per user and per IP on the routes that write or render, answered 429 with Retry-After.
// The counters are in limiter-store.ts; sign-in's limits are in auth-rate-limit.ts.

export {
  consumeAddressSubmission,
  consumeLimit,
  consumeReplyAttempt,
  consumeSigningAttempt,
  initRateLimits,
  retryAfterSeconds,
  type LimitKind,
} from './limiter-store';

/** The 429 message, in the spec's words; pages show the same sentence. */
export const tooManyMessage = (seconds: number): Message => msg('error.too_many_requests', { seconds });

/** Answers 429 with Retry-After and the spec's {"detail"} body, in the request's language. */
export function tooMany(strapi: Core.Strapi, ctx: Ctx, rejection: RateLimiterRes): void {
  const seconds = retryAfterSeconds(rejection);
  ctx.status = 429;
  ctx.set('Retry-After', String(seconds));
  ctx.body = localizedError(strapi, ctx, { detail: tooManyMessage(seconds) });
}

/** Koa middleware limiting one kind of request. With SERVICE_RATE_LIMIT_ENABLED off it does nothing. */
export function rateLimit(strapi: Core.Strapi, kind: LimitKind) {
  return async (ctx: Ctx, next: () => Promise<unknown>) => {
    if (!limitsOn(strapi)) return next();
    // A bad credential is the controller's to answer (401), not a reason to skip the IP limit.
    const user = await optionalUser(strapi, ctx).catch(() => null);
    const rejection = await consumeLimit(strapi, ctx, kind, user ? user.id : null);
    if (rejection) return tooMany(strapi, ctx, rejection);
    return next();
  };
}

/** Factory in the shape Strapi expects of a plugin middleware: config.kind picks the limit. */
export function rateLimitMiddleware(config: { kind?: LimitKind }, { strapi }: { strapi: Core.Strapi }) {
  return rateLimit(strapi, config?.kind ?? 'writes');
}
