import type { Core } from '@strapi/strapi';
import crypto from 'crypto';
import fs from 'fs/promises';
import path from 'path';
import { usesLocalUploads, uploadProviderConfig } from './image-rules';
import { fetchRemoteFile, type RemoteFile } from '../providers/shared/remote-file';

// Files the plugin makes itself (previews, thumbnails, print PDFs) stored through the host's upload
// provider, under a key of our choosing (greeting-cards/previews/<hash>), without a media-library row:
// they are derived from designs, not content an editor manages.
//
// With Strapi's local provider the file is written where that provider would put it
// (public/uploads/<key><ext>, URL /uploads/<key><ext>), but written then renamed so a reader never
// gets half a file; the local provider itself can neither make folders nor write atomically.

/** What the upload provider needs to find a file again (hash, ext, path as in the media library). */
export interface StoredFile {
  url: string;
  hash: string;
  ext: string;
  path?: string;
  mime: string;
}

interface ProviderFile extends StoredFile {
  name: string;
  buffer: Buffer;
  size: number;
}

interface UploadProvider {
  upload(file: ProviderFile, customParams?: Record<string, unknown>): Promise<void>;
  isPrivate?(): boolean | Promise<boolean>;
  getSignedUrl?(file: StoredFile): Promise<{ url: string }>;
}

const providerOf = (strapi: Core.Strapi): UploadProvider =>
  strapi.plugin('upload').provider as unknown as UploadProvider;

async function writeAtomically(file: string, body: Buffer): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`;
  await fs.writeFile(tmp, body);
  await fs.rename(tmp, file);
}

/**
 * Stores `body` under `key` + `ext` through the upload provider and returns where it went. `private`
 * asks an S3 bucket that uses ACLs for a private object (read back through a signed URL).
 */
export async function putFile(
  strapi: Core.Strapi,
  input: {
    key: string;
    ext: string;
    mime: string;
    body: Buffer;
    private?: boolean;
    /** Extra parameters for the provider's write (S3: IfNoneMatch); ignored by the local provider. */
    params?: Record<string, unknown>;
  },
): Promise<StoredFile> {
  if (!/^[\w-]+(?:\/[\w-]+)*$/.test(input.key) || !/^\.[a-z0-9]+$/.test(input.ext))
    throw new Error(`bad file key "${input.key}${input.ext}"`);
  if (usesLocalUploads(strapi)) {
    await writeAtomically(path.join(strapi.dirs.static.public, 'uploads', `${input.key}${input.ext}`), input.body);
    return { url: `/uploads/${input.key}${input.ext}`, hash: input.key, ext: input.ext, mime: input.mime };
  }
  const dir = path.posix.dirname(input.key);
  const file: ProviderFile = {
    name: path.posix.basename(input.key) + input.ext,
    hash: path.posix.basename(input.key),
    ext: input.ext,
    mime: input.mime,
    buffer: input.body,
    size: input.body.length,
    url: '',
    ...(dir !== '.' ? { path: dir } : {}),
  };
  await providerOf(strapi).upload(file, { ...(input.private ? privateParams(strapi) : {}), ...input.params });
  if (!file.url) throw new Error('[greeting-cards] the upload provider stored a file but gave no URL');
  return { url: file.url, hash: file.hash, ext: file.ext, mime: file.mime, ...(file.path ? { path: file.path } : {}) };
}

// Only a bucket that sends ACLs gets one: since 2023 new AWS buckets refuse ACL headers altogether,
// and there objects are private unless a bucket policy says otherwise.
function privateParams(strapi: Core.Strapi): Record<string, unknown> {
  const options = (uploadProviderConfig(strapi).providerOptions ?? {}) as {
    s3Options?: { params?: { ACL?: unknown } };
    params?: { ACL?: unknown };
  };
  const params = (options.s3Options ?? options).params;
  return params?.ACL ? { ACL: 'private' } : {};
}

/**
 * A URL the file can be fetched from right now: the provider's signed, expiring URL when it signs
 * (the S3 provider does, for any object of its bucket), else the file's own URL.
 */
export async function fileUrlFor(
  strapi: Core.Strapi,
  file: StoredFile,
  options: { signed?: boolean } = {},
): Promise<string> {
  const provider = providerOf(strapi);
  const signs = typeof provider.getSignedUrl === 'function' && (options.signed || (await provider.isPrivate?.()));
  return signs ? (await provider.getSignedUrl!(file)).url : file.url;
}

/** Reads back a file of the upload provider: /uploads/... from public/, anything else over HTTP. */
export async function readUploadedFile(
  strapi: Core.Strapi,
  urlOrFile: string | StoredFile,
  options: { signed?: boolean } = {},
): Promise<RemoteFile | null> {
  const url = typeof urlOrFile === 'string' ? urlOrFile : urlOrFile.url;
  if (url.startsWith('/uploads/')) {
    const root = path.resolve(strapi.dirs.static.public, 'uploads');
    const file = path.resolve(strapi.dirs.static.public, `.${url}`);
    if (!file.startsWith(root + path.sep)) return null;
    try {
      return { body: await fs.readFile(file), contentType: '' };
    } catch {
      return null;
    }
  }
  const target = typeof urlOrFile === 'string' ? url : await fileUrlFor(strapi, urlOrFile, options);
  return fetchRemoteFile(target);
}

/**
 * Removes a file putFile() stored under `key` + `ext` (a preview, a PDF) from where the upload provider
 * keeps it. Removing a file that is not there is not an error, so a job may repeat it.
 */
export async function removeFile(strapi: Core.Strapi, input: { key: string; ext: string }): Promise<void> {
  if (!/^[\w-]+(?:\/[\w-]+)*$/.test(input.key) || !/^\.[a-z0-9]+$/.test(input.ext))
    throw new Error(`bad file key "${input.key}${input.ext}"`);
  if (usesLocalUploads(strapi)) {
    await fs.rm(path.join(strapi.dirs.static.public, 'uploads', `${input.key}${input.ext}`), { force: true });
    return;
  }
  const dir = path.posix.dirname(input.key);
  const provider = strapi.plugin('upload').provider as unknown as {
    delete(file: { hash: string; ext: string; path?: string; url: string }): Promise<void>;
  };
  await provider.delete({
    hash: path.posix.basename(input.key),
    ext: input.ext,
    url: '',
    ...(dir !== '.' ? { path: dir } : {}),
  });
}
