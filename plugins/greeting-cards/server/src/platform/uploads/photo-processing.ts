// Checks and cleans an uploaded photo: the content (not the claimed type) must be a JPEG, PNG,
// WebP or GIF within the size limit; the result is re-encoded without metadata (EXIF, GPS, camera
// details never reach storage), turned upright from its EXIF orientation and capped in size.
import fs from 'fs';
import sharp from 'sharp';
import { pictureEnd } from './picture-end';
import { fieldError, fieldErrors, type FieldErrors } from '../errors';
import { msg } from '../i18n/format-message';

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

export interface CleanOptions {
  /**
   * Also refuse a file that holds more than one picture: bytes after the picture's own end (a
   * polyglot, such as a picture with a script or archive appended) are a 400 naming `field`. Used
   * for group-card signers' photos (anyone with the link); the editor's own uploads accept phone
   * photos that carry a clip after the picture (motion photos).
   */
  singlePicture?: boolean;
  /** The field errors name; `photo` unless told. */
  field?: string;
}

export async function cleanPhoto(
  input: Buffer | string,
  size: number,
  options: CleanOptions = {},
): Promise<CleanPhoto> {
  const field = options.field ?? 'photo';
  if (size > MAX_PHOTO_BYTES) throw fieldError(field, msg('error.photo_too_large'));
  let format: string | undefined;
  try {
    format = (await sharp(input).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !(FORMATS as readonly string[]).includes(format)) {
    throw fieldError(field, msg('error.photo_type'));
  }
  if (options.singlePicture) {
    const bytes = typeof input === 'string' ? await fs.promises.readFile(input) : input;
    const end = pictureEnd(bytes, format);
    if (end === null) throw fieldError(field, msg('error.photo_unreadable'));
    if (!bytes.subarray(end).every((b) => b === 0)) throw fieldError(field, msg('error.photo_polyglot'));
  }
  // sharp writes no metadata unless asked (withMetadata), so re-encoding strips it.
  const pipeline = sharp(input, { animated: false })
    .rotate()
    .resize({ width: MAX_PHOTO_EDGE, height: MAX_PHOTO_EDGE, fit: 'inside', withoutEnlargement: true });
  // Pictures that may be transparent stay PNG; photos become JPEG.
  const keepAlpha = format === 'png' || format === 'gif' || format === 'webp';
  let encoded: { data: Buffer; info: { width: number; height: number } };
  try {
    encoded = keepAlpha
      ? await pipeline.png({ compressionLevel: 8 }).toBuffer({ resolveWithObject: true })
      : await pipeline.jpeg({ quality: 88, mozjpeg: true }).toBuffer({ resolveWithObject: true });
  } catch {
    // A header that reads but a body that does not (a truncated JPEG, a picture over sharp's pixel
    // limit): a refusal naming the field, not a server error.
    throw fieldError(field, msg('error.photo_unreadable'));
  }
  const { data, info } = encoded;
  return keepAlpha
    ? { data, ext: 'png', mime: 'image/png', width: info.width, height: info.height }
    : { data, ext: 'jpg', mime: 'image/jpeg', width: info.width, height: info.height };
}

export interface CropBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Reads a crop request ({left, top, width, height} in the photo's pixels); field errors otherwise. */
export function parseCropBox(body: Record<string, unknown>): CropBox {
  const out: Partial<CropBox> = {};
  const errors: FieldErrors = {};
  for (const key of ['left', 'top', 'width', 'height'] as const) {
    const v = body[key];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 100000) errors[key] = [msg('error.crop_pixels')];
    else out[key] = Math.round(v);
  }
  if (!errors.width && (out.width as number) < 1) errors.width = [msg('error.crop_width')];
  if (!errors.height && (out.height as number) < 1) errors.height = [msg('error.crop_height')];
  if (Object.keys(errors).length) throw fieldErrors(errors);
  return out as CropBox;
}

/** Cuts the box out of a stored photo (clamped to the picture) and cleans the result like an upload. */
export async function cropPhoto(file: string | Buffer, box: CropBox): Promise<CleanPhoto> {
  const meta = await sharp(file).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  const left = Math.min(box.left, width - 1);
  const top = Math.min(box.top, height - 1);
  const region = {
    left,
    top,
    width: Math.max(1, Math.min(box.width, width - left)),
    height: Math.max(1, Math.min(box.height, height - top)),
  };
  const data = await sharp(file).extract(region).toBuffer();
  return cleanPhoto(data, data.length);
}
