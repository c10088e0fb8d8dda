import fs from 'fs';
import path from 'path';
import type { Core } from '@strapi/strapi';

// GET /static/<path>: the plugin's browser files (editor bundle, fonts, styles) from assets/.
// Minimal version for the editor; the storefront's module of the same name replaces it on merge.
export const ASSETS_DIR = path.resolve(__dirname, '../../../assets');

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
};

/** The file under assets/ a request path names, or null (unknown type, traversal, directories). */
export function staticFilePath(requestPath: string): string | null {
  let rel: string;
  try {
    rel = decodeURIComponent(requestPath);
  } catch {
    return null;
  }
  if (!/^[\w./-]+$/.test(rel) || rel.split('/').some((part) => part === '..' || part === '' || part.startsWith('.'))) return null;
  const file = path.resolve(ASSETS_DIR, rel);
  if (!file.startsWith(ASSETS_DIR + path.sep) || !TYPES[path.extname(file)]) return null;
  return file;
}

export function registerStaticFiles(strapi: Core.Strapi): void {
  strapi.server.routes([
    {
      method: 'GET',
      path: '/static/:file(.*)',
      handler: async (ctx: any) => {
        const file = staticFilePath(String(ctx.params.file ?? ''));
        const stat = file ? await fs.promises.stat(file).catch(() => null) : null;
        if (!file || !stat?.isFile()) {
          ctx.status = 404;
          ctx.type = 'text/plain';
          ctx.body = 'Not found';
          return;
        }
        ctx.type = TYPES[path.extname(file)];
        ctx.set('Cache-Control', 'public, max-age=604800');
        ctx.set('X-Content-Type-Options', 'nosniff');
        ctx.length = stat.size;
        ctx.body = fs.createReadStream(file);
      },
      config: { auth: false },
    },
  ]);
}
