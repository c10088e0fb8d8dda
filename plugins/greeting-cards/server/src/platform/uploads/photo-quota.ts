import type { Core } from '@strapi/strapi';
import { UID } from '../uids';
import { query, type Row } from '../db/query';
import { getConfig } from '../config/get-config';
import { msg, tooLarge } from '../errors';
import { uploadPath } from '../designs/premium';
import { allObjects } from '../designs/print-products/pages';

// Each shopper keeps at most SERVICE_PHOTO_MAX_PER_USER photos (uploads and crops). Photos cannot be
// deleted one by one, and every crop is a new photo, so a cap alone would lock a shopper out for good:
// at the cap, photos on none of their cards are removed first. Only those over an hour old, so a
// photo just added in an editor whose design is not saved yet is never taken away.
const GRACE_MS = 60 * 60 * 1000;

const photos = (strapi: Core.Strapi) => query(strapi, UID.photo);

/** Every image source on the shopper's cards, as /uploads/... paths. */
async function photosOnCards(strapi: Core.Strapi, ownerId: number): Promise<Set<string>> {
  const { publicUrl } = getConfig(strapi);
  const cards = (await query(strapi, UID.card).findMany({
    where: { owner: { id: ownerId } },
    select: ['canvas_data'],
  })) as Row[];
  const used = new Set<string>();
  for (const card of cards) {
    // Every page's photos: one on the inside is as much in use as one on the front.
    for (const o of allObjects(card.canvas_data))
      if (typeof o?.src === 'string') used.add(uploadPath(o.src, publicUrl));
  }
  return used;
}

/** Removes the shopper's photos that are on none of their cards (and older than the grace time). */
async function removeUnusedPhotos(strapi: Core.Strapi, ownerId: number): Promise<void> {
  const old = (await photos(strapi).findMany({
    where: { owner: { id: ownerId }, createdAt: { $lt: new Date(Date.now() - GRACE_MS) } },
    select: ['id', 'url', 'file_id'],
  })) as Row[];
  if (!old.length) return;
  const used = await photosOnCards(strapi, ownerId);
  const upload = strapi.plugin('upload').service('upload');
  for (const photo of old.filter((p) => !used.has(uploadPath(String(p.url), getConfig(strapi).publicUrl)))) {
    const file = photo.file_id
      ? await query(strapi, 'plugin::upload.file').findOne({ where: { id: photo.file_id } })
      : null;
    if (file) await upload.remove(file);
    await photos(strapi).delete({ where: { id: photo.id } });
  }
}

/** Throws 413 when the shopper is at the cap even after unused photos made room. */
export async function makeRoomForPhoto(strapi: Core.Strapi, ownerId: number): Promise<void> {
  const max = getConfig(strapi).photoMaxPerUser;
  const count = () => photos(strapi).count({ where: { owner: { id: ownerId } } });
  if ((await count()) < max) return;
  await removeUnusedPhotos(strapi, ownerId);
  if ((await count()) < max) return;
  throw tooLarge(msg('error.photo_quota', { max }));
}

/** Counts a stored photo against its shopper. */
export async function recordPhoto(
  strapi: Core.Strapi,
  ownerId: number,
  stored: { url: string; fileId: number },
): Promise<void> {
  await photos(strapi).create({
    data: { owner: ownerId, url: stored.url, file_id: stored.fileId, createdAt: new Date() },
  });
}
