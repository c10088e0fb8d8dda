import type { Core } from '@strapi/strapi';
import fs from 'fs/promises';
import path from 'path';
import { putFile } from '../../platform/uploads/file-store';
import { usesLocalUploads } from '../../platform/uploads/image-rules';

/** Where the card renderer keeps content-addressed previews (see card-renderer.ts storePreview). */
export interface PreviewStore {
  /** The URL of the stored file under `key` (e.g. greeting-cards/previews/<hash>), or null if not stored. */
  find(key: string): Promise<string | null>;
  /** Stores the PNG and returns its public URL. */
  put(key: string, png: Buffer): Promise<string>;
}

/**
 * Previews and thumbnails through the upload provider (file-store.ts). The local provider's files are
 * found on disk; a remote provider's are remembered once stored by this process (a preview stored by
 * an earlier process is drawn and stored again under the same key, which only costs the render).
 */
export function uploadPreviewStore(strapi: Core.Strapi): PreviewStore {
  const known = new Map<string, string>();
  return {
    async find(key) {
      if (usesLocalUploads(strapi)) {
        const url = `/uploads/${key}.png`;
        return fs.access(path.join(strapi.dirs.static.public, url)).then(
          () => url,
          () => null,
        );
      }
      return known.get(key) ?? null;
    },
    async put(key, png) {
      const { url } = await putFile(strapi, { key, ext: '.png', mime: 'image/png', body: png });
      known.set(key, url);
      return url;
    },
  };
}
