import fs from 'fs';
import type { HostCheck } from './types';
import { LAUNCH_ARGS } from '../providers/renderer/browser-session';

// Thumbnails, e-card images and print PDFs are drawn by Chromium. Without one the shop still runs but
// every render fails and retries, so the plugin starts it once to say so at boot and in the admin.

import { INSTALL_CHROMIUM } from './check-texts';

export { INSTALL_CHROMIUM };

export function chromiumPath(): string {
  return process.env.PUPPETEER_EXECUTABLE_PATH || '/usr/bin/chromium';
}

/** Starts and closes Chromium; `executablePath` defaults to the renderer's own choice. */
export async function rendererCheck(executablePath: string = chromiumPath(), timeoutMs = 30_000): Promise<HostCheck> {
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
      return { ok: true, detail: `${version} at ${executablePath}.` };
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
