import { createHash } from 'crypto';
import { allObjects } from './print-products/pages';

// Which premium content a template or a design involves. Pure: callers pass rows they loaded.
// Whether the user may use it is decided in areas/subscriptions/premium-service.ts (the subscription check).

export function isPremiumTemplate(template: { is_premium?: boolean | null } | null | undefined): boolean {
  return Boolean(template?.is_premium);
}

/** Every asset id a design refers to (objects' `assetId`), once each, in first-use order. */
export function assetIdsInCanvas(canvas: unknown): number[] {
  const ids = new Set<number>();
  for (const object of allObjects(canvas)) {
    const id = (object as { assetId?: unknown } | null)?.assetId;
    if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) ids.add(id);
  }
  return [...ids];
}

/** The premium asset ids a design uses, given the premium flag of the assets it refers to. */
export function premiumAssetIdsInCanvas(
  canvas: unknown,
  assets: Array<{ id: number; is_premium?: boolean | null }>,
): number[] {
  const premium = new Set(assets.filter((a) => a.is_premium).map((a) => a.id));
  return assetIdsInCanvas(canvas).filter((id) => premium.has(id));
}

/** A premium asset as a design can draw it: its emoji, the paths of its picture (every size), and the
 * SHA-256 of those pictures' bytes (to recognise one pasted in as a data URL). */
export interface DrawablePremiumAsset {
  id: number;
  emoji?: string | null;
  imagePaths: string[];
  imageDigests: string[];
}

// Emoji presentation selectors (U+FE0E, U+FE0F) change how a character is shown, not which one it is:
// "👑" and "👑\uFE0F" draw the same crown.
const normaliseEmoji = (text: string) =>
  text
    .normalize('NFC')
    .replace(/[\uFE0E\uFE0F]/g, '')
    .trim();
// Text with no letter or digit is drawn as pictures only: a sticker in all but name.
const onlyPictures = (text: string) => !/[\p{L}\p{N}]/u.test(text);

/** Where an image source points inside this service (`/uploads/...`), with the public URL taken off. */
export function uploadPath(src: string, publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  return base && src.startsWith(`${base}/`) ? src.slice(base.length) : src;
}

/** SHA-256 (hex) of the bytes of a base64 image data URL, or null for any other source. */
export function dataUrlDigest(src: string): string | null {
  const match = /^data:image\/[a-z]+;base64,(.*)$/s.exec(src);
  return match ? createHash('sha256').update(Buffer.from(match[1], 'base64')).digest('hex') : null;
}

/** True when some image object of the design is a data URL (only then do file digests matter). */
export function hasDataUrlImage(canvas: unknown): boolean {
  return objectsOf(canvas).some((o) => typeof o.src === 'string' && o.src.startsWith('data:'));
}

// Every page's objects: a premium sticker inside the card is as premium as one on the front.
function objectsOf(canvas: unknown): Array<Record<string, unknown>> {
  return allObjects(canvas);
}

/**
 * The premium assets a design draws, judged by what each object draws whatever `assetId` it claims:
 * an emoji (or picture-only text) holding a premium sticker's emoji, or an image whose source is a
 * premium asset's picture (its file at any size, or the same bytes as a data URL).
 */
export function premiumAssetsDrawn(canvas: unknown, assets: DrawablePremiumAsset[], publicUrl: string): number[] {
  const found = new Set<number>();
  const emoji = assets.map((a) => ({ id: a.id, text: normaliseEmoji(a.emoji ?? '') })).filter((a) => a.text);
  for (const object of objectsOf(canvas)) {
    const type = String(object.type ?? '').toLowerCase();
    if (typeof object.text === 'string' && (type === 'emoji' || onlyPictures(object.text))) {
      const drawn = normaliseEmoji(object.text);
      for (const a of emoji) if (drawn.includes(a.text)) found.add(a.id);
    }
    if (type === 'image' && typeof object.src === 'string') {
      const path = uploadPath(object.src, publicUrl);
      const digest = dataUrlDigest(object.src);
      for (const a of assets) {
        if (a.imagePaths.includes(path) || (digest && a.imageDigests.includes(digest))) found.add(a.id);
      }
    }
  }
  return [...found];
}

// Where an object sits is not what makes a design: a copy moved, turned or resized is still a copy.
const PLACEMENT = new Set(['left', 'top', 'angle', 'scaleX', 'scaleY', 'id']);

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Each object of a design without its placement, as comparable text. */
export function objectFingerprints(canvas: unknown): string[] {
  return objectsOf(canvas).map((o) =>
    canonical(Object.fromEntries(Object.entries(o).filter(([k]) => !PLACEMENT.has(k)))),
  );
}

/** True when `canvas` holds at least half of `source`'s objects (placement aside): a copy of it. */
export function copiesDesign(canvas: unknown, source: unknown): boolean {
  const wanted = objectFingerprints(source);
  if (!wanted.length) return false;
  const present = new Set(objectFingerprints(canvas));
  return wanted.filter((f) => present.has(f)).length * 2 >= wanted.length;
}
