import type { Core } from '@strapi/strapi';
import { UID } from '../../platform/uids';
import { query, type Row } from '../../platform/db/query';
import { getConfig } from '../../platform/config/get-config';
import { uploadPath } from '../../platform/designs/premium';
import { allObjects } from '../../platform/designs/print-products/pages';
import { effectiveProductCode } from '../../platform/designs/print-products/products';
import {
  photoResolutions,
  preflight,
  type PhotoResolution,
  type PreflightIssue,
} from '../../platform/designs/print-products/preflight';
import type { CardRow } from './serializer';
import { imageSourceRules } from '../../platform/uploads/image-rules';

// Gathers what the pure preflight (platform/designs/print-products/preflight.ts) needs about one card: its
// product, its template's placeholder texts, whether it is going by post, and its photos' pixel sizes.

/** Pixel sizes of the design's photos, from the upload plugin's records (any upload provider). */
async function photoSizes(
  strapi: Core.Strapi,
  canvasData: unknown,
): Promise<Record<string, { width: number; height: number }>> {
  const { publicUrl } = getConfig(strapi);
  const sources = [
    ...new Set(
      allObjects(canvasData)
        .filter((o) => o.type === 'image' && typeof o.src === 'string')
        .map((o) => String(o.src)),
    ),
  ].filter((src) => !src.startsWith('data:'));
  if (!sources.length) return {};
  const urls = [...new Set(sources.flatMap((src) => [src, uploadPath(src, publicUrl)]))];
  const files = (await query(strapi, 'plugin::upload.file').findMany({
    where: { url: { $in: urls } },
    select: ['url', 'width', 'height'],
  })) as Row[];
  const byUrl = new Map(
    files
      .filter((f) => Number(f.width) > 0)
      .map((f) => [String(f.url), { width: Number(f.width), height: Number(f.height) }]),
  );
  const sizes: Record<string, { width: number; height: number }> = {};
  for (const src of sources) {
    const size = byUrl.get(src) ?? byUrl.get(uploadPath(src, publicUrl));
    if (size) sizes[src] = size;
  }
  return sizes;
}

/** Whether the card is in a cart or order to be posted. */
async function isPosted(strapi: Core.Strapi, cardId: number): Promise<boolean> {
  return (await query(strapi, UID.orderItem).count({ where: { card: { id: cardId }, delivery_method: 'post' } })) > 0;
}

type CardWithTemplate = CardRow & { template?: { canvas_data?: unknown } | null };

/** The card's preflight report and the effective resolution of each of its photos at print size. */
export async function cardPrintReport(
  strapi: Core.Strapi,
  card: CardWithTemplate,
): Promise<{ preflight: PreflightIssue[]; photo_resolutions: PhotoResolution[] }> {
  const imageSizes = await photoSizes(strapi, card.canvas_data);
  const product = effectiveProductCode(card.product, card.template?.product);
  return {
    preflight: await cardPreflight(strapi, card, imageSizes),
    photo_resolutions: photoResolutions({ canvasData: card.canvas_data, product, imageSizes }),
  };
}

export async function cardPreflight(
  strapi: Core.Strapi,
  card: CardWithTemplate,
  knownSizes?: Record<string, { width: number; height: number }>,
): Promise<PreflightIssue[]> {
  const config = getConfig(strapi);
  return preflight({
    canvasData: card.canvas_data,
    product: effectiveProductCode(card.product, card.template?.product),
    insideMessage: card.inside_message ?? '',
    posted: await isPosted(strapi, card.id),
    templateCanvas: card.template?.canvas_data,
    imageSizes: knownSizes ?? (await photoSizes(strapi, card.canvas_data)),
    minDpi: config.photoMinDpi,
    // The same image sources the API accepts: a photo from the upload provider's URL is printable.
    limits: { maxBytes: config.canvasMaxBytes, maxObjects: config.canvasMaxObjects, ...imageSourceRules(strapi) },
  });
}
