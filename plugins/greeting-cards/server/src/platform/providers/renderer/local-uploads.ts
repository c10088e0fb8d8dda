import fs from 'fs/promises';
import path from 'path';
import type { AssetResolver } from './types';

const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};

/**
 * Serves /uploads/... images to the renderer straight from the public folder, so drawing a design
 * never goes over the network. Only image files inside public/uploads are answered.
 */
export function localUploadsResolver(publicDir: string): AssetResolver {
  const uploadsDir = path.resolve(publicDir, 'uploads');
  return async (urlPath) => {
    const file = path.resolve(publicDir, `.${urlPath}`);
    const type = CONTENT_TYPES[path.extname(file).toLowerCase()];
    if (!type || !file.startsWith(uploadsDir + path.sep)) return null;
    try {
      return { body: await fs.readFile(file), contentType: type };
    } catch {
      return null;
    }
  };
}
