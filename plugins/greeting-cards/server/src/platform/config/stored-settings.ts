import crypto from 'crypto';
import type { Core } from '@strapi/strapi';
import { fromEnvironment, settingFor, type PluginConfig } from './settings';
import { EDITABLE_KEYS, validStoredValues, type EditableKey, type EditableValues } from './editable-settings';

// Settings editors changed on the admin page, kept in Strapi's store (one row of the core store) and laid
// over the boot configuration by getConfig. Precedence: default < stored < environment < config/plugins:
// a value the environment or the host's config/plugins.ts sets is "pinned" and the stored one is ignored.
//
// Freshness without a restart: every instance re-reads the row at most once per REFRESH_MS, in the request
// (and job) path, before the handler runs; in between, getConfig answers from memory. So a change is seen
// everywhere within two seconds, and a burst of requests costs one single-row read per two seconds per
// instance, not one per request: the catalogue's own one-read-per-request budget is untouched.

export const REFRESH_MS = 2000;
const STORE = { type: 'plugin', name: 'greeting-cards', key: 'settings' } as const;
/** The core store row's key, as Strapi's store names it (`<type>_<name>_<key>`). */
const ROW_KEY = `${STORE.type}_${STORE.name}_${STORE.key}`;
/**
 * Marks the freshness read in SQL logs: it is not on behalf of the request it happens to run in (one
 * request in a two-second stream pays it), so the query-budget tests leave it out (tests/helpers/sql-count.ts).
 */
export const FRESHNESS_SQL_COMMENT = 'greeting-cards settings freshness';

export interface StoredSettings {
  version: string;
  updated_at: string;
  updated_by: string | null;
  values: EditableValues;
}

interface State {
  /** The boot configuration object Strapi holds (compared by identity: tests may replace it). */
  base: PluginConfig;
  pins: Map<EditableKey, string>;
  stored: StoredSettings | null;
  values: EditableValues;
  merged: PluginConfig;
  checkedAt: number;
  refreshing: Promise<void> | null;
}

const states = new WeakMap<Core.Strapi, State>();
const baseOf = (strapi: Core.Strapi) => strapi.config.get('plugin::greeting-cards') as PluginConfig;

function merge(base: PluginConfig, values: EditableValues, pins: Map<EditableKey, string>): PluginConfig {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(values)) {
    if (!pins.has(key as EditableKey)) merged[key] = value;
  }
  return merged as PluginConfig;
}

/** The configuration with stored values applied; the boot configuration until initStoredSettings ran. */
export function effectiveConfig(strapi: Core.Strapi): PluginConfig {
  const base = baseOf(strapi);
  const state = states.get(strapi);
  if (!state) return base;
  if (state.base !== base) {
    state.base = base;
    state.merged = merge(base, state.values, state.pins);
  }
  return state.merged;
}

/**
 * Which editable settings the environment or config/plugins.ts sets, and by what name. Read once at
 * boot: the process environment is what the instance booted with (tests boot several instances in one
 * process, each with its own variables).
 */
function pinsAtBoot(base: PluginConfig, env: NodeJS.ProcessEnv): Map<EditableKey, string> {
  const pins = new Map<EditableKey, string>();
  const fromEnv = fromEnvironment(env) as Record<string, unknown>;
  for (const key of EDITABLE_KEYS) {
    const setting = settingFor(key)!;
    const name = [setting.env, ...(setting.formerEnv ?? [])].find((n) => env[n] !== undefined && env[n] !== '');
    if (name) pins.set(key, name);
    // A value that differs from default-plus-environment came from the host's config/plugins.ts.
    else if (JSON.stringify(base[key]) !== JSON.stringify(fromEnv[key])) pins.set(key, 'config/plugins');
  }
  return pins;
}

function apply(strapi: Core.Strapi, state: State, stored: StoredSettings | null): void {
  const { values, skipped } = validStoredValues(stored?.values);
  if (skipped.length)
    strapi.log.warn(`[greeting-cards] stored settings ignored (no longer valid): ${skipped.join(', ')}`);
  state.stored = stored;
  state.values = values;
  state.merged = merge(state.base, values, state.pins);
}

const store = (strapi: Core.Strapi) => strapi.store(STORE);

async function readStored(strapi: Core.Strapi): Promise<StoredSettings | null> {
  const value = (await store(strapi).get({})) as StoredSettings | null;
  return value && typeof value === 'object' && typeof value.version === 'string' ? value : null;
}

/** The stored row's text, read with plain SQL marked as the freshness check. */
async function readStoredText(strapi: Core.Strapi): Promise<string | null> {
  const table = strapi.db.metadata.get('strapi::core-store').tableName;
  const row = (await strapi.db
    .connection(table)
    .comment(FRESHNESS_SQL_COMMENT)
    .select('value')
    .where({ key: ROW_KEY })
    .whereNull('environment')
    .whereNull('tag')
    .first()) as { value?: string } | undefined;
  return row?.value ?? null;
}

/** At bootstrap: records the pins and loads what editors stored. */
export async function initStoredSettings(strapi: Core.Strapi): Promise<void> {
  const base = baseOf(strapi);
  const state: State = {
    base,
    pins: pinsAtBoot(base, process.env),
    stored: null,
    values: {},
    merged: base,
    checkedAt: Date.now(),
    refreshing: null,
  };
  apply(strapi, state, await readStored(strapi));
  states.set(strapi, state);
}

/** Re-reads the stored settings when the last look is older than REFRESH_MS; concurrent callers share one read. */
export function refreshIfStale(strapi: Core.Strapi, now = Date.now()): Promise<void> {
  const state = states.get(strapi);
  if (!state || now - state.checkedAt < REFRESH_MS) return Promise.resolve();
  if (!state.refreshing) {
    state.checkedAt = now;
    state.refreshing = readStoredText(strapi)
      .then((text) => {
        let stored: StoredSettings | null = null;
        try {
          stored = text ? (JSON.parse(text) as StoredSettings) : null;
        } catch {
          stored = null;
        }
        // Unchanged version: nothing to redo.
        if ((stored?.version ?? null) !== (state.stored?.version ?? null)) apply(strapi, state, stored);
      })
      .catch((error: Error) => {
        strapi.log.warn(`[greeting-cards] stored settings not re-read: ${error.message}`);
      })
      .finally(() => {
        state.refreshing = null;
      });
  }
  return state.refreshing ?? Promise.resolve();
}

/** Koa middleware: the stored settings are at most REFRESH_MS old when the handler reads them. */
export function settingsFreshness(strapi: Core.Strapi) {
  return async (_ctx: unknown, next: () => Promise<unknown>) => {
    await refreshIfStale(strapi);
    return next();
  };
}

export function storedSettingsState(strapi: Core.Strapi): {
  pins: Map<EditableKey, string>;
  stored: StoredSettings | null;
} {
  const state = states.get(strapi);
  return { pins: state?.pins ?? new Map(), stored: state?.stored ?? null };
}

/**
 * Writes a change (already validated): `values` replace, `cleared` go back to the default. The new
 * version makes every other instance re-read on its next look; this one applies it at once.
 */
export async function writeStoredSettings(
  strapi: Core.Strapi,
  values: EditableValues,
  cleared: EditableKey[],
  by: string | null,
): Promise<StoredSettings> {
  const state = states.get(strapi);
  if (!state) throw new Error('stored settings are not initialised');
  // The row as it is now, not as this instance last saw it: an edit made elsewhere a second ago stays.
  const current = (await readStored(strapi))?.values ?? {};
  const next: Record<string, unknown> = { ...current, ...values };
  for (const key of cleared) delete next[key];
  const stored: StoredSettings = {
    version: crypto.randomBytes(9).toString('base64url'),
    updated_at: new Date().toISOString(),
    updated_by: by,
    values: next as EditableValues,
  };
  await store(strapi).set({ value: stored });
  apply(strapi, state, stored);
  state.checkedAt = Date.now();
  return stored;
}
