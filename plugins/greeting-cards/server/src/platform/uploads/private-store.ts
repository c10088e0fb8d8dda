import type { Core } from '@strapi/strapi';
import crypto from 'crypto';
import fs from 'fs/promises';
import path from 'path';
import { putFile, removeFile } from './file-store';
import { uploadProviderConfig, usesLocalUploads } from './image-rules';
import { fetchRemoteFile } from '../providers/shared/remote-file';
import { getConfig } from '../config/get-config';
import { boundedCache, type BoundedCache } from './bounded-cache';

// Files the plugin keeps for itself and never publishes (finished renders of the e-card page, the
// e-mail's copy of a preview), by key. Two implementations behind one interface, chosen by the host's
// upload provider:
// - local disk under private/greeting-cards/<area>/ (Strapi's local provider, and any provider other
//   than aws-s3): every instance that reads must see the same folder;
// - the S3 bucket of @strapi/provider-upload-aws-s3, as private objects under greeting-cards/<area>/,
//   read back through the provider's signed, expiring URL, with a local folder kept as a cache that
//   is rebuilt from the bucket (an instance on another machine finds what a worker stored). That folder,
//   private/greeting-cards/bucket-cache/<area>/, holds only copies, and at most
//   SERVICE_LOCAL_CACHE_MAX_BYTES of them for all areas together (bounded-cache.ts).

export interface PrivateStore {
  /** Which implementation (tests and the startup log say it). */
  readonly kind: 'disk' | 's3';
  /** The bytes under `key`, or null when nothing is stored. */
  get(key: string): Promise<Buffer | null>;
  /** Stores `body` under `key` (replacing what was there). */
  put(key: string, body: Buffer, mime: string): Promise<void>;
  /**
   * Stores `body` under `key` only if nothing is there: true when this call stored it. Racing calls on
   * one disk agree (link() fails on an existing name); on S3 the bucket refuses a second write when it
   * honours conditional writes (If-None-Match, as AWS does since 2024), else the check before the write
   * narrows the race to calls in the same instant.
   */
  create(key: string, body: Buffer, mime: string): Promise<boolean>;
  /** Removes `key`; removing what is not there is not an error. */
  remove(key: string): Promise<void>;
}

const KEY = /^[\w-]+(?:\/[\w-]+)*\.[a-z0-9]+$/;

function checkKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`bad private file key "${key}"`);
}

async function writeAtomically(file: string, body: Buffer): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  // Write then rename: a reader never sees half a file; the unique name lets two writers race safely.
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`;
  await fs.writeFile(tmp, body);
  await fs.rename(tmp, file);
}

/** A folder on this machine: the default. */
export function diskStore(dir: string): PrivateStore {
  const fileOf = (key: string) => {
    checkKey(key);
    return path.join(dir, key);
  };
  return {
    kind: 'disk',
    async get(key) {
      return fs.readFile(fileOf(key)).catch(() => null);
    },
    async put(key, body) {
      await writeAtomically(fileOf(key), body);
    },
    async create(key, body) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written whole, then linked into place: link() fails if the name exists, and a reader never
      // sees a half-written file.
      const tmp = `${file}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`;
      await fs.writeFile(tmp, body);
      try {
        await fs.link(tmp, file);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        return false;
      } finally {
        await fs.rm(tmp, { force: true });
      }
    },
    async remove(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}

interface SigningProvider {
  getSignedUrl?(file: { url: string; hash: string; ext: string; path?: string }): Promise<{ url: string }>;
}

/** The bucket's name from the aws-s3 provider's options (s3Options.params.Bucket, or the legacy root params). */
function bucketOf(strapi: Core.Strapi): string | null {
  const options = (uploadProviderConfig(strapi).providerOptions ?? {}) as {
    s3Options?: { params?: { Bucket?: unknown } };
    params?: { Bucket?: unknown };
  };
  const bucket = (options.s3Options ?? options).params?.Bucket;
  return typeof bucket === 'string' && bucket ? bucket : null;
}

/** Private objects of the aws-s3 provider's bucket, with `cache` (a local folder) in front. */
export function bucketStore(strapi: Core.Strapi, area: string, bucket: string, cache: PrivateStore): PrivateStore {
  const split = (key: string) => {
    checkKey(key);
    const ext = path.posix.extname(key);
    const full = `greeting-cards/${area}/${key.slice(0, -ext.length)}`;
    return { key: full, ext, hash: path.posix.basename(full), dir: path.posix.dirname(full) };
  };
  let warned = false;
  const fromBucket = async (key: string): Promise<Buffer | null> => {
    const file = split(key);
    const provider = strapi.plugin('upload').provider as unknown as SigningProvider;
    // The provider signs any key of its bucket: it checks only that the URL names the bucket and
    // builds the object's key from path, hash and ext, so an s3:// URL stands for an object whose
    // published URL this instance never saw (another machine stored it).
    const signed = await provider.getSignedUrl?.({
      url: `s3://${bucket}/${file.key}${file.ext}`,
      hash: file.hash,
      ext: file.ext,
      path: file.dir,
    });
    if (!signed || signed.url.startsWith('s3:')) {
      if (!warned) {
        warned = true;
        strapi.log.warn(
          '[greeting-cards] the upload provider does not sign URLs for its bucket (a baseUrl is set?): private files stored by another instance cannot be read back',
        );
      }
      return null;
    }
    return (await fetchRemoteFile(signed.url))?.body ?? null;
  };
  return {
    kind: 's3',
    async get(key) {
      const cached = await cache.get(key);
      if (cached) return cached;
      const found = await fromBucket(key);
      if (found) await cache.put(key, found, '').catch(() => undefined);
      return found;
    },
    async put(key, body, mime) {
      const file = split(key);
      await putFile(strapi, { key: file.key, ext: file.ext, mime, body, private: true });
      await cache.put(key, body, mime).catch(() => undefined);
    },
    async create(key, body, mime) {
      // Never answered from the local cache: another machine may have written it since.
      if (await fromBucket(key)) return false;
      const file = split(key);
      try {
        await putFile(strapi, {
          key: file.key,
          ext: file.ext,
          mime,
          body,
          private: true,
          params: { IfNoneMatch: '*' },
        });
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status === 412 || status === 409) return false;
        throw error;
      }
      return true;
    },
    async remove(key) {
      const file = split(key);
      await removeFile(strapi, { key: file.key, ext: file.ext });
      await cache.remove(key);
    },
  };
}

/** The folder of the local copies of bucket objects, beside the areas' own folders. */
export const BUCKET_CACHE = 'bucket-cache';

const localCaches = new WeakMap<Core.Strapi, BoundedCache>();

/** This instance's one cache of bucket objects, shared by every area and store (so by the one limit). */
function localCache(strapi: Core.Strapi): BoundedCache {
  let cache = localCaches.get(strapi);
  if (!cache) {
    cache = boundedCache(
      path.resolve(strapi.dirs.app.root, 'private', 'greeting-cards', BUCKET_CACHE),
      getConfig(strapi).localCacheMaxBytes,
    );
    localCaches.set(strapi, cache);
  }
  return cache;
}

/**
 * The private store of `area` (a folder name: render-cache, ...): the bucket when the host stores
 * uploads with the aws-s3 provider (with bounded local copies), else private/greeting-cards/<area>/ on
 * this machine, the only copy, never deleted to save space.
 */
export function privateStore(strapi: Core.Strapi, area: string): PrivateStore {
  if (!/^[\w-]+$/.test(area) || area === BUCKET_CACHE) throw new Error(`bad private store "${area}"`);
  const disk = () => diskStore(path.resolve(strapi.dirs.app.root, 'private', 'greeting-cards', area));
  if (usesLocalUploads(strapi)) return disk();
  const provider = String(uploadProviderConfig(strapi).provider ?? '').toLowerCase();
  const bucket = bucketOf(strapi);
  if (!bucket || !/(^|\/|-)aws-s3$/.test(provider)) return disk();
  return bucketStore(strapi, area, bucket, localCache(strapi).area(area));
}
