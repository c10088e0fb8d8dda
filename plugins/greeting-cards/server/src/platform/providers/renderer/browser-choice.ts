import crypto from 'crypto';
import fs from 'fs';
import os from 'os';
import path from 'path';
import zlib from 'zlib';
import { pipeline } from 'stream/promises';

// Which Chromium draws, decided once per process: PUPPETEER_EXECUTABLE_PATH when set (the operator's
// choice wins, even a wrong one, so a typo is reported instead of silently replaced); else a Chromium or
// Chrome on PATH (Debian's chromium, a Chrome package); else the one the install brought: the optional
// dependency @sparticuz/chromium carries a Brotli-compressed headless Chromium inside its npm package, so
// `npm ci` on a machine with neither needs no download from anywhere else. It is unpacked once into the
// temporary directory, under a name with its version: written beside it, then published with a hard
// link, which fails when the name exists. So two instances (or two copies of this module in one process)
// starting together never run a half-written file, and the second never replaces the file the first has
// started: Chromium starts its helper processes from its own binary, and one replaced (renamed over)
// while it started exited at once ("Target closed"; measured here: each of 7 starts whose binary was replaced 20 to 40 ms in).

export type BrowserSource = 'setting' | 'system' | 'bundled' | 'none';

export interface BrowserChoice {
  source: BrowserSource;
  /** The binary, or null when none was found (every render then fails, saying why). */
  executablePath: string | null;
  /** For people: the log line at boot and the admin's health page. */
  description: string;
}

/** Names of a Chromium or Chrome binary on PATH, best first. */
export const SYSTEM_BROWSERS = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome', 'chrome'];
export const BUNDLED_PACKAGE = '@sparticuz/chromium';

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The first SYSTEM_BROWSERS binary on the PATH given, or null. */
export function browserOnPath(pathVariable: string | undefined): string | null {
  const dirs = (pathVariable ?? '').split(path.delimiter).filter(Boolean);
  for (const name of SYSTEM_BROWSERS)
    for (const dir of dirs) {
      const file = path.join(dir, name);
      if (isExecutable(file)) return file;
    }
  return null;
}

/** The bundled package's compressed binary and version, or null when the optional dependency is absent. */
export function bundledBrowserArchive(): { archive: string; version: string } | null {
  let entry: string;
  try {
    entry = require.resolve(BUNDLED_PACKAGE);
  } catch {
    return null;
  }
  // build/cjs/index.cjs -> the package's root, which holds bin/chromium.br.
  const root = path.resolve(path.dirname(entry), '..', '..');
  const archive = path.join(root, 'bin', 'chromium.br');
  if (!fs.existsSync(archive)) return null;
  const version = String(
    (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version?: string }).version ?? '0',
  );
  return { archive, version };
}

/** Gives `file` the name `target` unless something already has it (then that stays, untouched). */
async function publishOnce(file: string, target: string): Promise<void> {
  try {
    await fs.promises.link(file, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return;
    // A file system without hard links: a rename, which may replace an identical copy.
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP') {
      if (!isExecutable(target)) await fs.promises.rename(file, target);
      return;
    }
    throw error;
  }
}

/** Unpacks the bundled Chromium (once per version and machine) and returns its path. */
export async function unpackBundledBrowser(
  bundle: { archive: string; version: string },
  dir = os.tmpdir(),
): Promise<string> {
  const target = path.join(dir, `greeting-cards-chromium-${bundle.version}`, 'chromium');
  if (isExecutable(target)) return target;
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  // Unique per call: two copies of this module in one process may unpack in the same millisecond.
  const partial = `${target}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.partial`;
  try {
    await pipeline(
      fs.createReadStream(bundle.archive),
      zlib.createBrotliDecompress(),
      fs.createWriteStream(partial, { mode: 0o755 }),
    );
    await publishOnce(partial, target);
  } finally {
    await fs.promises.rm(partial, { force: true });
  }
  return target;
}

/** Decides which browser draws (see the top of this file). Never throws. */
export async function chooseBrowser(env: NodeJS.ProcessEnv = process.env): Promise<BrowserChoice> {
  const setting = env.PUPPETEER_EXECUTABLE_PATH;
  if (setting)
    return { source: 'setting', executablePath: setting, description: `${setting} (PUPPETEER_EXECUTABLE_PATH)` };
  const system = browserOnPath(env.PATH);
  if (system) return { source: 'system', executablePath: system, description: `${system} (the system's, on PATH)` };
  const bundle = bundledBrowserArchive();
  if (bundle) {
    try {
      const unpacked = await unpackBundledBrowser(bundle);
      return {
        source: 'bundled',
        executablePath: unpacked,
        description: `${unpacked} (bundled with the install: ${BUNDLED_PACKAGE} ${bundle.version})`,
      };
    } catch (error) {
      return {
        source: 'none',
        executablePath: null,
        description: `none: ${BUNDLED_PACKAGE} could not be unpacked (${(error as Error).message})`,
      };
    }
  }
  return {
    source: 'none',
    executablePath: null,
    description: `none: no PUPPETEER_EXECUTABLE_PATH, no ${SYSTEM_BROWSERS.join('/')} on PATH, and ${BUNDLED_PACKAGE} is not installed`,
  };
}

let chosen: Promise<BrowserChoice> | null = null;

/** chooseBrowser for this process, decided on the first call and remembered. */
export function processBrowser(): Promise<BrowserChoice> {
  chosen ??= chooseBrowser();
  return chosen;
}
