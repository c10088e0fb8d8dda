import type { Core } from '@strapi/strapi';
import { LRUCache } from 'lru-cache';
import { UID, type Uid } from '../uids';
import { noticesLive, noticesSettled, onChange } from './change-notices';
import { watchTableWrites } from './table-writes';

// Signed-in reads' answers, kept per process, per user and per read (the library list and page, a
// card's detail, the orders list: what the caller names in `key`).
// How it is invalidated, exactly, on every instance: every statement that writes one of the tables
// below, whoever sends it (services, the Content Manager, workers' raw delivery updates, migrations),
// drops every kept answer here when it is sent and when it has run, and on every other instance when
// it commits (table-writes.ts, change-notices.ts). Before answering from a kept answer a request waits
// until every notice committed before it arrived has been heard (noticesSettled), and a read that was
// under way while a change arrived is not kept (a generation counter, as platform/http/user-rows.ts).
// While the instance is not listening for notices (PostgreSQL, at boot or after a lost connection),
// nothing is kept or answered from here.
// The tables: every content type of the plugin except those no cached read shows (checked by
// tests/performance/signed-in-answers.test.ts, which lists the tables each cached read touches), the
// user table (the e-mail address decides which received cards show), uploaded files (a photo's size
// decides the print check), the core store (users-permissions' and the plugin's settings) and i18n's
// locales. Coarse on purpose: a write names its table, not the users whose answers it changes.

const TOPIC = 'signed-in-answers';
const MAX_ENTRIES = 5_000;
/** Roughly the characters of JSON kept, all answers together. */
const MAX_SIZE = 32_000_000;

/** Content types of the plugin no cached read shows: their writes leave the answers alone. */
export const UNWATCHED: readonly Uid[] = [
  UID.aiSuggestionUse,
  UID.mailAllowance,
  UID.paymentEvent,
  UID.messageSuggestion,
  UID.legalPage,
  UID.catalogueVersion,
  UID.accountRequest,
  UID.addressRequestLink,
  UID.reminder,
  UID.deliveryEvent,
  UID.invoiceCounter,
];
const OTHER_MODELS = [UID.user, 'plugin::upload.file', 'strapi::core-store', 'plugin::i18n.locale'];

interface State {
  entries: LRUCache<string, { value: unknown }>;
  generation: number;
}

const states = new WeakMap<Core.Strapi, State>();

/** The tables whose writes drop the answers (a link or component table goes with its owner's). */
export function watchedTables(strapi: Core.Strapi): string[] {
  const uids = [
    ...Object.keys(strapi.contentTypes).filter(
      (uid) => uid.startsWith('plugin::greeting-cards.') && !(UNWATCHED as readonly string[]).includes(uid),
    ),
    ...OTHER_MODELS,
  ];
  const tables: string[] = [];
  for (const uid of uids) {
    try {
      tables.push(strapi.db.metadata.get(uid).tableName);
    } catch {
      // A model the host does not have (no upload or i18n plugin): nothing of it to watch.
    }
  }
  return tables;
}

function freeze<T>(value: T): T {
  if (value && typeof value === 'object' && !ArrayBuffer.isView(value) && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value as object)) freeze(inner);
  }
  return value;
}

function stateOf(strapi: Core.Strapi): State {
  const existing = states.get(strapi);
  if (existing) return existing;
  const state: State = {
    entries: new LRUCache({
      max: MAX_ENTRIES,
      maxSize: MAX_SIZE,
      sizeCalculation: (entry) => Math.max(1, JSON.stringify(entry.value)?.length ?? 1),
    }),
    generation: 0,
  };
  states.set(strapi, state);
  onChange(strapi, TOPIC, () => {
    state.generation += 1;
    // clear() walks arrays as long as MAX_ENTRIES even when nothing is kept, and this runs on every
    // write to a watched table (about 2 % of an order's CPU in the checkout bench's profile).
    if (state.entries.size) state.entries.clear();
  });
  const tables = watchedTables(strapi);
  watchTableWrites(strapi, TOPIC, (table) => tables.some((t) => table === t || table.startsWith(`${t}_`)));
  return state;
}

/** At bootstrap: every write to a watched table is announced from now on, before the first request. */
export function watchUserAnswers(strapi: Core.Strapi): void {
  stateOf(strapi);
}

/**
 * The answer of `read` for this user and key, from what this instance keeps when nothing it depends on
 * has changed since. The answer is frozen (shared by every caller): callers copy, never change it.
 * A read that throws is not kept.
 */
export async function userAnswer<T>(
  strapi: Core.Strapi,
  userId: number,
  key: string,
  read: () => Promise<T>,
): Promise<T> {
  const state = stateOf(strapi);
  const k = `${userId}\n${key}`;
  if (noticesLive(strapi) && state.entries.has(k)) await noticesSettled(strapi);
  const live = noticesLive(strapi);
  const hit = live ? state.entries.get(k) : undefined;
  if (hit) return hit.value as T;
  const generation = state.generation;
  const value = freeze(await read());
  if (live && noticesLive(strapi) && state.generation === generation) state.entries.set(k, { value });
  return value;
}

/** Drops every kept answer on this instance (tests; a change the notices cannot see). */
export function forgetUserAnswersHere(strapi: Core.Strapi): void {
  const state = stateOf(strapi);
  state.generation += 1;
  state.entries.clear();
}
