import fs from 'fs';
import { PLUGIN_ROOT } from '../../plugin-root';
import path from 'path';

// The curated fonts the plugin build copies to assets/fonts/ (see platform/designs/fonts.ts), read from disk
// for the renderer's pages, which never go over the network.
const FONTS_DIR = path.join(PLUGIN_ROOT, 'assets', 'fonts');

/** fonts.css or a font file by name; null for anything else or a file that is not there. */
export async function readFontFile(name: string): Promise<{ body: Buffer; contentType: string } | null> {
  if (!/^[\w-]+\.(css|woff2)$/.test(name)) return null;
  const body = await fs.promises.readFile(path.join(FONTS_DIR, name)).catch(() => null);
  return body ? { body, contentType: name.endsWith('.css') ? 'text/css' : 'font/woff2' } : null;
}
