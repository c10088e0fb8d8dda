import type { Core } from '@strapi/strapi';
import { getConfig } from '../config/get-config';
import { query, type Row } from '../db/query';
import { announceChange, noticesLive, noticesSettled, onChange } from '../db/change-notices';

// The signed-in user's row, read on every signed-in request (platform/http/auth.ts), kept per process.
// What it holds: the users-permissions row of each user seen lately (blocked flag, updatedAt for the
// session check, e-mail), keyed by id, at most MAX_ENTRIES (the least recently used goes first).
// How it is invalidated, exactly, on every instance (platform/db/change-notices.ts):
// - any write to the user table through Strapi's query engine (the admin panel, users-permissions' own
//   routes, our services) drops the user's entry (update or delete of one row) or every entry
//   (updateMany, deleteMany) here at once, through a database lifecycle subscriber, and announces it:
//   on PostgreSQL with NOTIFY in the writing transaction, so every other instance drops it as the write
//   commits; on SQLite (one process) again at commit. Before answering from a kept row, a request on
//   PostgreSQL waits for one round trip on the listening connection (shared by concurrent requests),
//   which hands over every notice committed before it. A user blocked, or whose password changed, on
//   instance A is refused by the next request on any instance.
// - a read that was under way while such a change arrived is not stored (a generation counter).
// - on PostgreSQL, while the instance is not listening for notices, nothing is kept or answered from here.
// A missing user is never remembered. A write that bypasses the query engine (raw SQL on the user table;
// the plugin has none) must call forgetUserRows.

const TOPIC = 'user';
const MAX_ENTRIES = 10_000;

interface State {
  entries: Map<number, Row>;
  generation: number;
}

const states = new WeakMap<Core.Strapi, State>();

function stateOf(strapi: Core.Strapi): State {
  const state = states.get(strapi);
  if (state) return state;
  const created: State = { entries: new Map(), generation: 0 };
  states.set(strapi, created);
  onChange(strapi, TOPIC, (key) => {
    created.generation += 1;
    const id = key === null ? NaN : Number(key);
    if (Number.isInteger(id)) created.entries.delete(id);
    else created.entries.clear();
  });
  const idOf = (event: { result?: unknown; params?: { where?: unknown } }): number | null => {
    const result = event.result as Row | null | undefined;
    const where = event.params?.where as Row | undefined;
    const id = Number(result?.id ?? (typeof where?.id === 'number' || typeof where?.id === 'string' ? where.id : NaN));
    return Number.isInteger(id) ? id : null;
  };
  // Before the write: this instance stops answering from the entry while the write runs. After it:
  // every instance drops it (at commit when inside a transaction).
  const dropHere = (event: { result?: unknown; params?: { where?: unknown } }) => {
    const id = idOf(event);
    created.generation += 1;
    if (id === null) created.entries.clear();
    else created.entries.delete(id);
  };
  const dropOne = (event: { result?: unknown; params?: { where?: unknown } }) =>
    announceChange(strapi, TOPIC, idOf(event));
  const dropAll = () => announceChange(strapi, TOPIC, null);
  strapi.db.lifecycles.subscribe({
    models: [getConfig(strapi).userModel],
    beforeUpdate: dropHere,
    afterUpdate: dropOne,
    beforeDelete: dropHere,
    afterDelete: dropOne,
    beforeUpdateMany: () => dropHere({}),
    afterUpdateMany: dropAll,
    beforeDeleteMany: () => dropHere({}),
    afterDeleteMany: dropAll,
  } as Parameters<Core.Strapi['db']['lifecycles']['subscribe']>[0]);
  return created;
}

/** At bootstrap: subscribes to the user table's changes before the first request. */
export function watchUserRows(strapi: Core.Strapi): void {
  stateOf(strapi);
}

/** The user's row (a copy: callers may add to it), or null when there is none; from the cache when kept. */
export async function userRow(strapi: Core.Strapi, id: number): Promise<Row | null> {
  const state = stateOf(strapi);
  // Before trusting a kept row: every change committed before this request has been heard (on
  // PostgreSQL one round trip on the listening connection, shared by the requests under way).
  if (noticesLive(strapi) && state.entries.has(id)) await noticesSettled(strapi);
  const live = noticesLive(strapi);
  const hit = live ? state.entries.get(id) : undefined;
  if (hit) {
    // Least recently used goes first when full: a hit moves to the end.
    state.entries.delete(id);
    state.entries.set(id, hit);
    return { ...hit };
  }
  const generation = state.generation;
  const row = ((await query(strapi, getConfig(strapi).userModel).findOne({ where: { id } })) as Row | null) ?? null;
  // A missing user is not remembered: an id that has no row yet may have one a moment later.
  if (row && live && noticesLive(strapi) && state.generation === generation) {
    if (state.entries.size >= MAX_ENTRIES) state.entries.delete(state.entries.keys().next().value as number);
    state.entries.set(id, row);
  }
  return row ? { ...row } : null;
}

/** Forgets every cached user row on every instance (a bulk change made outside the query engine). */
export async function forgetUserRows(strapi: Core.Strapi): Promise<void> {
  stateOf(strapi);
  await announceChange(strapi, TOPIC, null);
}
