import type { Core } from '@strapi/strapi';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { getConfig } from '../config/get-config';
import type { Ctx } from './respond';

// The counters behind every rate limit (rate-limiter-flexible), built once at bootstrap when
// SERVICE_RATE_LIMIT_ENABLED is on. On PostgreSQL they live in a table shared by every instance, so a
// limit holds however many instances serve the traffic; on SQLite (one instance by nature) in memory.

export type LimitKind = 'writes' | 'renders';

const TABLE = 'gc_rate_limits';

interface Limiters {
  user: Record<LimitKind, RateLimiterAbstract>;
  ip: Record<LimitKind, RateLimiterAbstract>;
  // Sign-in, registration and password reset (platform/http/auth-rate-limit.ts), with a window of their own.
  auth: { identifier: RateLimiterAbstract; ip: RateLimiterAbstract };
  // Group-card signing (areas/group-cards/routes.ts): anonymous, so counted per IP and per signing link.
  signing: { link: RateLimiterAbstract; ip: RateLimiterAbstract };
  // Address-request submissions (areas/people/address-requests/routes.ts): anonymous too, per IP and per link.
  addressSubmissions: { link: RateLimiterAbstract; ip: RateLimiterAbstract };
  // Thank-you replies from the e-card view page (areas/fulfilment/ecards/replies): anonymous, per IP.
  replies: { ip: RateLimiterAbstract };
}

const registry = new WeakMap<Core.Strapi, Limiters>();

const isPostgres = (strapi: Core.Strapi) =>
  String(strapi.db.config.connection.client).includes('pg') ||
  String(strapi.db.config.connection.client).includes('postgres');

/** True when this instance counts anything (SERVICE_RATE_LIMIT_ENABLED). */
export const limitsOn = (strapi: Core.Strapi): boolean => registry.has(strapi);

/** Builds the limiters once, at bootstrap; on PostgreSQL it creates the shared table first. */
export async function initRateLimits(strapi: Core.Strapi): Promise<void> {
  const config = getConfig(strapi);
  if (!config.rateLimitEnabled) return;
  const postgres = isPostgres(strapi);
  const make = async (
    keyPrefix: string,
    points: number,
    duration = config.rateLimitWindowSeconds,
  ): Promise<RateLimiterAbstract> => {
    if (!postgres) return new RateLimiterMemory({ keyPrefix, points, duration });
    return new Promise((resolve, reject) => {
      const limiter: RateLimiterPostgres = new RateLimiterPostgres(
        // clearExpiredByTimeout would start a timer that outlives Strapi; expired rows are reused
        // per key (the key is the primary key) and swept in sweepExpired().
        {
          storeClient: strapi.db.connection,
          storeType: 'knex',
          tableName: TABLE,
          keyPrefix,
          points,
          duration,
          clearExpiredByTimeout: false,
        },
        (error?: Error) => (error ? reject(error) : resolve(limiter)),
      );
    });
  };
  // One after another: each PostgreSQL limiter runs CREATE TABLE IF NOT EXISTS, which races with itself.
  const limiters: Limiters = {
    user: {
      writes: await make('gc_w_user', config.rateLimitWritesPerUser),
      renders: await make('gc_r_user', config.rateLimitRendersPerUser),
    },
    ip: {
      writes: await make('gc_w_ip', config.rateLimitWritesPerIp),
      renders: await make('gc_r_ip', config.rateLimitRendersPerIp),
    },
    auth: {
      identifier: await make('gc_a_id', config.rateLimitAuthPerIdentifier, config.rateLimitAuthWindowSeconds),
      ip: await make('gc_a_ip', config.rateLimitAuthPerIp, config.rateLimitAuthWindowSeconds),
    },
    signing: {
      link: await make('gc_s_link', config.rateLimitSignaturesPerLink),
      ip: await make('gc_s_ip', config.rateLimitSignaturesPerIp),
    },
    addressSubmissions: {
      link: await make('gc_ad_link', config.rateLimitAddressSubmissionsPerLink),
      ip: await make('gc_ad_ip', config.rateLimitAddressSubmissionsPerIp),
    },
    replies: { ip: await make('gc_rp_ip', config.rateLimitRepliesPerIp) },
  };
  registry.set(strapi, limiters);
}

let requestsSinceSweep = 0;
function sweepExpired(limiters: Limiters): void {
  if (++requestsSinceSweep < 1000) return;
  requestsSinceSweep = 0;
  const store = limiters.ip.writes as unknown as { clearExpired?: (t: number) => Promise<void> };
  // Keys that expired over an hour ago; a failed sweep only leaves rows behind.
  void store.clearExpired?.(Date.now() - 3600_000)?.catch?.(() => undefined);
}

/** Counts one request against the caller's IP and, when given, a second key; null when it may go ahead. */
async function consumeBoth(
  strapi: Core.Strapi,
  ctx: Ctx,
  ip: RateLimiterAbstract,
  other: RateLimiterAbstract,
  otherKey: string | null,
): Promise<RateLimiterRes | null> {
  const limiters = registry.get(strapi);
  if (!limiters) return null;
  sweepExpired(limiters);
  try {
    const ipKey = ctx.request.ip || 'unknown';
    // PostgreSQL, two keys in one table: one statement.
    if (
      otherKey !== null &&
      ip !== other &&
      ip instanceof RateLimiterPostgres &&
      other instanceof RateLimiterPostgres &&
      (ip as unknown as PostgresInside)._getTableIdentifier() ===
        (other as unknown as PostgresInside)._getTableIdentifier()
    )
      return await consumeTogether(ip, ipKey, other, otherKey);
    await ip.consume(ipKey);
    if (otherKey !== null) await other.consume(otherKey);
    return null;
  } catch (error) {
    if (error instanceof RateLimiterRes) return error;
    // The store is unreachable: serving the request beats failing every write.
    strapi.log.warn(`[greeting-cards] rate limit not checked: ${(error as Error)?.message ?? error}`);
    return null;
  }
}

/** What rate-limiter-flexible's PostgreSQL store holds inside (its table, its keys, its knex client). */
interface PostgresInside {
  points: number;
  duration: number;
  client: { raw: (sql: string, bindings: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }> };
  getKey(key: string): string;
  _getTableIdentifier(): string;
}

/**
 * Both counters of a request (its IP's and its user's) in one statement on PostgreSQL: the upsert
 * rate-limiter-flexible runs for each key (an expired window starts again at one point, otherwise one
 * more), for the two keys at once, so a limited write costs one round trip, not two. Null when both are
 * within their limits, else the rejection of the first over its limit. Unlike two consumes one after
 * the other, the second key is counted even when the first refuses.
 */
async function consumeTogether(
  first: RateLimiterPostgres,
  firstKey: string,
  second: RateLimiterPostgres,
  secondKey: string,
): Promise<RateLimiterRes | null> {
  const a = first as unknown as PostgresInside;
  const b = second as unknown as PostgresInside;
  const table = a._getTableIdentifier();
  const now = Date.now();
  const keys = [a.getKey(firstKey), b.getKey(secondKey)];
  const result = await a.client.raw(
    `INSERT INTO ${table} (key, points, expire) VALUES (?, 1, ?), (?, 1, ?)
       ON CONFLICT(key) DO UPDATE SET
         points = CASE WHEN ${table}.expire <= ? THEN 1 ELSE ${table}.points + 1 END,
         expire = CASE WHEN ${table}.expire <= ? THEN excluded.expire ELSE ${table}.expire END
       RETURNING key, points, expire`,
    [keys[0], now + a.duration * 1000, keys[1], now + b.duration * 1000, now, now],
  );
  for (const [index, limiter] of [a, b].entries()) {
    const row = result.rows.find((r) => r.key === keys[index]);
    const points = Number(row?.points ?? 0);
    if (points > limiter.points) {
      const msBeforeNext = row?.expire ? Math.max(Number(row.expire) - Date.now(), 0) : -1;
      return new RateLimiterRes(0, msBeforeNext, points, points === 1);
    }
  }
  return null;
}

/**
 * Counts one request of a kind against the caller's IP and, when signed in, against the user too.
 * Null when it may go ahead (or the limits are off, or the store is unreachable); otherwise the
 * rejection. The API's route middleware and the pages (platform/web/page-limits.ts) share these counters.
 */
export async function consumeLimit(
  strapi: Core.Strapi,
  ctx: Ctx,
  kind: LimitKind,
  userId: number | null,
): Promise<RateLimiterRes | null> {
  const limiters = registry.get(strapi);
  if (!limiters) return null;
  return consumeBoth(strapi, ctx, limiters.ip[kind], limiters.user[kind], userId === null ? null : String(userId));
}

/**
 * Counts one sign-in, registration or password-reset attempt against the caller's IP and, when the
 * request names one, its identifier (already normalised). Null or the rejection, as consumeLimit.
 */
export async function consumeAuthAttempt(
  strapi: Core.Strapi,
  ctx: Ctx,
  identifier: string | null,
): Promise<RateLimiterRes | null> {
  const limiters = registry.get(strapi);
  if (!limiters) return null;
  return consumeBoth(strapi, ctx, limiters.auth.ip, limiters.auth.identifier, identifier);
}

/**
 * Counts one signature write against the caller's IP and the signing link (keyed by its group card,
 * so a rotated link shares the count). Null or the rejection, as consumeLimit.
 */
export async function consumeSigningAttempt(
  strapi: Core.Strapi,
  ctx: Ctx,
  linkKey: string,
): Promise<RateLimiterRes | null> {
  const limiters = registry.get(strapi);
  if (!limiters) return null;
  return consumeBoth(strapi, ctx, limiters.signing.ip, limiters.signing.link, linkKey);
}

/**
 * Counts one address-request submission against the caller's IP and the link (keyed by its row, so a
 * rotated link shares the count). Null or the rejection, as consumeLimit.
 */
export async function consumeAddressSubmission(
  strapi: Core.Strapi,
  ctx: Ctx,
  linkKey: string,
): Promise<RateLimiterRes | null> {
  const limiters = registry.get(strapi);
  if (!limiters) return null;
  return consumeBoth(strapi, ctx, limiters.addressSubmissions.ip, limiters.addressSubmissions.link, linkKey);
}

/**
 * Counts one thank-you reply (sent or changed, valid or not) against the caller's IP. The view token is
 * not a second key: one reply per token is the database's rule already. Null or the rejection, as consumeLimit.
 */
export async function consumeReplyAttempt(strapi: Core.Strapi, ctx: Ctx): Promise<RateLimiterRes | null> {
  const limiters = registry.get(strapi);
  if (!limiters) return null;
  return consumeBoth(strapi, ctx, limiters.replies.ip, limiters.replies.ip, null);
}

/** Whole seconds until a refused caller may try again (at least 1), for Retry-After. */
export const retryAfterSeconds = (rejection: RateLimiterRes): number =>
  Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
