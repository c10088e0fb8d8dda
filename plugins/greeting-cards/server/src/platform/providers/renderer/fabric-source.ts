import fs from 'fs';
import path from 'path';

let cached: string | null = null;

/**
 * The browser (UMD) build of Fabric.js, as text for page.addScriptTag({ content }). fabric 7's
 * package `exports` map `require` to dist/index.min.js, the UMD build; its package.json is not
 * exported, so when that mapping changes we fall back to walking the module search paths.
 */
export function fabricBrowserSource(): string {
  if (cached) return cached;
  const candidates: string[] = [];
  try {
    const entry = require.resolve('fabric');
    candidates.push(path.join(path.dirname(entry), 'index.min.js'));
  } catch {
    // not resolvable through exports; try the search paths below
  }
  for (const dir of require.resolve.paths('fabric') ?? [])
    candidates.push(path.join(dir, 'fabric', 'dist', 'index.min.js'));
  const file = candidates.find((f) => fs.existsSync(f));
  if (!file)
    throw new Error('[greeting-cards] cannot find the fabric package (dist/index.min.js); is fabric installed?');
  cached = fs.readFileSync(file, 'utf8');
  return cached;
}
