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
  // What this instance counted without telling the shared store yet (PostgreSQL only): see allowLocally.
  local: Map<string, LocalCount>;
  lastFlush: number;
}

/**
 * One key's count as this instance knows it: `known` is the store's count as of its last answer (in
 * the window ending at `expire`), `sending` what is on its way to the store, `unsent` what this
 * instance allowed since without writing it.
 */
interface LocalCount {
  known: number;
  expire: number;
  sending: number;
  unsent: number;
  duration: number;
}

// A key's requests this instance may allow without a round trip, at most: a tenth of its limit, at most
// 100, none for limits under 10 (so small limits are counted exactly, on every request). Allowed only
// while the key's last known count plus what is unsent stays this far under the limit, so one instance
// never passes its limit, and N instances together pass it by at most (N - 1) x this within a window.
export const localAllowance = (points: number): number => (points < 10 ? 0 : Math.min(100, Math.floor(points / 10)));
// Counts allowed locally reach the shared store within this long (with the next limited request after it).
export const LOCAL_FLUSH_MS = 1000;
// Keys followed locally per instance; past this, new keys are counted in the store on every request.
const LOCAL_KEYS = 10_000;

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
    local: new Map(),
    lastFlush: Date.now(),
  };
  registry.set(strapi, limiters);
}

let requestsSinceSweep = 0;
function sweepExpired(limiters: Limiters): void {
  if (++requestsSinceSweep < 1000) return;
  requestsSinceSweep = 0;
  // Local counts of windows that ended with nothing left to write.
  const now = Date.now();
  for (const [key, local] of limiters.local)
    if (local.unsent === 0 && local.sending === 0 && local.expire <= now) limiters.local.delete(key);
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
    // PostgreSQL, the keys in one table: one statement, or none while they are well under their limits.
    if (
      ip instanceof RateLimiterPostgres &&
      (otherKey === null ||
        (ip !== other &&
          other instanceof RateLimiterPostgres &&
          (ip as unknown as PostgresInside)._getTableIdentifier() ===
            (other as unknown as PostgresInside)._getTableIdentifier()))
    )
      return await consumeTogether(strapi, limiters, [
        [ip, ipKey],
        ...(otherKey === null ? [] : [[other as RateLimiterPostgres, otherKey] as const]),
      ]);
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

/** The upsert rate-limiter-flexible runs per key (an expired window starts again), for many keys and counts. */
async function addToStore(
  inside: PostgresInside,
  rows: Array<{ key: string; add: number; duration: number }>,
): Promise<Map<string, { points: number; expire: number }>> {
  const table = inside._getTableIdentifier();
  const now = Date.now();
  const result = await inside.client.raw(
    `INSERT INTO ${table} (key, points, expire) VALUES ${rows.map(() => '(?, ?::integer, ?::bigint)').join(', ')}
       ON CONFLICT(key) DO UPDATE SET
         points = CASE WHEN ${table}.expire <= ? THEN excluded.points ELSE ${table}.points + excluded.points END,
         expire = CASE WHEN ${table}.expire <= ? THEN excluded.expire ELSE ${table}.expire END
       RETURNING key, points, expire`,
    [...rows.flatMap((r) => [r.key, r.add, now + r.duration * 1000]), now, now],
  );
  const counts = new Map<string, { points: number; expire: number }>();
  for (const row of result.rows)
    counts.set(String(row.key), { points: Number(row.points), expire: Number(row.expire) });
  return counts;
}

/** Takes the store's answer for a key into its local count (a later window, or more in the same one). */
function learn(local: LocalCount, answer: { points: number; expire: number } | undefined): void {
  if (!answer || answer.expire < local.expire) return; // an answer about a window already over
  if (answer.expire !== local.expire) {
    local.expire = answer.expire;
    local.known = answer.points;
  } else local.known = Math.max(local.known, answer.points);
}

/** True when this instance may count one more request of a key without asking the store (see localAllowance). */
function allowLocally(local: LocalCount | undefined, points: number, now: number): boolean {
  if (!local || local.expire <= now) return false;
  const allowance = localAllowance(points);
  return local.unsent + 1 <= allowance && local.known + local.sending + local.unsent + 1 <= points - allowance;
}

/**
 * Writes what this instance allowed locally (every key's unsent count) to the shared store, in one
 * statement, at most every LOCAL_FLUSH_MS; keys whose window ended with nothing pending are forgotten.
 * Runs beside the request that triggers it; a failure loses those counts (the store stays the authority).
 */
function flushLocal(strapi: Core.Strapi, limiters: Limiters, inside: PostgresInside, now: number): void {
  if (now - limiters.lastFlush < LOCAL_FLUSH_MS) return;
  limiters.lastFlush = now;
  const rows: Array<{ key: string; add: number; duration: number }> = [];
  const sent = new Map<string, number>();
  for (const [key, local] of limiters.local) {
    if (local.unsent > 0) {
      rows.push({ key, add: local.unsent, duration: local.duration });
      sent.set(key, local.unsent);
      local.sending += local.unsent;
      local.unsent = 0;
    } else if (local.sending === 0 && local.expire <= now) limiters.local.delete(key);
  }
  if (rows.length === 0) return;
  const settle = (answers?: Map<string, { points: number; expire: number }>) => {
    for (const [key, n] of sent) {
      const local = limiters.local.get(key);
      if (!local) continue;
      local.sending -= n;
      learn(local, answers?.get(key));
    }
  };
  addToStore(inside, rows).then(settle, (error) => {
    settle();
    strapi.log.warn(`[greeting-cards] rate-limit counts not written: ${(error as Error)?.message ?? error}`);
  });
}

/**
 * The counters of a request (its IP's and, when given, its user's or link's) on PostgreSQL. While every
 * key is well under its limit as this instance last heard from the store (allowLocally), the request is
 * counted here and written with others later (flushLocal): no round trip. Otherwise one statement adds
 * this request and what this instance still owes for these keys, and decides on the store's counts. Null
 * when all are within their limits, else the rejection of the first over its limit. Unlike consumes one
 * after the other, every key is counted even when the first refuses.
 */
async function consumeTogether(
  strapi: Core.Strapi,
  limiters: Limiters,
  pairs: ReadonlyArray<readonly [RateLimiterPostgres, string]>,
): Promise<RateLimiterRes | null> {
  const inside = pairs.map(([limiter]) => limiter as unknown as PostgresInside);
  const now = Date.now();
  const keys = pairs.map(([, key], index) => inside[index].getKey(key));
  const locals = keys.map((key) => limiters.local.get(key));
  if (locals.every((local, index) => allowLocally(local, inside[index].points, now))) {
    for (const local of locals) local!.unsent += 1;
    flushLocal(strapi, limiters, inside[0], now);
    return null;
  }
  const adds = inside.map((limiter, index) => {
    let local = locals[index];
    if (!local && limiters.local.size < LOCAL_KEYS) {
      local = { known: 0, expire: 0, sending: 0, unsent: 0, duration: limiter.duration };
      limiters.local.set(keys[index], local);
    }
    const add = 1 + (local?.unsent ?? 0);
    if (local) {
      local.unsent = 0;
      local.sending += add;
    }
    return { local, add };
  });
  let answers: Map<string, { points: number; expire: number }> | undefined;
  try {
    answers = await addToStore(
      inside[0],
      keys.map((key, index) => ({ key, add: adds[index].add, duration: inside[index].duration })),
    );
  } finally {
    for (const [index, { local, add }] of adds.entries()) {
      if (!local) continue;
      local.sending -= add;
      learn(local, answers?.get(keys[index]));
    }
  }
  for (const [index, limiter] of inside.entries()) {
    const row = answers?.get(keys[index]);
    const points = row?.points ?? 0;
    if (points > limiter.points) {
      const msBeforeNext = row?.expire ? Math.max(row.expire - Date.now(), 0) : -1;
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
