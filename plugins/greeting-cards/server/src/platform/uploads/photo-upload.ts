import fs from 'fs';
import os from 'os';
import path from 'path';
import crypto from 'crypto';
import type { Core } from '@strapi/strapi';
import { ApiError, fieldError, forbidden } from '../errors';
import { getService } from '../get-service';
import type { UploadedFile } from '../http/uploaded-file';
import { CleanPhoto, cleanPhoto, cropPhoto, parseCropBox } from './photo-processing';
import { makeRoomForPhoto, recordPhoto } from './photo-quota';
import { inkColour, liftInk } from './handwriting-lift';
import { isAllowedRemoteImage } from './image-sources';
import { imageSourceRules } from './image-rules';
import { readUploadedFile, type StoredFile } from './file-store';
import { msg } from '../i18n/format-message';

/**
 * Stores a shopper's photo through Strapi's upload plugin (so it lives in the media library and
 * whatever upload provider the host configured), after cleaning it. Returns the stored file's URL,
 * which the design format accepts as an image src (/uploads/... or the provider's allowed URL). A shopper's photo (`ownerId`) counts
 * against their photo quota; the admin designer's do not. The original upload is deleted by
 * platform/http/discard-uploads.ts whatever happens here.
 */
export async function storePhoto(
  strapi: Core.Strapi,
  file: UploadedFile | undefined,
  ownerId?: number,
): Promise<StoredPhoto> {
  if (!file?.filepath) throw fieldError('photo', msg('error.photo_choose'));
  const clean = await cleanPhoto(file.filepath, file.size);
  if (ownerId !== undefined) await makeRoomForPhoto(strapi, ownerId);
  return store(strapi, clean, ownerId);
}

/**
 * A group-card signer's photo: the editor's checks (type from the bytes, size, dimensions) and one more,
 * a single picture (no polyglot), then stored through the upload provider like any photo. Signers need
 * no account, so it counts against no shopper's quota; the group card caps them (areas/group-cards).
 */
export async function storeSignerPhoto(
  strapi: Core.Strapi,
  file: UploadedFile | undefined,
): Promise<StoredPhoto & { fileId: number }> {
  if (!file?.filepath) throw fieldError('photo', msg('error.photo_choose'));
  const clean = await cleanPhoto(file.filepath, file.size, { singlePicture: true });
  return storeFile(strapi, clean, undefined, 'Photo on a group card');
}

/** Removes photos stored by storeSignerPhoto (their upload-library files), by file id. */
export async function removeStoredPhotos(strapi: Core.Strapi, fileIds: number[]): Promise<void> {
  const upload = strapi.plugin('upload').service('upload');
  for (const id of fileIds) {
    const file = await strapi.db.query('plugin::upload.file').findOne({ where: { id } });
    if (file) await upload.remove(file);
  }
}

/**
 * "Use a photo of my handwriting": the photo is checked and cleaned as any photo is, its ink lifted onto a
 * transparent picture in the chosen colour (handwriting-lift.ts), and that stored as the shopper's photo
 * (the same quota). A picture that cannot be decoded is a 400 naming `photo`, with nothing stored.
 */
export async function storeHandwriting(
  strapi: Core.Strapi,
  file: UploadedFile | undefined,
  body: Record<string, unknown>,
  ownerId?: number,
): Promise<StoredPhoto> {
  const colour = inkColour(body.colour);
  if (!file?.filepath) throw fieldError('photo', msg('error.photo_choose'));
  let lifted: CleanPhoto;
  try {
    lifted = await liftInk(await cleanPhoto(file.filepath, file.size), { colour });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw fieldError('photo', msg('error.photo_unreadable'));
  }
  if (ownerId !== undefined) await makeRoomForPhoto(strapi, ownerId);
  return store(strapi, lifted, ownerId, 'Handwriting on a greeting card');
}

/**
 * Crops a photo already stored in this service's uploads into a new stored photo. The design format
 * keeps an image as a picture filling a box, so a crop is a new picture rather than a crop setting.
 * The source is read where the upload provider keeps it: public/uploads, or over HTTP.
 */
export async function storeCroppedPhoto(
  strapi: Core.Strapi,
  src: unknown,
  body: Record<string, unknown>,
  ownerId?: number,
): Promise<StoredPhoto> {
  const source = await readUploadedPhoto(strapi, src);
  if (!source) throw fieldError('src', msg('error.photo_not_ours'));
  // A crop would turn a premium sticker's picture into a plain upload anyone could draw.
  if (await getService(strapi, 'premium').isPremiumPicture(src as string)) {
    throw forbidden(msg('error.photo_premium_sticker'));
  }
  const box = parseCropBox(body);
  if (ownerId !== undefined) await makeRoomForPhoto(strapi, ownerId);
  return store(strapi, await cropPhoto(source, box), ownerId);
}

/** A local /uploads/ file (a path), or a file of the media library at the remote provider (its bytes). */
async function readUploadedPhoto(strapi: Core.Strapi, src: unknown): Promise<string | Buffer | null> {
  if (typeof src === 'string' && /^\/uploads\/[\w.-]+$/.test(src)) {
    const uploadsDir = path.resolve(strapi.dirs.static.public, 'uploads');
    const file = path.resolve(uploadsDir, src.slice('/uploads/'.length));
    if (!file.startsWith(uploadsDir + path.sep) || !(await fs.promises.stat(file).catch(() => null))?.isFile())
      return null;
    return file;
  }
  if (typeof src !== 'string' || !isAllowedRemoteImage(src, imageSourceRules(strapi))) return null;
  // Only a file the upload plugin stored: an allowed prefix alone could be any object in the bucket.
  const stored = await strapi.db
    .query('plugin::upload.file')
    .findOne({ where: { url: src }, select: ['id', 'url', 'hash', 'ext', 'mime'] });
  if (!stored) return null;
  return (await readUploadedFile(strapi, stored as StoredFile))?.body ?? null;
}

export interface StoredPhoto {
  url: string;
  width: number;
  height: number;
}

async function store(
  strapi: Core.Strapi,
  clean: CleanPhoto,
  ownerId?: number,
  alternativeText?: string,
): Promise<StoredPhoto> {
  const { url, width, height } = await storeFile(strapi, clean, ownerId, alternativeText);
  return { url, width, height };
}

/** Stores a cleaned picture through the upload plugin; with the upload library's file id. */
async function storeFile(
  strapi: Core.Strapi,
  clean: CleanPhoto,
  ownerId?: number,
  alternativeText = 'Photo on a greeting card',
): Promise<StoredPhoto & { fileId: number }> {
  const name = `photo-${crypto.randomBytes(8).toString('hex')}.${clean.ext}`;
  const tmp = path.join(os.tmpdir(), name);
  await fs.promises.writeFile(tmp, clean.data);
  try {
    const [stored] = await strapi
      .plugin('upload')
      .service('upload')
      .upload({
        data: { fileInfo: { name, alternativeText } },
        files: { filepath: tmp, originalFilename: name, mimetype: clean.mime, size: clean.data.length },
      });
    if (ownerId !== undefined) await recordPhoto(strapi, ownerId, { url: stored.url, fileId: stored.id });
    return { url: stored.url, width: clean.width, height: clean.height, fileId: stored.id as number };
  } finally {
    await fs.promises.rm(tmp, { force: true });
  }
}
