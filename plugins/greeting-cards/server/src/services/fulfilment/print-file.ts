import crypto from 'crypto';
import type { PluginConfig } from '../../config/settings';
import { effectiveProductCode } from '../../domain/print-products/products';
import { apiPathOf, mountPointsOf } from '../../mount/mount-points';

// The print file of a posted card, and the signed link print providers fetch it from.
//
// THE SEAM: printFileFor() is the one place that says which PDF a printer gets: the printer's PDF of
// the card's print product (one page per card page at trim plus bleed, no crop marks).

type Row = Record<string, unknown>;
export type RenderCardPdf = (item: Row) => Promise<Buffer>;

/** The PDF a printer receives for one order item. */
export function printFileFor(item: Row, renderCardPdf: RenderCardPdf): Promise<Buffer> {
  return renderCardPdf(item);
}

/**
 * Our print product of an order item (the card's product: a5, a6, in5x7, square; a5 for cards made
 * before products existed): the key of a provider's SKU map, whose "card" entry covers any product
 * without one of its own.
 */
export function printProductOf(item: Row): string {
  const card = (item.card ?? {}) as Row;
  return effectiveProductCode(card.product);
}

/** How long a provider may take to fetch a print file (they fetch at once, and again if a print is redone). */
export const PRINT_FILE_TTL_MS = 7 * 24 * 3600 * 1000;

// With no callback secret (the stub, which never hands out the link) a key of this process signs.
const processKey = crypto.randomBytes(32).toString('hex');
const keyOf = (config: PluginConfig) => `print-file:${config.postalCallbackSecret || processKey}`;

const signature = (config: PluginConfig, deliveryId: number, expires: number) =>
  crypto.createHmac('sha256', keyOf(config)).update(`${deliveryId}.${expires}`).digest('base64url');

/** {API prefix}/postal/print-files/<delivery>-<expires>-<signature>.pdf under the public URL; unguessable without the secret. */
export function signedPrintFileUrl(config: PluginConfig, deliveryId: number, now: Date): string {
  const expires = Math.floor((now.getTime() + PRINT_FILE_TTL_MS) / 1000);
  const file = `${deliveryId}-${expires}-${signature(config, deliveryId, expires)}.pdf`;
  return `${config.publicUrl.replace(/\/+$/, '')}${apiPathOf(mountPointsOf(config), `/postal/print-files/${file}`)}`;
}

/** The delivery id a print-file name was signed for, or null when it is forged, malformed or expired. */
export function verifyPrintFileName(config: PluginConfig, name: string, now: Date): number | null {
  const match = /^(\d{1,12})-(\d{1,12})-([\w-]{43})\.pdf$/.exec(name);
  if (!match) return null;
  const [, id, expires, given] = match;
  const expected = signature(config, Number(id), Number(expires));
  if (!crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected))) return null;
  if (Number(expires) * 1000 < now.getTime()) return null;
  return Number(id);
}
