import fs from 'node:fs';
import path from 'node:path';

/**
 * The plugin package's folder (the one holding its package.json): found by walking up from this file,
 * so the answer is the same from server/src (tests, ts-node) and from dist/server (the build), whatever
 * folder this file sits in.
 */
function findPluginRoot(start: string): string {
  let dir = start;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const name = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name;
      if (name === 'strapi-plugin-greeting-cards') return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`greeting-cards: no plugin package.json above ${start}`);
    dir = parent;
  }
}

export const PLUGIN_ROOT = findPluginRoot(__dirname);
