import fs from 'fs/promises';
import path from 'path';

/**
 * Finished renders kept on disk by content hash, so a design is drawn once however often it is shown
 * (the public e-card page, the e-mail image of 1,000 copies of one card). Concurrent requests for the
 * same key share one render. Files are written then renamed: a reader never sees half a file.
 */
export function renderCache(dir: string) {
  const inFlight = new Map<string, Promise<Buffer>>();

  async function read(file: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(file);
    } catch {
      return null;
    }
  }

  async function write(file: string, body: Buffer): Promise<void> {
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await fs.writeFile(tmp, body);
    await fs.rename(tmp, file);
  }

  return {
    /** The cached bytes under `key`, or null: never draws (a SERVICE_ROLE=web instance serves only what is stored). */
    async peek(key: string): Promise<Buffer | null> {
      if (!/^[\w.-]+$/.test(key)) throw new Error(`bad render cache key "${key}"`);
      return read(path.join(dir, key));
    },

    /** The cached bytes under `key`, or what `produce` makes (stored for next time). */
    async get(key: string, produce: () => Promise<Buffer>): Promise<Buffer> {
      if (!/^[\w.-]+$/.test(key)) throw new Error(`bad render cache key "${key}"`);
      const file = path.join(dir, key);
      const pending = inFlight.get(key);
      if (pending) return pending;
      const job = (async () => {
        const stored = await read(file);
        if (stored) return stored;
        const body = await produce();
        // A cache that cannot be written still answers.
        await write(file, body).catch(() => undefined);
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
