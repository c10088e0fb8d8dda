// "Use a photo of my handwriting": the ink of a photographed page lifted onto a transparent picture in one
// colour, so it sits on the card like pen on paper. The photo is first checked and cleaned like any photo
// (photo-processing.ts: its bytes decide its type, metadata goes, EXIF turns it upright, 2400 px at most),
// then each pixel is compared with the paper around it (a heavily blurred copy), so a shadow or uneven light
// across the page is not taken for ink. Ink darker than `threshold` of the paper becomes the chosen colour,
// fully opaque where it is darkest, fading at its edges; the rest is transparent. The result is cut to the
// ink with a small margin and kept at the photo's full resolution (up to 2400 px) for print.
import sharp, { type OutputInfo } from 'sharp';
import { fieldError } from '../errors';
import { msg } from '../i18n/format-message';
import type { CleanPhoto } from './photo-processing';

/** Ink is what is darker than this share of the paper's brightness around it. */
export const DEFAULT_THRESHOLD = 0.72;
/** At this share of the paper's brightness (or darker) ink is fully opaque. */
const SOLID = 0.35;
/** Fewer ink pixels than this share of the photo: nothing was written (or the photo is of something else). */
const MIN_INK_SHARE = 0.0002;
const HEX = /^#[0-9A-Fa-f]{6}$/;

export interface LiftOptions {
  /** #RRGGBB */
  colour: string;
  threshold?: number;
}

/** The ink colour a shopper sent, or a 400 naming `colour`. */
export function inkColour(value: unknown, fallback = '#1D2A44'): string {
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value !== 'string' || !HEX.test(value.trim())) throw fieldError('colour', msg('error.handwriting_colour'));
  return value.trim().toUpperCase();
}

export async function liftInk(photo: CleanPhoto, options: LiftOptions): Promise<CleanPhoto> {
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(options.colour.slice(i, i + 2), 16));
  let grey: { data: Buffer; info: OutputInfo };
  try {
    grey = await sharp(photo.data)
      .flatten({ background: '#FFFFFF' })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw fieldError('photo', msg('error.photo_unreadable'));
  }
  const { width, height } = grey.info;
  // The paper: a copy blurred far past any pen stroke (sigma a fiftieth of the longer edge), made at an
  // eighth of the size and brought back up, which costs a fraction of blurring the whole photo.
  const small = { width: Math.max(1, Math.ceil(width / 8)), height: Math.max(1, Math.ceil(height / 8)) };
  const blurred = await sharp(grey.data, { raw: { width, height, channels: 1 } })
    .resize(small.width, small.height, { fit: 'fill' })
    .blur(Math.max(1, Math.max(small.width, small.height) / 50))
    .toColourspace('b-w') // one channel out, as it came in (sharp writes three otherwise)
    .raw()
    .toBuffer();
  const paper = await sharp(blurred, { raw: { ...small, channels: 1 } })
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  const rgba = Buffer.alloc(width * height * 4);
  let inked = 0;
  let [minX, minY, maxX, maxY] = [width, height, -1, -1];
  for (let y = 0, i = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1, i += 1) {
      const share = grey.data[i] / Math.max(24, paper[i]);
      const o = i * 4;
      rgba[o] = r;
      rgba[o + 1] = g;
      rgba[o + 2] = b;
      if (share >= threshold) continue;
      const alpha = Math.round(255 * Math.min(1, (threshold - share) / (threshold - SOLID)));
      rgba[o + 3] = alpha;
      if (alpha < 16) continue;
      inked += 1;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  if (inked < Math.max(8, width * height * MIN_INK_SHARE)) throw fieldError('photo', msg('error.handwriting_no_ink'));
  const margin = Math.round(Math.max(width, height) * 0.02);
  const left = Math.max(0, minX - margin);
  const top = Math.max(0, minY - margin);
  const region = {
    left,
    top,
    width: Math.min(width, maxX + margin + 1) - left,
    height: Math.min(height, maxY + margin + 1) - top,
  };
  const { data, info } = await sharp(rgba, { raw: { width, height, channels: 4 } })
    .extract(region)
    .png({ compressionLevel: 8 })
    .toBuffer({ resolveWithObject: true });
  return { data, ext: 'png', mime: 'image/png', width: info.width, height: info.height };
}
