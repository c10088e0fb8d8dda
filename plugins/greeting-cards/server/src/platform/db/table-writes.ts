import type { Core } from '@strapi/strapi';
import { CHANNEL, dispatchHere, encode } from './change-notices';
import { isPostgres } from './dialect';
import { installStatementNaming } from './prepared-statements';

// Every write to a watched table, announced as a change notice (change-notices.ts), whoever makes it:
// Strapi's query engine (services, the Content Manager, users-permissions), the document service, and
// the raw knex statements of the delivery path (batched claims and outcomes), bulk rows and migrations.
// It sits where knex hands a statement to the driver (the dialect's `_query`, which transactions use
// too), so no write path has to remember to announce itself, and a new one is covered from the start.
//
// - This instance drops the topic when the statement is sent and again when it has run (before the
//   caller sees its result), and, on SQLite, again when the transaction it ran in ends.
// - PostgreSQL: outside a transaction, right behind the write, on the same connection,
//   `select pg_notify(...)`, once the write has committed; the write's promise resolves only after the
//   notice went out, so an answer sent after a write is never followed by another instance's stale read.
//   Inside a transaction PostgreSQL delivers notices only when it commits (never before, not at all on
//   rollback), so the notices wait for the COMMIT and travel in its round trip: one simple-protocol
//   query, `select pg_notify(...); COMMIT;`. The COMMIT's promise resolves after both, as before, and
//   a transaction's writes cost no round trip more than they did without notices.
// - PostgreSQL, a statement that selects its own notices (noticesOfStatement, below: a payment's one
//   statement), and knex's UPDATE and DELETE outside a transaction, which return theirs
//   (withReturnedNotices): PostgreSQL delivers them when the statement commits, so none is sent behind it.
// A write that does not go through knex (psql by hand) is not seen.

/** Statements that may change rows (a CTE too: it may hold an UPDATE). */
const WRITE = /^\s*(?:insert|update|delete|with|replace|merge|upsert|truncate)\b/i;
/** The end of a transaction or savepoint (SQLite's own transactions run these through `_query`). */
const END = /^\s*(?:commit|rollback|release)\b/i;
/** The start of a transaction (knex sends `BEGIN;` through `_query` on every dialect). */
const BEGIN = /^\s*(?:begin|start\s+transaction)\b/i;

interface Watch {
  strapi: Core.Strapi;
  topic: string;
  /** Drops the topic here (through the change notices of the plugin copy that registered it). */
  drop: () => void;
  /** Whether a statement naming this table changes what the topic's caches hold. */
  watched: (table: string) => boolean;
  postgres: boolean;
}

type Query = { sql?: unknown; bindings?: unknown };
type KnexClient = { config: object; _query: (connection: unknown, obj: Query) => Promise<unknown> };
type PgConnection = { query(config: { text: string; values: unknown[] }, cb: (error: Error | null) => void): void };

// One registry per process, not per copy of this module: knex's client class is patched once, and a
// process that loads the plugin more than once (the test runner keeps node_modules across test files)
// must still reach every copy's watches.
interface Registry {
  /** Keyed by the knex config object, which a transaction's client shares with the pool's client. */
  watches: WeakMap<object, Watch[]>;
  /** SQLite connections that wrote watched rows in the transaction under way. */
  dirty: WeakMap<object, Set<Watch>>;
  /**
   * PostgreSQL connections inside a transaction, with the topics already announced in it: PostgreSQL
   * delivers a transaction's notices together at commit (and folds identical ones), so one notice per
   * topic per transaction is enough. An order's steps write a dozen watched rows each; without this
   * every one of them cost a round trip more.
   */
  announced: WeakMap<object, Set<string>>;
  /**
   * Notices sent in a round trip of their own, for the query-budget tests (they count round trips at
   * the connection). Those that ride a COMMIT cost none and are counted in `carried`.
   */
  sent: number;
  carried: number;
}
const REGISTRY = Symbol.for('greeting-cards.table-writes.registry');
const registry: Registry = ((globalThis as Record<symbol, Registry | undefined>)[REGISTRY] ??= {
  watches: new WeakMap(),
  dirty: new WeakMap(),
  announced: new WeakMap(),
  sent: 0,
  carried: 0,
});
registry.announced ??= new WeakMap();
registry.sent ??= 0;
registry.carried ??= 0;
const { watches, dirty, announced } = registry;
const PATCHED = Symbol.for('greeting-cards.table-writes');
const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_$]*/g;

function matching(list: Watch[], sql: string): Watch[] {
  if (!WRITE.test(sql)) return [];
  const names = new Set(sql.match(IDENTIFIER) ?? []);
  return list.filter((w) => [...names].some((name) => w.watched(name)));
}

function notify(connection: unknown, topic: string): Promise<Error | null> {
  registry.sent += 1;
  return new Promise((resolve) => {
    try {
      (connection as PgConnection).query(
        { text: 'select pg_notify($1, $2)', values: [CHANNEL, encode(topic, null)] },
        (e) => resolve(e),
      );
    } catch (error) {
      resolve(error as Error);
    }
  });
}

/** A topic that may be written into SQL as a plain literal (ours are model names and words). */
const PLAIN_TOPIC = /^[A-Za-z0-9_.:-]+$/;
/** The COMMIT of a whole transaction (a savepoint's end is a RELEASE). */
const COMMIT = /^\s*commit\b/i;

/**
 * `select pg_notify(...)` for each topic, then the COMMIT, as one query without parameters: pg sends
 * it in the simple protocol, which runs several statements in one round trip. Both the channel and the
 * topics are the plugin's own words (checked by the caller), so the literals are written out here.
 */
function commitWithNotices(topics: string[], commit: string): string {
  return `select ${noticeCalls(topics).join(', ')}; ${commit}`;
}

/** `pg_notify('<channel>', '<topic>')` for each topic, as SQL: the one place the literal is written. */
function noticeCalls(topics: string[]): string[] {
  return topics.map((topic) => `pg_notify('${CHANNEL}', '${encode(topic, null)}')`);
}

/**
 * The topics a statement's PostgreSQL watches announce, once each, when every one of them may be written
 * into SQL (a plain word); null when one may not (the patch then sends them itself), or none is due.
 */
function plainPostgresTopics(hit: Watch[]): string[] | null {
  const topics = [...new Set(hit.filter((w) => w.postgres).map((w) => w.topic))];
  return topics.length && topics.every((topic) => PLAIN_TOPIC.test(topic)) ? topics : null;
}

function patch(client: KnexClient): void {
  const proto = Object.getPrototypeOf(client) as KnexClient & { [PATCHED]?: boolean };
  if (Object.prototype.hasOwnProperty.call(proto, PATCHED)) return;
  // Under this patch, so that a statement's name is that of the text sent (prepared-statements.ts).
  installStatementNaming(client);
  const original = proto._query;
  proto._query = function watchedQuery(this: KnexClient, connection: unknown, obj: Query) {
    const list = watches.get(this.config);
    const sql = typeof obj?.sql === 'string' ? obj.sql : '';
    if (!list || !sql) return original.call(this, connection, obj);
    if (connection !== null && typeof connection === 'object') {
      const waiting = announced.get(connection);
      trackTransaction(connection, sql);
      // The transaction's notices, waiting for its COMMIT: sent in the COMMIT's own round trip (a topic
      // that is not a plain word went out right behind its write instead).
      const bare = !(Array.isArray(obj.bindings) && obj.bindings.length);
      const carry = waiting && bare && COMMIT.test(sql) ? [...waiting].filter((t) => PLAIN_TOPIC.test(t)) : [];
      if (carry.length) return commitCarrying(this, original, connection, obj, carry);
    }
    const hit = matching(list, sql);
    const ends = !hit.length && END.test(sql) && connection !== null && typeof connection === 'object';
    if (!hit.length && !ends) return original.call(this, connection, obj);
    const dropHere = (watched: Iterable<Watch>) => {
      for (const w of watched) w.drop();
    };
    if (ends) {
      const wrote = dirty.get(connection as object);
      if (!wrote) return original.call(this, connection, obj);
      // A savepoint's end leaves the transaction open: its writes still count at the final end.
      if (!/savepoint/i.test(sql)) dirty.delete(connection as object);
      return original.call(this, connection, obj).finally(() => dropHere(wrote));
    }
    dropHere(hit);
    // An UPDATE or DELETE of knex's outside a transaction returns its own notices (PostgreSQL delivers
    // them as it commits); the statement runs with them, and the caller's object gets its SQL back.
    const returning = withReturnedNotices(connection, obj, sql, hit);
    if (returning) obj.sql = returning;
    const written = returning
      ? original.call(this, connection, obj).finally(() => (obj.sql = sql))
      : original.call(this, connection, obj);
    // A statement that selects its own notices (noticesOfStatement, or the UPDATE above) has them
    // delivered as it commits.
    const carried = returning !== null || sql.includes(NOTICES_CARRIED);
    if (returning === null && carried) countSelectedNotices(written, hit);
    const postgres = carried ? [] : hit.filter((w) => w.postgres);
    if (!postgres.length) {
      if (!carried && connection && typeof connection === 'object') {
        const set = dirty.get(connection) ?? new Set<Watch>();
        for (const w of hit) set.add(w);
        dirty.set(connection, set);
      }
      return written.finally(() => dropHere(hit));
    }
    // In a transaction: noted once per topic, and sent with its COMMIT (above). Outside one: queued
    // behind the write on the same connection.
    const inTransaction = connection && typeof connection === 'object' ? announced.get(connection) : undefined;
    const topics = [...new Set(postgres.map((w) => w.topic))].filter((topic) => !inTransaction?.has(topic));
    const later = inTransaction ? topics.filter((topic) => PLAIN_TOPIC.test(topic)) : [];
    for (const topic of topics) inTransaction?.add(topic);
    const notices = Promise.all(topics.filter((t) => !later.includes(t)).map((topic) => notify(connection, topic)));
    return written.then(
      async (result) => {
        const errors = (await notices).filter((e): e is Error => e !== null);
        dropHere(hit);
        for (const error of errors)
          hit[0].strapi.log.warn(`[greeting-cards] change notice after a write not sent (${error.message})`);
        return result;
      },
      (error: unknown) => {
        dropHere(hit);
        throw error;
      },
    );
  };
  Object.defineProperty(proto, PATCHED, { value: true });
}

/** The end of knex's UPDATE or DELETE when it returns columns (`returning "id"`): nothing after the list. */
const RETURNING_END = / returning (?:"[^"]+"(?:, "[^"]+")*|\*)$/i;

/**
 * PostgreSQL, outside a transaction: knex's own UPDATE or DELETE (`method`), with `pg_notify(...)` for each
 * topic it announces in its RETURNING list (added, or after the columns knex asked for, under names of
 * their own), or null to leave it as it is. A notice is then evaluated once per row the statement
 * changed and, PostgreSQL folding identical notices of one transaction, delivered once as it commits: no
 * round trip after it, and none at all when it changed nothing. knex answers an UPDATE or DELETE without
 * `returning` with the row count, which a RETURNING list does not change.
 */
function withReturnedNotices(connection: unknown, obj: Query, sql: string, hit: Watch[]): string | null {
  const method = (obj as { method?: unknown }).method;
  if (method !== 'update' && method !== 'del') return null;
  if (connection === null || typeof connection !== 'object' || announced.has(connection)) return null;
  const topics = plainPostgresTopics(hit);
  if (!topics || sql.includes(';')) return null;
  const calls = noticeCalls(topics).map((call, i) => `${call} as "gc_notice_${i}"`);
  let returning: string;
  if (RETURNING_END.test(sql)) returning = `${sql}, ${calls.join(', ')}`;
  else if (/\breturning\b/i.test(sql)) return null;
  else returning = `${sql} returning ${calls.join(', ')}`;
  registry.carried += topics.length;
  return returning;
}

/**
 * Runs the COMMIT of a transaction whose writes left notices waiting, with the notices in front of it.
 * Should the combined query fail before the COMMIT ran (a notice refused), the transaction is rolled
 * back here, so the connection goes back to the pool outside a transaction; knex sees the COMMIT fail
 * and the caller gets the error, as for any failed COMMIT.
 */
function commitCarrying(
  client: KnexClient,
  original: KnexClient['_query'],
  connection: object,
  obj: Query,
  topics: string[],
): Promise<unknown> {
  registry.carried += topics.length;
  const sql = obj.sql;
  obj.sql = commitWithNotices(topics, sql as string);
  return original.call(client, connection, obj).then(
    (result) => {
      obj.sql = sql;
      return result;
    },
    async (error: unknown) => {
      obj.sql = sql;
      await original.call(client, connection, { sql: 'ROLLBACK' }).catch(() => undefined);
      throw error;
    },
  );
}

/**
 * Follows a connection's transaction for `announced`: a new set at BEGIN, none after COMMIT or ROLLBACK.
 * A set names the topics whose notices wait for the COMMIT. A rollback to a savepoint keeps them: the
 * rows written before the savepoint still commit, and a notice too many is harmless (one lost is not).
 */
function trackTransaction(connection: object, sql: string): void {
  if (BEGIN.test(sql)) announced.set(connection, new Set());
  else if (END.test(sql) && !/savepoint|^\s*rollback\s+to\b/i.test(sql)) announced.delete(connection);
}

/**
 * For the tests' notice checks: a statement's selected notices count as carried once it has run and
 * returned a row (each is evaluated for the rows it returns; none, and nothing changed that needs one).
 */
function countSelectedNotices(written: Promise<unknown>, hit: Watch[]): void {
  written.then(
    (result) => {
      // knex's pg client resolves with its query object, the driver's answer in `response`.
      const rows = (result as { response?: { rows?: unknown[] } } | null)?.response?.rows;
      if (Array.isArray(rows) && rows.length) registry.carried += plainPostgresTopics(hit)?.length ?? 0;
    },
    () => undefined,
  );
}

/** Marks a statement that selects its own change notices (noticesOfStatement): none is sent behind it. */
const NOTICES_CARRIED = '/* change notices carried */';

/**
 * For a write statement that will run on its own (PostgreSQL, outside a transaction): the change
 * notices it would be followed by, as `pg_notify(...)` calls for it to select, and a comment to put in
 * it that tells this patch they are carried. A notice selected by a statement is delivered when that
 * statement commits, as one sent behind it would be, without the round trip. The caller selects them
 * once for each row its statement returns when it wrote (a statement that wrote nothing needs none), and
 * ends the statement with the mark (the patch tells writes by how a statement begins).
 * Null where the patch must send them itself: inside a transaction (they ride its COMMIT), on SQLite, or
 * for a topic that is not a plain word.
 */
function noticesOfStatement(strapi: Core.Strapi, sql: string): { calls: string[]; mark: string } | null {
  if (strapi.db.inTransaction()) return null;
  const client = (strapi.db.connection as unknown as { client: KnexClient }).client;
  const topics = plainPostgresTopics(matching(watches.get(client.config) ?? [], sql));
  return topics ? { calls: noticeCalls(topics), mark: NOTICES_CARRIED } : null;
}

/**
 * A statement that ends in a select list (`statement(columns)`: a CTE's final select), run alone, with
 * its own change notices added to that list (noticesOfStatement) when PostgreSQL can deliver them so,
 * and the mark after it; otherwise as it is, the patch announcing its writes. The caller reads its
 * columns as before: the notices come under names of their own ("notice0", ...).
 */
export function withSelectedNotices(
  strapi: Core.Strapi,
  columns: string[],
  statement: (columns: string[]) => string,
): string {
  const notices = noticesOfStatement(strapi, statement(columns));
  if (!notices) return statement(columns);
  return `${statement([...columns, ...notices.calls.map((call, i) => `${call} as "notice${i}"`)])} ${notices.mark}`;
}

/** Change notices sent after writes in round trips of their own so far (the query-budget tests count them). */
export function tableWriteNoticesSent(): number {
  return registry.sent;
}

/** Change notices sent in a COMMIT's round trip so far (costing none). */
export function tableWriteNoticesCarried(): number {
  return registry.carried;
}

/**
 * From now on, every statement that writes a table for which `watched(tableName)` is true announces
 * `topic` (key null: any row) on every instance. Call once per topic, at bootstrap.
 */
export function watchTableWrites(strapi: Core.Strapi, topic: string, watched: (table: string) => boolean): void {
  const client = (strapi.db.connection as unknown as { client: KnexClient }).client;
  patch(client);
  const postgres = isPostgres(strapi);
  const list = watches.get(client.config) ?? [];
  const drop = () => dispatchHere(strapi, topic, null);
  watches.set(client.config, [...list.filter((w) => w.topic !== topic), { strapi, topic, drop, watched, postgres }]);
}
