import fs from 'fs';
import type { HostCheck } from './types';
import { LAUNCH_ARGS } from '../providers/renderer/browser-session';
import { processBrowser } from '../providers/renderer/browser-choice';

// Thumbnails, e-card images and print PDFs are drawn by Chromium. Without one the shop still runs but
// every render fails and retries, so the plugin starts it once to say so at boot and in the admin.

import { INSTALL_CHROMIUM } from './check-texts';

export { INSTALL_CHROMIUM };

/**
 * Starts and closes Chromium; without `executablePath`, the renderer's own choice (browser-choice.ts),
 * whose description (which browser, and why that one) the detail carries.
 */
export async function rendererCheck(executablePath?: string, timeoutMs = 30_000): Promise<HostCheck> {
  let which = executablePath ?? '';
  if (executablePath === undefined) {
    const choice = await processBrowser();
    if (!choice.executablePath)
      return { ok: false, detail: `No Chromium (${choice.description}): cards cannot be drawn. ${INSTALL_CHROMIUM}` };
    executablePath = choice.executablePath;
    which = choice.description;
  }
  if (!fs.existsSync(executablePath)) {
    return {
      ok: false,
      detail: `No Chromium at ${executablePath}: cards cannot be drawn (thumbnails, e-cards, print PDFs). ${INSTALL_CHROMIUM}`,
    };
  }
  try {
    const puppeteer = (await import('puppeteer-core')).default;
    const browser = await puppeteer.launch({
      executablePath,
      headless: true,
      args: LAUNCH_ARGS,
      timeout: timeoutMs,
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
    try {
      const version = await browser.version();
      return { ok: true, detail: `${version} at ${which}.` };
    } finally {
      await browser.close().catch(() => undefined);
    }
  } catch (error) {
    const message = (error as Error).message.split('\n')[0];
    return {
      ok: false,
      detail: `Chromium at ${executablePath} could not be started (${message}): cards cannot be drawn. ${INSTALL_CHROMIUM}`,
    };
  }
}
