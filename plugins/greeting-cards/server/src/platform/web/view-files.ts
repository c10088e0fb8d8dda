import type { Core } from '@strapi/strapi';
import { Eta } from 'eta';
import fs from 'fs';
import path from 'path';
import { PLUGIN_ROOT } from './static-files';
import { getConfig } from '../config/get-config';
import { ConfigError } from '../config/settings';

// The storefront's and the e-mails' Eta views, with the host's overrides: a file in the folder
// SERVICE_VIEWS_DIR names replaces the built-in view of the same relative name (`home.eta`,
// `partials/template-card.eta`, `layout.eta`, `emails/ecard.html.eta`), and every other view stays the plugin's. Includes resolve the same way, so an
// overridden layout still includes the built-in partials and an overridden partial is used everywhere.

export const VIEWS_DIR = path.join(PLUGIN_ROOT, 'server', 'views');

const instances = new Map<string, Eta>();

/** The name of a view relative to the views folders (`partials/toast.eta`), or null when it leaves them. */
function viewName(template: string, from: string | undefined, roots: string[]): string | null {
  const file = template + (path.extname(template) ? '' : '.eta');
  let rel = file.replace(/^[\\/]+/, '');
  if (from && !/^[\\/]/.test(file)) {
    // Relative to the including view, wherever that view came from.
    const root = roots.find((r) => from.startsWith(r + path.sep));
    if (!root) return null;
    rel = path.relative(root, path.join(path.dirname(from), file));
  }
  rel = path.normalize(rel);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return rel;
}

function createEta(overrideDir: string | null, autoEscape: boolean): Eta {
  const roots = overrideDir ? [overrideDir, VIEWS_DIR] : [VIEWS_DIR];
  const eta = new Eta({ views: VIEWS_DIR, cache: process.env.NODE_ENV === 'production', autoEscape, autoTrim: false });
  eta.resolvePath = (template, options) => {
    const rel = viewName(template, options?.filepath, roots);
    if (!rel) throw new Error(`Template '${template}' is not in the views folders`);
    if (overrideDir) {
      const override = path.join(overrideDir, rel);
      if (fs.existsSync(override)) return override;
    }
    return path.join(VIEWS_DIR, rel);
  };
  return eta;
}

/** The host's override folder as an absolute path (relative settings are read from the app's root), or null. */
export function overrideDirOf(strapi: Core.Strapi): string | null {
  const dir = getConfig(strapi).viewsDir;
  return dir ? path.resolve(strapi.dirs.app.root, dir) : null;
}

/** Boot check: a named override folder must exist, or every page would silently use the defaults. */
export function checkOverrideDir(strapi: Core.Strapi): void {
  const dir = overrideDirOf(strapi);
  if (dir && !fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new ConfigError(`SERVICE_VIEWS_DIR (viewsDir) names ${dir}, which is not a folder`);
  }
}

export function viewsFor(strapi: Core.Strapi): Eta {
  return viewsIn(overrideDirOf(strapi));
}

/**
 * The views with one override folder (null: the plugin's own only). `escape: false` is for plain text
 * (an e-mail's text part), where `<%= %>` prints a value as it is; everywhere else it escapes HTML.
 */
export function viewsIn(dir: string | null, { escape = true }: { escape?: boolean } = {}): Eta {
  const key = `${escape ? 'html' : 'text'}:${dir ?? ''}`;
  let eta = instances.get(key);
  if (!eta) {
    eta = createEta(dir, escape);
    instances.set(key, eta);
  }
  return eta;
}
