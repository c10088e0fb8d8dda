import type { PrivateStore } from '../../platform/uploads/private-store';

const MIME: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png' };
const mimeOf = (key: string) => MIME[key.slice(key.lastIndexOf('.'))] ?? 'application/octet-stream';

/**
 * Finished renders kept by content hash, so a design is drawn once however often it is shown (the
 * public e-card page, the e-mail image of 1,000 copies of one card). Concurrent requests for the same
 * key share one render. The store is a folder, or the upload provider's bucket with a local folder in
 * front (platform/uploads/private-store.ts), so a render a worker stored is found on any machine.
 */
export function renderCache(store: PrivateStore) {
  const inFlight = new Map<string, Promise<Buffer>>();

  return {
    /** The cached bytes under `key`, or null: never draws (a SERVICE_ROLE=web instance serves only what is stored). */
    async peek(key: string): Promise<Buffer | null> {
      if (!/^[\w.-]+$/.test(key)) throw new Error(`bad render cache key "${key}"`);
      return store.get(key);
    },

    /** The cached bytes under `key`, or what `produce` makes (stored for next time). */
    async get(key: string, produce: () => Promise<Buffer>): Promise<Buffer> {
      if (!/^[\w.-]+$/.test(key)) throw new Error(`bad render cache key "${key}"`);
      const pending = inFlight.get(key);
      if (pending) return pending;
      const job = (async () => {
        const stored = await store.get(key);
        if (stored) return stored;
        const body = await produce();
        // A cache that cannot be written still answers.
        await store.put(key, body, mimeOf(key)).catch(() => undefined);
        return body;
      })();
      inFlight.set(key, job);
      try {
        return await job;
      } finally {
        inFlight.delete(key);
      }
    },
  };
}
