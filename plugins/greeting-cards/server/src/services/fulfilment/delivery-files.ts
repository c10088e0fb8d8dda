import type { Core } from '@strapi/strapi';
import crypto from 'crypto';
import fs from 'fs/promises';
import path from 'path';

/** Print-ready PDFs of print-at-home deliveries: outside public/, served only to the buyer or by token. */
export const PDF_DIR = 'private/greeting-cards/pdfs';

export function pdfPathFor(strapi: Core.Strapi, deliveryId: number): { relative: string; absolute: string } {
  const relative = path.posix.join(PDF_DIR, `delivery-${deliveryId}.pdf`);
  return { relative, absolute: path.resolve(strapi.dirs.app.root, relative) };
}

export async function writePdf(strapi: Core.Strapi, deliveryId: number, pdf: Buffer): Promise<string> {
  const { relative, absolute } = pdfPathFor(strapi, deliveryId);
  await fs.mkdir(path.dirname(absolute), { recursive: true });
  // Write then rename: a reader never sees half a PDF. The temporary name is unique per call, so two
  // concurrent first requests for the same PDF each rename a whole file instead of sharing one.
  const tmp = `${absolute}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`;
  await fs.writeFile(tmp, pdf);
  await fs.rename(tmp, absolute);
  return relative;
}

export async function readStoredPdf(strapi: Core.Strapi, relative: string | null | undefined): Promise<Buffer | null> {
  if (!relative) return null;
  const absolute = path.resolve(strapi.dirs.app.root, relative);
  // Only ever our own folder, whatever the column holds.
  if (!absolute.startsWith(path.resolve(strapi.dirs.app.root, 'private') + path.sep)) return null;
  try {
    return await fs.readFile(absolute);
  } catch {
    return null;
  }
}
