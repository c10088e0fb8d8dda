import { LRUCache } from 'lru-cache';

/**
 * A small per-process cache of catalogue answers, each stored with the catalogue version it was read
 * at. An entry is used only while the database still holds that version, so another instance's change
 * (which replaces the version) is never hidden by this cache. Bounded by lru-cache: the least recently
 * used entry goes first, so odd query strings cannot grow it without limit.
 */
export function versionedCache<T>(maxEntries = 500) {
  const entries = new LRUCache<string, { version: string; value: Promise<T> }>({ max: maxEntries });

  return {
    /** The cached value for `key` at `version`, or `load()`'s result, stored for the next caller. */
    get(key: string, version: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.version === version) return hit.value;
      // Concurrent misses share one load; a failed load is not kept.
      const value = load();
      entries.set(key, { version, value });
      value.catch(() => {
        if (entries.peek(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear(): void {
      entries.clear();
    },
  };
}
