import { createHash } from 'crypto';
import type { Core } from '@strapi/strapi';
import { LRUCache } from 'lru-cache';
import { isPostgres } from './dialect';

// Statements PostgreSQL plans once per connection instead of at every run.
//
// knex sends every statement unnamed, so PostgreSQL parses and plans it each time. For an order's
// joined reads and one-statement writes, planning cost more than running (pg_stat_statements on
// `bench/checkout.js`: 2.1 ms planning against 0.1 ms running for add_to_cart's read; planning about two
// thirds of the database's CPU an order). A statement given a name is parsed once per connection; after
// five runs PostgreSQL keeps a generic plan when it costs no more than the custom ones, and plans it no
// more. One-trip reads (one-trip.ts) are several statements with their values written in, so they are
// never named: their planning is cut by keeping their written join order instead.
//
// Which statements get a name: the same text sent a second time (a one-off, such as a list of ids of a
// length seen once, is not kept), with parameters, one statement (no `;`: a name covers one), and no
// `*` in its select list. PostgreSQL refuses to run a kept statement whose result columns changed (a
// column added by another instance's migration under `select *`), so only statements that name their
// columns are kept. One that fails that way all the same (a column's type changed) is sent unnamed from
// then on. At most MAX_NAMED texts per process get a name, so each connection keeps at most that many.
//
// The naming sits under table-writes.ts's patch (which may add change notices to a statement), so a
// name is always the hash of the text that is sent: PostgreSQL keys a connection's statements by name,
// and the pg driver refuses a name reused for another text.
//
// Off with SERVICE_DB_PREPARED_STATEMENTS=false: behind a connection pooler in transaction mode
// (PgBouncer before 1.21), a connection's named statements do not follow the client.

/** How many distinct texts a process names (each connection then keeps at most as many statements). */
export const MAX_NAMED = 200;
/** Longer texts are not kept: generated IN lists and bulk inserts, which are seldom the same twice. */
const MAX_LENGTH = 20_000;

type Query = { sql?: unknown; bindings?: unknown; options?: Record<string, unknown> };
type KnexClient = { config: object; _query: (connection: unknown, obj: Query) => Promise<unknown> };

interface Registry {
  /** Clients (by their knex config, which a transaction's client shares) whose statements get names. */
  enabled: WeakSet<object>;
  /** Text -> name, for every text named in this process. */
  names: Map<string, string>;
  /** Texts seen once, waiting for a second time. */
  seen: LRUCache<string, true>;
  /** Texts PostgreSQL refused to run as kept statements: sent unnamed from then on. */
  retired: Set<string>;
}
const REGISTRY = Symbol.for('greeting-cards.prepared-statements.registry');
const registry: Registry = ((globalThis as Record<symbol, Registry | undefined>)[REGISTRY] ??= {
  enabled: new WeakSet(),
  names: new Map(),
  seen: new LRUCache({ max: 2_000 }),
  retired: new Set(),
});
const PATCHED = Symbol.for('greeting-cards.prepared-statements');

/**
 * Put in a statement whose `*` selects only from derived tables that name their columns (a lateral
 * join of reads with their own select lists): its result columns cannot change under it, so it may be
 * kept although it has a `*`.
 */
export const COLUMNS_NAMED = '/* columns named */';

/** Whether a text may be kept as a named statement (see above). */
export function preparable(text: string): boolean {
  if (text.length > MAX_LENGTH || text.includes(';')) return false;
  return text.includes(COLUMNS_NAMED) || !text.replace(/count\(\*\)/gi, '').includes('*');
}

/** The name for `text`, or undefined to send it unnamed (first seen, not preparable, or the limit reached). */
function nameFor(text: string): string | undefined {
  const known = registry.names.get(text);
  if (known !== undefined) return known;
  if (registry.names.size >= MAX_NAMED || registry.retired.has(text) || !preparable(text)) return undefined;
  if (!registry.seen.has(text)) {
    registry.seen.set(text, true);
    return undefined;
  }
  registry.seen.delete(text);
  const name = `gc_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
  registry.names.set(text, name);
  return name;
}

/** PostgreSQL's "cached plan must not change result type" (feature_not_supported). */
const RESULT_TYPE_CHANGED = '0A000';

/**
 * Names the repeated statements of knex's PostgreSQL client `client` from now on (see above). Patches
 * the dialect's `_query` once per process; table-writes.ts calls this before patching it itself, so the
 * naming sees the final text.
 */
export function installStatementNaming(client: KnexClient): void {
  const proto = Object.getPrototypeOf(client) as KnexClient & { [PATCHED]?: boolean };
  if (Object.prototype.hasOwnProperty.call(proto, PATCHED)) return;
  const original = proto._query;
  proto._query = function namedQuery(this: KnexClient, connection: unknown, obj: Query) {
    const text = typeof obj?.sql === 'string' ? obj.sql : '';
    const bindings = obj?.bindings;
    if (!registry.enabled.has(this.config) || !text || !Array.isArray(bindings) || !bindings.length)
      return original.call(this, connection, obj);
    const name = nameFor(text);
    if (name === undefined) return original.call(this, connection, obj);
    // knex hands `options` to the driver with the text and values (its postgres dialect's _query).
    const options = obj.options;
    obj.options = { ...options, name };
    return original.call(this, connection, obj).then(
      (result) => {
        obj.options = options;
        return result;
      },
      (error: unknown) => {
        obj.options = options;
        if ((error as { code?: unknown })?.code === RESULT_TYPE_CHANGED) {
          registry.names.delete(text);
          registry.retired.add(text);
        }
        throw error;
      },
    );
  };
  Object.defineProperty(proto, PATCHED, { value: true });
}

/** Turns the naming on (PostgreSQL only) or off for this app's statements (and its transactions'). */
export function nameStatements(strapi: Core.Strapi, on: boolean): void {
  const client = (strapi.db.connection as unknown as { client: KnexClient }).client;
  installStatementNaming(client);
  if (on && isPostgres(strapi)) registry.enabled.add(client.config);
  else registry.enabled.delete(client.config);
}

/**
 * For the tests: forgets every name given in this process. A jest process runs many test files, each
 * with its own app, and the registry is the process's: after enough files its MAX_NAMED names are taken
 * and a file's own statements go unnamed. Only between apps (no connection keeps a name then).
 */
export function forgetNamedStatements(): void {
  registry.names.clear();
  registry.seen.clear();
  registry.retired.clear();
}

/** For the tests: every text named in this process. */
export function namedStatements(): string[] {
  return [...registry.names.keys()];
}

/** For the tests: the name a text was given in this process, if any. */
export function statementName(text: string): string | undefined {
  return registry.names.get(text);
}
