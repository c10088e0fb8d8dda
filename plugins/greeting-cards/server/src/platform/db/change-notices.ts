import type { Core } from '@strapi/strapi';
import { isPostgres } from './dialect';

// Change notices: how a per-process cache learns at once that a row it holds changed, on this instance
// and on every other instance on the same database.
//
// - PostgreSQL: every instance LISTENs on one channel over a connection of its own (not the query
//   pool's). A write announces the change with `pg_notify` in the writing transaction when there is one,
//   so the notice is delivered when the change commits (never before it: a cache that drops and reads
//   again meanwhile would get the old row back), and dropped with a rollback. PostgreSQL hands a notice
//   to every listening connection as the commit happens, before the writer even hears its COMMIT back,
//   so the next request any instance reads off a socket finds the cache already emptied.
//   While the listening connection is down (at boot, after a lost connection), caches keep nothing and
//   answer nothing: `noticesLive` is false, and every cache is emptied again when it is back, because
//   notices sent meanwhile are lost.
// - SQLite: one process owns the file, so the notice is a function call: at once, and again when the
//   writing transaction commits (a read that ran inside it may have stored the row as it was).
//
// A cache registers a handler per topic (`onChange`); the handler gets the changed key, or null for
// "anything may have changed" (bulk writes, a lost connection). Handlers also bump the cache's own
// generation so that a read under way during a change is not stored (see platform/http/user-rows.ts).

export const CHANNEL = 'greeting_cards_cache';
/** application_name of the listening connection, followed by the process id. */
export const LISTENER_NAME = 'greeting-cards-notices';

type Handler = (key: string | null) => void;
type PgClient = {
  connect(): Promise<void>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
  on(event: 'notification', fn: (message: { channel: string; payload?: string }) => void): void;
  on(event: 'error' | 'end', fn: (error?: Error) => void): void;
  removeAllListeners(): void;
};

interface State {
  postgres: boolean;
  handlers: Map<string, Handler[]>;
  client: PgClient | null;
  live: boolean;
  stopped: boolean;
  retry: NodeJS.Timeout | null;
  /** The round trip on the listening connection under way, and the one queued behind it (see noticesSettled). */
  barrier: Promise<void> | null;
  nextBarrier: Promise<void> | null;
}

const states = new WeakMap<Core.Strapi, State>();

function stateOf(strapi: Core.Strapi): State {
  let state = states.get(strapi);
  if (!state) {
    state = {
      postgres: isPostgres(strapi),
      handlers: new Map(),
      client: null,
      live: false,
      stopped: false,
      retry: null,
      barrier: null,
      nextBarrier: null,
    };
    states.set(strapi, state);
  }
  return state;
}

function dispatch(state: State, topic: string | null, key: string | null): void {
  const topics = topic === null ? [...state.handlers.keys()] : [topic];
  for (const t of topics) for (const handler of state.handlers.get(t) ?? []) handler(topic === null ? null : key);
}

/** Registers a cache's handler for changes of `topic` (a model, a kind of row). */
export function onChange(strapi: Core.Strapi, topic: string, handler: Handler): void {
  const state = stateOf(strapi);
  state.handlers.set(topic, [...(state.handlers.get(topic) ?? []), handler]);
}

/**
 * Whether caches may answer from and keep what they hold: on SQLite always; on PostgreSQL while this
 * instance is listening for other instances' notices.
 */
export function noticesLive(strapi: Core.Strapi): boolean {
  const state = stateOf(strapi);
  return !state.postgres || state.live;
}

/**
 * Resolves once every notice of a change committed before this call has been handled here. PostgreSQL
 * queues a notice to every listener as the change commits, but hands it to each listening connection a
 * moment later; a round trip on the listening connection closes that gap, because the server sends the
 * notices it has pending for a connection before that connection's next answer. Requests that arrive
 * while a round trip is under way share the next one (never one that started before they arrived), so
 * under load one round trip serves many requests, on the listening connection, not the query pool.
 * On SQLite, and while not listening (caches are off then), it resolves at once.
 */
export function noticesSettled(strapi: Core.Strapi): Promise<void> {
  const state = stateOf(strapi);
  const client = state.client;
  if (!state.postgres || !state.live || !client) return Promise.resolve();
  const run = (): Promise<void> => {
    const trip = client
      .query('SELECT 1')
      .then(
        () => undefined,
        (error: Error) => {
          // Not sure what was missed: off until listening again.
          if (state.client === client) {
            state.live = false;
            dispatch(state, null, null);
            client.end().catch(() => undefined);
          }
          strapi.log.warn(`[greeting-cards] change notices: round trip failed (${error.message})`);
        },
      )
      .finally(() => {
        if (state.barrier === trip) state.barrier = null;
      });
    state.barrier = trip;
    return trip;
  };
  if (!state.barrier) return run();
  if (!state.nextBarrier) {
    const queued = state.barrier.then(() => {
      state.nextBarrier = null;
      return run();
    });
    state.nextBarrier = queued;
  }
  return state.nextBarrier;
}

/** The NOTIFY payload announcing `key` of `topic` (null: any key). */
export const encode = (topic: string, key: string | null) => `${topic}\n${key ?? ''}`;

/** Drops `key` of `topic` (null: any) from this instance's caches only (the writer's side: table-writes.ts). */
export function dispatchHere(strapi: Core.Strapi, topic: string, key: string | null): void {
  dispatch(stateOf(strapi), topic, key);
}
function decode(payload: string): { topic: string; key: string | null } {
  const at = payload.indexOf('\n');
  if (at < 0) return { topic: payload, key: null };
  const key = payload.slice(at + 1);
  return { topic: payload.slice(0, at), key: key === '' ? null : key };
}

/**
 * Announces that `key` of `topic` changed (null: any key). This instance's caches drop it at once; on
 * PostgreSQL every instance's (this one's included) drop it again when the writing transaction commits,
 * at once when there is none. On SQLite, inside a transaction, this instance drops it again at commit.
 */
export async function announceChange(strapi: Core.Strapi, topic: string, key: string | number | null): Promise<void> {
  const state = stateOf(strapi);
  const k = key === null ? null : String(key);
  dispatch(state, topic, k);
  if (!state.postgres) {
    if (strapi.db.inTransaction())
      await strapi.db.transaction(async ({ onCommit }) => {
        onCommit(() => dispatch(state, topic, k));
      });
    return;
  }
  const payload = encode(topic, k);
  if (strapi.db.inTransaction())
    await strapi.db.transaction(async ({ trx }) => {
      await trx.raw('select pg_notify(?, ?)', [CHANNEL, payload]);
    });
  else await strapi.db.connection.raw('select pg_notify(?, ?)', [CHANNEL, payload]);
}

/** The connection settings knex uses, for the listening connection (same server, user and database). */
function listenerSettings(strapi: Core.Strapi): Record<string, unknown> {
  const knex = strapi.db.connection as unknown as { client: { connectionSettings: Record<string, unknown> } };
  const settings = { ...knex.client.connectionSettings };
  // Strapi names the schema among the connection's settings; pg would send it as a startup parameter.
  delete settings.schema;
  // Named, so an operator (and the reconnect test) can tell this process's listening connection apart
  // in pg_stat_activity (a name given in the connection string still wins).
  settings.application_name = `${LISTENER_NAME}-${process.pid}`;
  return settings;
}

async function listen(strapi: Core.Strapi, state: State): Promise<void> {
  // The pg driver knex loaded for the host (the plugin does not depend on pg itself).
  const knex = strapi.db.connection as unknown as {
    client: { driver: { Client: new (settings: Record<string, unknown>) => PgClient } };
  };
  const { Client } = knex.client.driver;
  const client = new Client(listenerSettings(strapi));
  const lost = (error?: Error) => {
    if (state.client !== client) return;
    state.client = null;
    state.live = false;
    // Notices sent from now on are lost: nothing kept may be trusted, nor stored, until listening again.
    dispatch(state, null, null);
    client.removeAllListeners();
    client.end().catch(() => undefined);
    if (state.stopped) return;
    strapi.log.warn(
      `[greeting-cards] change notices lost (${error?.message ?? 'connection ended'}); caches off until reconnected`,
    );
    schedule(strapi, state, 1000);
  };
  client.on('error', lost);
  client.on('end', lost);
  client.on('notification', (message) => {
    if (message.channel !== CHANNEL || message.payload === undefined) return;
    const { topic, key } = decode(message.payload);
    dispatch(state, topic, key);
  });
  state.client = client;
  await client.connect();
  await client.query(`LISTEN ${CHANNEL}`);
  if (state.client !== client) return;
  // Whatever changed before now was not heard: start empty.
  dispatch(state, null, null);
  state.live = true;
}

/** Closes a listening connection that failed to start. */
function abandon(state: State): void {
  const client = state.client as PgClient | null;
  state.client = null;
  state.live = false;
  if (!client) return;
  client.removeAllListeners();
  client.end().catch(() => undefined);
}

function schedule(strapi: Core.Strapi, state: State, delayMs: number): void {
  if (state.stopped || state.retry) return;
  state.retry = setTimeout(() => {
    state.retry = null;
    listen(strapi, state).catch((error: Error) => {
      abandon(state);
      if (!state.stopped) {
        strapi.log.warn(`[greeting-cards] change notices not listening (${error.message}); retrying`);
        schedule(strapi, state, Math.min(delayMs * 2, 30_000));
      }
    });
  }, delayMs);
  state.retry.unref?.();
}

/** At bootstrap: on PostgreSQL, starts listening (caches stay off until it does). */
export async function startChangeNotices(strapi: Core.Strapi): Promise<void> {
  const state = stateOf(strapi);
  state.stopped = false;
  if (!state.postgres || state.client) return;
  try {
    await listen(strapi, state);
  } catch (error) {
    abandon(state);
    strapi.log.warn(`[greeting-cards] change notices not listening (${(error as Error).message}); retrying`);
    schedule(strapi, state, 1000);
  }
}

/** At destroy: stops listening. */
export async function stopChangeNotices(strapi: Core.Strapi): Promise<void> {
  const state = states.get(strapi);
  if (!state) return;
  state.stopped = true;
  state.live = false;
  if (state.retry) clearTimeout(state.retry);
  state.retry = null;
  const client = state.client;
  state.client = null;
  if (client) {
    client.removeAllListeners();
    await client.end().catch(() => undefined);
  }
}
