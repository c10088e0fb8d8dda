import type { Core } from '@strapi/strapi';
import { getConfig } from '../config/get-config';
import { query, type Row } from '../db/query';

// The signed-in user's row, read on every signed-in request (platform/http/auth.ts), kept per process.
// What it holds: the users-permissions row of each user seen lately (blocked flag, updatedAt for the
// session check, e-mail), keyed by id, at most MAX_ENTRIES, each at most MAX_AGE_MS old.
// How it is invalidated:
// - on this instance, at once: any write to the user table through Strapi's query engine (the admin
//   panel, users-permissions' own routes, our services) drops the user's entry (update or delete of one
//   row) or every entry (updateMany, deleteMany), through a database lifecycle subscriber. A read that
//   was under way while such a write happened is not stored (a generation counter).
// - on other instances (or after a write that bypasses the query engine): after MAX_AGE_MS, the same
//   bound as the stored settings' freshness (platform/config/stored-settings.ts). A user blocked on
//   instance A is refused there at once and on instance B within two seconds.

export const MAX_AGE_MS = 2000;
const MAX_ENTRIES = 10_000;

interface Entry {
  row: Row;
  at: number;
}
interface State {
  entries: Map<number, Entry>;
  generation: number;
}

const states = new WeakMap<Core.Strapi, State>();

function stateOf(strapi: Core.Strapi): State {
  const state = states.get(strapi);
  if (state) return state;
  const created: State = { entries: new Map(), generation: 0 };
  states.set(strapi, created);
  const dropAll = () => {
    created.generation += 1;
    created.entries.clear();
  };
  const dropOne = (event: { result?: unknown; params?: { where?: unknown } }) => {
    created.generation += 1;
    const result = event.result as Row | null | undefined;
    const where = event.params?.where as Row | undefined;
    const id = Number(result?.id ?? (typeof where?.id === 'number' || typeof where?.id === 'string' ? where.id : NaN));
    if (Number.isInteger(id)) created.entries.delete(id);
    else created.entries.clear();
  };
  strapi.db.lifecycles.subscribe({
    models: [getConfig(strapi).userModel],
    beforeUpdate: dropOne,
    afterUpdate: dropOne,
    beforeDelete: dropOne,
    afterDelete: dropOne,
    beforeUpdateMany: dropAll,
    afterUpdateMany: dropAll,
    beforeDeleteMany: dropAll,
    afterDeleteMany: dropAll,
  } as Parameters<Core.Strapi['db']['lifecycles']['subscribe']>[0]);
  return created;
}

/** The user's row (a copy: callers may add to it), or null when there is none; from the cache when fresh. */
export async function userRow(strapi: Core.Strapi, id: number): Promise<Row | null> {
  const state = stateOf(strapi);
  const now = Date.now();
  const hit = state.entries.get(id);
  if (hit && now - hit.at < MAX_AGE_MS) return { ...hit.row };
  const generation = state.generation;
  const row = ((await query(strapi, getConfig(strapi).userModel).findOne({ where: { id } })) as Row | null) ?? null;
  // A missing user is not remembered: an id that has no row yet may have one a moment later.
  if (row && state.generation === generation) {
    if (state.entries.size >= MAX_ENTRIES) state.entries.clear();
    state.entries.set(id, { row, at: now });
  }
  return row ? { ...row } : null;
}

/** Forgets every cached user row on this instance (tests; a bulk change made outside the query engine). */
export function forgetUserRows(strapi: Core.Strapi): void {
  const state = states.get(strapi);
  if (!state) return;
  state.generation += 1;
  state.entries.clear();
}
