import type { Core } from '@strapi/strapi';
import crypto from 'crypto';
import fs from 'fs/promises';
import path from 'path';
import { fileUrlFor, putFile, readUploadedFile, type StoredFile } from '../../platform/uploads/file-store';
import { usesLocalUploads } from '../../platform/uploads/image-rules';

/**
 * Print-ready PDFs of print-at-home deliveries, served only to the buyer or by token. With the local
 * upload provider they stay outside public/ (the local provider publishes everything it stores); with
 * any other provider they go through it, as private objects under an unguessable key, and are read
 * back through the provider's signed, expiring URL. pdf_path holds the local path or, for a provider,
 * the stored file's URL (its key, greeting-cards/pdfs/<hash>.pdf, is the URL's end).
 */
const PROVIDER_DIR = 'greeting-cards/pdfs';
export const PDF_DIR = 'private/greeting-cards/pdfs';

export function pdfPathFor(strapi: Core.Strapi, deliveryId: number): { relative: string; absolute: string } {
  const relative = path.posix.join(PDF_DIR, `delivery-${deliveryId}.pdf`);
  return { relative, absolute: path.resolve(strapi.dirs.app.root, relative) };
}

export async function writePdf(strapi: Core.Strapi, deliveryId: number, pdf: Buffer): Promise<string> {
  if (!usesLocalUploads(strapi)) {
    const key = `${PROVIDER_DIR}/delivery-${deliveryId}-${crypto.randomBytes(16).toString('hex')}`;
    const stored = await putFile(strapi, { key, ext: '.pdf', mime: 'application/pdf', body: pdf, private: true });
    return stored.url;
  }
  const { relative, absolute } = pdfPathFor(strapi, deliveryId);
  await fs.mkdir(path.dirname(absolute), { recursive: true });
  // Write then rename: a reader never sees half a PDF. The temporary name is unique per call, so two
  // concurrent first requests for the same PDF each rename a whole file instead of sharing one.
  const tmp = `${absolute}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`;
  await fs.writeFile(tmp, pdf);
  await fs.rename(tmp, absolute);
  return relative;
}

function providerFile(stored: string): StoredFile | null {
  const match = /^https?:\/\/.+\/greeting-cards\/pdfs\/(delivery-\d+-[0-9a-f]{32})\.pdf$/.exec(stored);
  return match ? { url: stored, hash: match[1], ext: '.pdf', path: PROVIDER_DIR, mime: 'application/pdf' } : null;
}

/** The provider's signed, expiring URL of a PDF stored through it; null for a local PDF. */
export async function signedPdfUrl(strapi: Core.Strapi, stored: string | null | undefined): Promise<string | null> {
  const file = stored ? providerFile(stored) : null;
  return file ? fileUrlFor(strapi, file, { signed: true }) : null;
}

export async function readStoredPdf(strapi: Core.Strapi, relative: string | null | undefined): Promise<Buffer | null> {
  if (!relative) return null;
  if (/^https?:/.test(relative)) {
    const file = providerFile(relative);
    return file ? ((await readUploadedFile(strapi, file, { signed: true }))?.body ?? null) : null;
  }
  const absolute = path.resolve(strapi.dirs.app.root, relative);
  // Only ever our own folder, whatever the column holds.
  if (!absolute.startsWith(path.resolve(strapi.dirs.app.root, 'private') + path.sep)) return null;
  try {
    return await fs.readFile(absolute);
  } catch {
    return null;
  }
}
