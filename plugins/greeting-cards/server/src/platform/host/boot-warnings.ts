import type { Core } from '@strapi/strapi';
import { getService } from '../get-service';
import type { HostCheck } from './types';

// Said once at boot, outside tests: a shop whose e-mail or Chromium does not work still starts, so
// the log is where the person installing it first learns what to change.
export function warnAboutHost(strapi: Core.Strapi): void {
  // Not awaited (starting Chromium takes a second); the host service remembers the check so the plugin's
  // destroy waits for it.
  getService(strapi, 'host')
    .health()
    .then((health) => {
      warnIfBroken(strapi, 'e-mail', health.email);
      warnIfBroken(strapi, 'renderer', health.renderer);
      // Which browser draws, said once at boot (browser-choice.ts decides).
      if (health.renderer.ok) strapi.log.info(`[greeting-cards] renderer: ${health.renderer.detail}`);
    })
    .catch((error: Error) => strapi.log.warn(`[greeting-cards] host checks failed: ${error.message}`));
}

/**
 * Said at boot in every environment (it is cheap and needs no browser): an https shop whose proxy is
 * not trusted hands out session cookies without Secure.
 */
export function warnAboutProxy(strapi: Core.Strapi): void {
  warnIfBroken(strapi, 'proxy', getService(strapi, 'host').proxy());
}

function warnIfBroken(strapi: Core.Strapi, what: string, check: HostCheck): void {
  if (!check.ok) strapi.log.warn(`[greeting-cards] ${what}: ${check.detail}`);
}
