import type { Core } from '@strapi/strapi';
import fs from 'fs';
import { PLUGIN_ROOT } from '../plugin-root';
import path from 'path';
import type { Ctx } from '../http/respond';
import { registerOwnRoutes } from '../http/own-routes';
import { mountPoints } from '../mount/mount-points';

// GET <static path>/<file> (SERVICE_STATIC_PATH, /greeting-cards/static by default): the storefront's CSS,
// scripts and images from the plugin's assets/ folder, plus htmx from its npm package (no CDN). Files
// are immutable per release (URLs carry ?v=<version>), so they get a long cache. No directory listing;
// nothing outside the folder is reachable.
// The host's public/ folder comes first: a file it has at the same path is served by strapi::public,
// and a path the plugin has no file for falls through to it too (never a 404 of ours). Links of older
// releases (/static/...) keep working the same way.

export { PLUGIN_ROOT };
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

const LEGACY_PATH = '/static';

async function isFile(file: string): Promise<boolean> {
  return Boolean((await fs.promises.stat(file).catch(() => null))?.isFile());
}

/** True when the host's public/ folder has a file at this request path (strapi::public then serves it). */
async function hostHasFile(strapi: Core.Strapi, requestPath: string): Promise<boolean> {
  const publicDir = path.resolve(strapi.dirs.static.public);
  let decoded: string;
  try {
    decoded = decodeURIComponent(requestPath);
  } catch {
    return false;
  }
  const full = path.resolve(publicDir, `.${decoded}`);
  return full.startsWith(publicDir + path.sep) && (await isFile(full));
}

const serve = (strapi: Core.Strapi) => async (ctx: Ctx, next: () => Promise<unknown>) => {
  const file = resolveAsset(String(ctx.params.path ?? ''));
  const stat = file ? await fs.promises.stat(file).catch(() => null) : null;
  if (!file || !stat?.isFile() || (await hostHasFile(strapi, ctx.path))) return next();
  ctx.type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.length = stat.size;
  ctx.lastModified = stat.mtime;
  ctx.body = ctx.method === 'HEAD' ? null : fs.createReadStream(file);
};

export function registerStaticFiles(strapi: Core.Strapi): void {
  const { staticPath } = mountPoints(strapi);
  const paths = staticPath === LEGACY_PATH ? [staticPath] : [staticPath, LEGACY_PATH];
  registerOwnRoutes(
    strapi,
    paths.map((at) => ({
      method: 'GET' as const,
      path: `${at}/:path(.*)`,
      handler: serve(strapi),
      config: { auth: false as const },
    })),
  );
}
