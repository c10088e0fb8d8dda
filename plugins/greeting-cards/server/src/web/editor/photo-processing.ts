// Checks and cleans an uploaded photo: the content (not the claimed type) must be a JPEG, PNG,
// WebP or GIF within the size limit; the result is re-encoded without metadata (EXIF, GPS, camera
// details never reach storage), turned upright from its EXIF orientation and capped in size.
import sharp from 'sharp';
import { fieldError } from '../../http/errors';

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const MAX_PHOTO_EDGE = 2400;
const FORMATS = ['jpeg', 'png', 'webp', 'gif'] as const;

export interface CleanPhoto {
  data: Buffer;
  ext: 'jpg' | 'png';
  mime: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
}

export async function cleanPhoto(input: Buffer | string, size: number): Promise<CleanPhoto> {
  if (size > MAX_PHOTO_BYTES) throw fieldError('photo', 'The photo is larger than 10 MB. Please choose a smaller one.');
  let format: string | undefined;
  try {
    format = (await sharp(input).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !(FORMATS as readonly string[]).includes(format)) {
    throw fieldError('photo', 'Please upload a JPEG, PNG, WebP or GIF picture.');
  }
  // sharp writes no metadata unless asked (withMetadata), so re-encoding strips it.
  const pipeline = sharp(input, { animated: false })
    .rotate()
    .resize({ width: MAX_PHOTO_EDGE, height: MAX_PHOTO_EDGE, fit: 'inside', withoutEnlargement: true });
  // Pictures that may be transparent stay PNG; photos become JPEG.
  const keepAlpha = format === 'png' || format === 'gif' || format === 'webp';
  const { data, info } = keepAlpha
    ? await pipeline.png({ compressionLevel: 8 }).toBuffer({ resolveWithObject: true })
    : await pipeline.jpeg({ quality: 88, mozjpeg: true }).toBuffer({ resolveWithObject: true });
  return keepAlpha
    ? { data, ext: 'png', mime: 'image/png', width: info.width, height: info.height }
    : { data, ext: 'jpg', mime: 'image/jpeg', width: info.width, height: info.height };
}
