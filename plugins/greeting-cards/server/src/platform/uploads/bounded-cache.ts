import crypto from 'crypto';
import fs from 'fs/promises';
import path from 'path';
import { performance } from 'perf_hooks';

// A folder of copies that may be deleted at any time because the store they came from (the bucket)
// still has them: the local cache in front of the bucket (private-store.ts). It holds at most
// `maxBytes`; past that the least recently used files are deleted until it is back under 90 % of it
// (so a full cache is not swept again on every write).
//
// - Recency is the file's modification time, set on every write and every hit, so it survives a
//   restart and is shared by every process on the machine that uses the folder (web and worker side by
//   side). The time is set with sub-millisecond precision: the kernel's own stamp is coarser than the
//   gap between two quick writes.
// - The size is counted as files are written; a sweep lists the folder and counts again, so files
//   other processes wrote or deleted are taken into account there.
// - A file this process is reading or writing is never deleted. Another process reading a file that is
//   deleted meanwhile still reads it whole (an open file outlives its name), or finds it missing and
//   goes to the bucket; writes land by rename, so a deleted name never holds half a file.
// - Nothing but copies may live in the folder: a sweep deletes any file in it. The plugin's own
//   folders whose files are the only copy (private-store.ts's diskStore) are never handed to this.

/** Left-over temporary files of a write that died older than this are deleted by a sweep. */
const STALE_TMP_MS = 60 * 60 * 1000;
const LOW_WATER = 0.9;

/** Milliseconds since the epoch, with sub-millisecond precision and never going backwards. */
const preciseNow = () => performance.timeOrigin + performance.now();

/** One area's files: the shape of private-store.ts's PrivateStore (which uses this cache), kept here. */
export interface CacheArea {
  readonly kind: 'disk';
  get(key: string): Promise<Buffer | null>;
  put(key: string, body: Buffer, mime: string): Promise<void>;
  create(key: string, body: Buffer, mime: string): Promise<boolean>;
  remove(key: string): Promise<void>;
}

export interface BoundedCache {
  /** A store over `<root>/<area>/` whose files count towards the one limit. */
  area(area: string): CacheArea;
  /** Bytes counted as held (after a sweep, what the folder held then plus what was written since). */
  bytes(): number | null;
  /** Deletes least recently used files while over the limit (also run by the write that goes over it). */
  sweep(): Promise<void>;
  /** Runs `task` with `file` (relative to the root) held: no sweep deletes it meanwhile. */
  holding<T>(file: string, task: () => Promise<T>): Promise<T>;
}

interface Entry {
  file: string;
  size: number;
  used: number;
}

async function listFiles(root: string): Promise<Entry[]> {
  const names = await fs.readdir(root, { recursive: true }).catch(() => [] as string[]);
  const entries: Entry[] = [];
  for (const name of names) {
    const stat = await fs.stat(path.join(root, name)).catch(() => null);
    if (stat?.isFile()) entries.push({ file: name, size: stat.size, used: stat.mtimeMs });
  }
  return entries;
}

export function boundedCache(root: string, maxBytes: number): BoundedCache {
  // Files being read or written here, by how many calls.
  const held = new Map<string, number>();
  // Unknown until the first sweep (the first write runs one).
  let counted: number | null = null;
  let writtenDuringSweep = 0;
  let sweeping: Promise<void> | null = null;
  let again = false;

  const holding = async <T>(file: string, task: () => Promise<T>): Promise<T> => {
    held.set(file, (held.get(file) ?? 0) + 1);
    try {
      return await task();
    } finally {
      const n = (held.get(file) ?? 1) - 1;
      if (n > 0) held.set(file, n);
      else held.delete(file);
    }
  };

  const touch = (file: string) => {
    const at = preciseNow() / 1000;
    return fs.utimes(path.join(root, file), at, at).catch(() => undefined);
  };

  const sweepOnce = async (): Promise<void> => {
    writtenDuringSweep = 0;
    const now = Date.now();
    const entries = await listFiles(root);
    let total = 0;
    const candidates: Entry[] = [];
    for (const entry of entries) {
      if (entry.file.endsWith('.tmp')) {
        // A write under way (counted, kept) or one that died long ago (deleted).
        if (now - entry.used > STALE_TMP_MS) await fs.rm(path.join(root, entry.file), { force: true });
        else total += entry.size;
        continue;
      }
      total += entry.size;
      candidates.push(entry);
    }
    if (total > maxBytes) {
      candidates.sort((a, b) => a.used - b.used);
      const target = Math.floor(maxBytes * LOW_WATER);
      for (const entry of candidates) {
        if (total <= target) break;
        if (held.has(entry.file)) continue;
        // Used since it was listed (by another process): it is no longer among the oldest.
        const stat = await fs.stat(path.join(root, entry.file)).catch(() => null);
        if (!stat) {
          total -= entry.size;
          continue;
        }
        if (stat.mtimeMs > entry.used || held.has(entry.file)) continue;
        await fs.rm(path.join(root, entry.file), { force: true });
        total -= entry.size;
      }
    }
    counted = total + writtenDuringSweep;
  };

  const sweep = (): Promise<void> => {
    if (sweeping) {
      again = true;
      return sweeping;
    }
    sweeping = (async () => {
      try {
        do {
          again = false;
          await sweepOnce();
        } while (again && counted !== null && counted > maxBytes);
      } finally {
        sweeping = null;
      }
    })();
    return sweeping;
  };

  const written = async (size: number) => {
    if (sweeping) writtenDuringSweep += size;
    if (counted !== null) counted += size;
    if (counted === null || counted > maxBytes) await sweep();
  };

  const area = (name: string): CacheArea => {
    if (!/^[\w-]+$/.test(name)) throw new Error(`bad cache area "${name}"`);
    const fileOf = (key: string) => {
      if (!/^[\w-]+(?:\/[\w-]+)*\.[a-z0-9]+$/.test(key)) throw new Error(`bad private file key "${key}"`);
      return path.join(name, key);
    };
    const write = (file: string, body: Buffer) =>
      holding(file, async () => {
        const target = path.join(root, file);
        await fs.mkdir(path.dirname(target), { recursive: true });
        const tmp = `${target}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`;
        await fs.writeFile(tmp, body);
        await fs.rename(tmp, target);
        await touch(file);
      });
    return {
      kind: 'disk',
      async get(key) {
        const file = fileOf(key);
        return holding(file, async () => {
          const body = await fs.readFile(path.join(root, file)).catch(() => null);
          if (body) await touch(file);
          return body;
        });
      },
      async put(key, body) {
        const file = fileOf(key);
        await write(file, body);
        await written(body.length);
      },
      async create(key, body) {
        // A cache is filled from the store behind it, never the judge of what exists.
        const file = fileOf(key);
        const exists = await fs
          .stat(path.join(root, file))
          .then(() => true)
          .catch(() => false);
        if (exists) return false;
        await write(file, body);
        await written(body.length);
        return true;
      },
      async remove(key) {
        await fs.rm(path.join(root, fileOf(key)), { force: true });
      },
    };
  };

  return { area, bytes: () => counted, sweep, holding };
}
