import type { Core } from '@strapi/strapi';
import fs from 'fs';
import path from 'path';
import type { Ctx } from '../http/respond';
import { registerOwnRoutes } from '../http/own-routes';

// GET /static/<path>: the storefront's CSS, scripts and images from the plugin's assets/ folder, plus
// htmx from its npm package (no CDN). Files are immutable per release (URLs carry ?v=<version>), so
// they get a long cache. No directory listing; nothing outside the folder is reachable.

export const PLUGIN_ROOT = path.resolve(__dirname, '..', '..', '..');
export const ASSETS_DIR = path.join(PLUGIN_ROOT, 'assets');

const TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

// Files served from packages rather than assets/.
const VENDOR: Record<string, () => string> = {
  'vendor/htmx.min.js': () => require.resolve('htmx.org/dist/htmx.min.js'),
};

/** Version stamp for asset URLs: changes with every plugin release (and every build in development). */
export const ASSET_VERSION = (() => {
  try {
    return String(Math.floor(fs.statSync(path.join(PLUGIN_ROOT, 'dist')).mtimeMs));
  } catch {
    return '1';
  }
})();

/** Resolves a request path to a file inside assets/, or null (traversal, hidden files, unknown types). */
export function resolveAsset(requestPath: string): string | null {
  let rel: string;
  try {
    rel = decodeURIComponent(requestPath);
  } catch {
    return null;
  }
  if (VENDOR[rel]) return VENDOR[rel]();
  if (rel.includes('\0') || rel.split(/[\\/]/).some((part) => part === '..' || part.startsWith('.'))) return null;
  const full = path.resolve(ASSETS_DIR, rel);
  if (!full.startsWith(ASSETS_DIR + path.sep)) return null;
  if (!TYPES[path.extname(full).toLowerCase()]) return null;
  return full;
}

async function serve(ctx: Ctx) {
  const file = resolveAsset(String(ctx.params.path ?? ''));
  const stat = file ? await fs.promises.stat(file).catch(() => null) : null;
  if (!file || !stat?.isFile()) {
    ctx.status = 404;
    ctx.type = 'text/plain';
    ctx.body = 'Not found.';
    return;
  }
  ctx.type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.length = stat.size;
  ctx.lastModified = stat.mtime;
  ctx.body = ctx.method === 'HEAD' ? null : fs.createReadStream(file);
}

export function registerStaticFiles(strapi: Core.Strapi): void {
  registerOwnRoutes(strapi, [
    { method: 'GET', path: '/static/:path(.*)', handler: serve, config: { auth: false } },
  ]);
}
