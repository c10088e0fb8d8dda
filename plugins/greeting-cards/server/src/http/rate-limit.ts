import type { Core } from '@strapi/strapi';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { getConfig } from '../config/get-config';
import { optionalUser } from './auth';
import type { Ctx } from './respond';

// Rate limits per user and per IP on the routes that write or render (rate-limiter-flexible).
// On PostgreSQL the counters live in a table shared by every instance, so a limit holds however many
// instances serve the traffic; on SQLite (one instance by nature) they live in memory.

export type LimitKind = 'writes' | 'renders';

const TABLE = 'gc_rate_limits';

interface Limiters {
  user: Record<LimitKind, RateLimiterAbstract>;
  ip: Record<LimitKind, RateLimiterAbstract>;
  // Sign-in, registration and password reset (http/auth-rate-limit.ts), with a window of their own.
  auth: { identifier: RateLimiterAbstract; ip: RateLimiterAbstract };
}

const registry = new WeakMap<Core.Strapi, Limiters>();

const isPostgres = (strapi: Core.Strapi) => String(strapi.db.config.connection.client).includes('pg') || String(strapi.db.config.connection.client).includes('postgres');

/** Builds the limiters once, at bootstrap; on PostgreSQL it creates the shared table first. */
export async function initRateLimits(strapi: Core.Strapi): Promise<void> {
  const config = getConfig(strapi);
  if (!config.rateLimitEnabled) return;
  const postgres = isPostgres(strapi);
  const make = async (keyPrefix: string, points: number, duration = config.rateLimitWindowSeconds): Promise<RateLimiterAbstract> => {
    if (!postgres) return new RateLimiterMemory({ keyPrefix, points, duration });
    return new Promise((resolve, reject) => {
      const limiter: RateLimiterPostgres = new RateLimiterPostgres(
        // clearExpiredByTimeout would start a timer that outlives Strapi; expired rows are reused
        // per key (the key is the primary key) and swept in sweepExpired().
        { storeClient: strapi.db.connection, storeType: 'knex', tableName: TABLE, keyPrefix, points, duration, clearExpiredByTimeout: false },
        (error?: Error) => (error ? reject(error) : resolve(limiter)),
      );
    });
  };
  // One after another: each PostgreSQL limiter runs CREATE TABLE IF NOT EXISTS, which races with itself.
  const limiters: Limiters = {
    user: { writes: await make('gc_w_user', config.rateLimitWritesPerUser), renders: await make('gc_r_user', config.rateLimitRendersPerUser) },
    ip: { writes: await make('gc_w_ip', config.rateLimitWritesPerIp), renders: await make('gc_r_ip', config.rateLimitRendersPerIp) },
    auth: {
      identifier: await make('gc_a_id', config.rateLimitAuthPerIdentifier, config.rateLimitAuthWindowSeconds),
      ip: await make('gc_a_ip', config.rateLimitAuthPerIp, config.rateLimitAuthWindowSeconds),
    },
  };
  registry.set(strapi, limiters);
}

/** Whole seconds until a refused caller may try again (at least 1), for Retry-After. */
export const retryAfterSeconds = (rejection: RateLimiterRes): number => Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));

/**
 * Counts one sign-in, registration or password-reset attempt against the caller's IP and, when the
 * request names one, its identifier (already normalised). Null when it may go ahead (or the limits are
 * off, or the store is unreachable); otherwise the rejection, to answer 429 with.
 */
export async function consumeAuthAttempt(strapi: Core.Strapi, ctx: Ctx, identifier: string | null): Promise<RateLimiterRes | null> {
  const limiters = registry.get(strapi);
  if (!limiters) return null;
  sweepExpired(limiters);
  try {
    await limiters.auth.ip.consume(ctx.request.ip || 'unknown');
    if (identifier) await limiters.auth.identifier.consume(identifier);
    return null;
  } catch (error) {
    if (error instanceof RateLimiterRes) return error;
    strapi.log.warn(`[greeting-cards] sign-in rate limit not checked: ${(error as Error)?.message ?? error}`);
    return null;
  }
}

/** The 429 message, in the spec's words; pages show the same sentence. */
export const tooManyMessage = (seconds: number): string => `Too many requests. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

/** Answers 429 with Retry-After and the spec's {"detail"} body. */
export function tooMany(ctx: Ctx, rejection: RateLimiterRes): void {
  const seconds = retryAfterSeconds(rejection);
  ctx.status = 429;
  ctx.set('Retry-After', String(seconds));
  ctx.body = { detail: tooManyMessage(seconds) };
}

let requestsSinceSweep = 0;
function sweepExpired(limiters: Limiters): void {
  if (++requestsSinceSweep < 1000) return;
  requestsSinceSweep = 0;
  const store = limiters.ip.writes as unknown as { clearExpired?: (t: number) => Promise<void> };
  // Keys that expired over an hour ago; a failed sweep only leaves rows behind.
  void store.clearExpired?.(Date.now() - 3600_000)?.catch?.(() => undefined);
}

/**
 * Counts one request of a kind against the caller's IP and, when signed in, against the user too.
 * Null when it may go ahead (or the limits are off, or the store is unreachable); otherwise the
 * rejection. Pages (web/page-limits.ts) and the API's route middleware below share these counters.
 */
export async function consumeLimit(strapi: Core.Strapi, ctx: Ctx, kind: LimitKind, userId: number | null): Promise<RateLimiterRes | null> {
  const limiters = registry.get(strapi);
  if (!limiters) return null;
  sweepExpired(limiters);
  try {
    await limiters.ip[kind].consume(ctx.request.ip || 'unknown');
    if (userId !== null) await limiters.user[kind].consume(String(userId));
    return null;
  } catch (error) {
    if (error instanceof RateLimiterRes) return error;
    // The store is unreachable: serving the request beats failing every write.
    strapi.log.warn(`[greeting-cards] rate limit not checked: ${(error as Error)?.message ?? error}`);
    return null;
  }
}

/** Koa middleware limiting one kind of request. With SERVICE_RATE_LIMIT_ENABLED off it does nothing. */
export function rateLimit(strapi: Core.Strapi, kind: LimitKind) {
  return async (ctx: Ctx, next: () => Promise<unknown>) => {
    if (!registry.has(strapi)) return next();
    // A bad credential is the controller's to answer (401), not a reason to skip the IP limit.
    const user = await optionalUser(strapi, ctx).catch(() => null);
    const rejection = await consumeLimit(strapi, ctx, kind, user ? user.id : null);
    if (rejection) return tooMany(ctx, rejection);
    return next();
  };
}

/** Factory in the shape Strapi expects of a plugin middleware: config.kind picks the limit. */
export function rateLimitMiddleware(config: { kind?: LimitKind }, { strapi }: { strapi: Core.Strapi }) {
  return rateLimit(strapi, config?.kind ?? 'writes');
}
