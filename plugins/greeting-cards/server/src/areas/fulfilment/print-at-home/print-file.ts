import crypto from 'crypto';
import type { Core } from '@strapi/strapi';
import { getConfig } from '../../../platform/config/get-config';
import { effectiveProductCode } from '../../../platform/designs/print-products/products';
import { apiPathOf, mountPointsOf } from '../../../platform/mount/mount-points';

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

// The key that signs print-file links is derived from the app's keys (APP_KEYS, which also sign its
// cookies) under a label of its own, so it is no other secret's twin. It was once derived from the postal
// callback secret, which every print provider holds in its callback URL: whoever knew that could sign a
// link to any customer's print file. APP_KEYS rotates as Koa's do: links are signed with the first key
// and accepted under any key listed, so adding a new key in front keeps links in flight working.
const LABEL = 'greeting-cards print-file link v1';

// Strapi refuses to start without app keys; should they be missing all the same, a key of this process signs.
const processKey = crypto.randomBytes(32).toString('hex');

function appKeys(strapi: Core.Strapi): string[] {
  const keys = strapi.config.get('server.app.keys') as unknown;
  const listed = Array.isArray(keys) ? keys.filter((k): k is string => typeof k === 'string' && k.length > 0) : [];
  return listed.length ? listed : [processKey];
}

const derive = (appKey: string): Buffer => Buffer.from(crypto.hkdfSync('sha256', appKey, '', LABEL, 32));

const signature = (key: Buffer, deliveryId: number, expires: number) =>
  crypto.createHmac('sha256', key).update(`${deliveryId}.${expires}`).digest('base64url');

/** {API prefix}/postal/print-files/<delivery>-<expires>-<signature>.pdf under the public URL; unguessable without the app's keys. */
export function signedPrintFileUrl(strapi: Core.Strapi, deliveryId: number, now: Date): string {
  const config = getConfig(strapi);
  const expires = Math.floor((now.getTime() + PRINT_FILE_TTL_MS) / 1000);
  const file = `${deliveryId}-${expires}-${signature(derive(appKeys(strapi)[0]), deliveryId, expires)}.pdf`;
  return `${config.publicUrl.replace(/\/+$/, '')}${apiPathOf(mountPointsOf(config), `/postal/print-files/${file}`)}`;
}

/** The delivery id a print-file name was signed for, or null when it is forged, malformed or expired. */
export function verifyPrintFileName(strapi: Core.Strapi, name: string, now: Date): number | null {
  const match = /^(\d{1,12})-(\d{1,12})-([\w-]{43})\.pdf$/.exec(name);
  if (!match) return null;
  const [, id, expires, given] = match;
  if (Number(expires) * 1000 < now.getTime()) return null;
  const signed = appKeys(strapi).some((key) =>
    crypto.timingSafeEqual(Buffer.from(given), Buffer.from(signature(derive(key), Number(id), Number(expires)))),
  );
  return signed ? Number(id) : null;
}
