import fs from 'fs';
import path from 'path';
import { createHash } from 'crypto';
import type { Core } from '@strapi/strapi';
import { UID } from '../../platform/uids';
import { query, type Row } from '../../platform/db/query';
import { hasDataUrlImage, type DrawablePremiumAsset } from '../../platform/designs/premium';
import { shopRows } from '../../platform/db/localized';

// The premium assets as a design can draw them (platform/designs/premium.ts premiumAssetsDrawn): emoji, picture
// paths at every size, and the digests of the pictures' bytes. Inactive assets count too: withdrawing
// a sticker from the shelf does not make it free.

// Digest per stored file, keyed by its URL and last change; files never change under one URL, so the
// map only grows with the premium pictures there are.
const digests = new Map<string, string | null>();

async function fileDigest(strapi: Core.Strapi, url: string, version: string): Promise<string | null> {
  const key = `${url}|${version}`;
  if (digests.has(key)) return digests.get(key) ?? null;
  let digest: string | null = null;
  // Local uploads only: with a remote upload provider a pasted copy is recognised by its URL alone.
  if (/^\/uploads\/[\w.-]+$/.test(url)) {
    const bytes = await fs.promises.readFile(path.join(strapi.dirs.static.public, url)).catch(() => null);
    digest = bytes ? createHash('sha256').update(bytes).digest('hex') : null;
  }
  digests.set(key, digest);
  return digest;
}

/** Premium assets with what they draw; file digests only when the design holds a data URL image. */
export async function drawablePremiumAssets(strapi: Core.Strapi, canvas: unknown): Promise<DrawablePremiumAsset[]> {
  const rows = (await query(strapi, UID.asset).findMany({
    where: shopRows({ is_premium: true }),
    select: ['id', 'emoji'],
    populate: { image: { select: ['url', 'formats', 'updatedAt'] } },
  })) as Row[];
  const withDigests = hasDataUrlImage(canvas);
  return Promise.all(
    rows.map(async (row) => {
      const image = row.image as Row | null;
      const urls: string[] = image?.url ? [String(image.url)] : [];
      for (const format of Object.values((image?.formats ?? {}) as Record<string, Row>))
        if (format?.url) urls.push(String(format.url));
      const version = String(image?.updatedAt ?? '');
      const imageDigests = withDigests
        ? (await Promise.all(urls.map((u) => fileDigest(strapi, u, version)))).filter((d): d is string => Boolean(d))
        : [];
      return { id: Number(row.id), emoji: row.emoji as string | null, imagePaths: urls, imageDigests };
    }),
  );
}
