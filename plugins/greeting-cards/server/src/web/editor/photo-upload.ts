import fs from 'fs';
import os from 'os';
import path from 'path';
import crypto from 'crypto';
import type { Core } from '@strapi/strapi';
import { fieldError } from '../../http/errors';
import { cleanPhoto } from './photo-processing';

/**
 * Stores a shopper's photo through Strapi's upload plugin (so it lives in the media library and
 * whatever upload provider the host configured), after cleaning it. Returns the stored file's URL,
 * which the design format accepts as an image src (/uploads/...).
 */
export async function storePhoto(
  strapi: Core.Strapi,
  file: { filepath: string; size: number } | undefined,
): Promise<{ url: string; width: number; height: number }> {
  if (!file?.filepath) throw fieldError('photo', 'Choose a photo to upload.');
  const clean = await cleanPhoto(file.filepath, file.size);
  const name = `photo-${crypto.randomBytes(8).toString('hex')}.${clean.ext}`;
  const tmp = path.join(os.tmpdir(), name);
  await fs.promises.writeFile(tmp, clean.data);
  try {
    const [stored] = await strapi
      .plugin('upload')
      .service('upload')
      .upload({
        data: { fileInfo: { name, alternativeText: 'Photo on a greeting card' } },
        files: { filepath: tmp, originalFilename: name, mimetype: clean.mime, size: clean.data.length },
      });
    return { url: stored.url, width: clean.width, height: clean.height };
  } finally {
    await fs.promises.rm(tmp, { force: true });
  }
}
