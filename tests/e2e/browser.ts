import fs from 'fs';
import path from 'path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { processBrowser } from '../../plugins/greeting-cards/server/src/platform/providers/renderer/browser-choice';

// Real Chromium for end-to-end tests: launch, screenshots at desktop and phone widths, and axe-core
// accessibility checks injected into the page.

export const SCREENSHOT_DIR = path.resolve(__dirname, '..', '..', '.tmp', 'screenshots');
export const DESKTOP = { width: 1280, height: 800 };
// Not isMobile: switching that flag reloads the page, which would lose what the test just did on it.
export const PHONE = { width: 360, height: 740 };

export async function launchBrowser(): Promise<Browser> {
  return puppeteer.launch({
    // The renderer's own choice: PUPPETEER_EXECUTABLE_PATH, a Chromium on PATH, else the bundled one.
    executablePath: (await processBrowser()).executablePath ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
}

export { freePort } from '../helpers/smtp';

/** Full-page screenshots of the current page at desktop and phone widths; back to desktop after. */
export async function screenshots(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.setViewport(DESKTOP);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-desktop.png`) as `${string}.png`, fullPage: true });
  await page.setViewport(PHONE);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-phone.png`) as `${string}.png`, fullPage: true });
  // Nothing may stick out sideways on a phone.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  await page.setViewport(DESKTOP);
  if (overflow > 0) throw new Error(`${name}: the page is ${overflow}px wider than a 360px phone screen`);
}
