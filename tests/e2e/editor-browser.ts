import fs from 'fs';
import path from 'path';
import type { Browser, Page, Viewport } from 'puppeteer-core';
import { APP_DIR } from '../helpers/database';
import { processBrowser } from '../../plugins/greeting-cards/server/src/platform/providers/renderer/browser-choice';

// Real Chromium for the editor tests, signed in the way the storefront's login form does it: the
// users-permissions JWT in the httpOnly gc_session cookie.

export const DESKTOP: Viewport = { width: 1280, height: 800 };
export const PHONE: Viewport = { width: 360, height: 740, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };

/**
 * Chromium for the editor. `fakeMedia`: a fake camera and microphone that grant themselves (a beep and a
 * test pattern; --use-fake-device-for-media-stream, --use-fake-ui-for-media-stream), and media that
 * may play without a gesture.
 */
export async function launchBrowser(options: { fakeMedia?: boolean } = {}): Promise<Browser> {
  const puppeteer = (await import('puppeteer-core')).default;
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
      '--font-render-hinting=none',
      ...(options.fakeMedia
        ? [
            '--use-fake-device-for-media-stream',
            '--use-fake-ui-for-media-stream',
            '--autoplay-policy=no-user-gesture-required',
          ]
        : []),
    ],
  });
}

export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  token: string | null,
  viewport: Viewport = DESKTOP,
): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(viewport);
  if (token) {
    const { hostname } = new URL(baseUrl);
    await context.setCookie({
      name: 'gc_session',
      value: token,
      domain: hostname,
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
    });
  }
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  (page as Page & { errors?: string[] }).errors = errors;
  return page;
}

/** JavaScript errors the page threw (CSP refusals, bugs): an editor test expects none. */
export const pageErrors = (page: Page): string[] => (page as Page & { errors?: string[] }).errors ?? [];

export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = path.join(APP_DIR, '.tmp', 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file as `${string}.png` });
  return file;
}

/**
 * Starts a new card as a shopper does: opens the new-card page (`/editor/` or a template's) and
 * presses its button, whose POST creates the card and opens it in the editor. Returns the card id.
 */
export async function startCard(page: Page, url: string): Promise<number> {
  await page.goto(url);
  await Promise.all([page.waitForNavigation(), page.click('#start-card')]);
  const match = /\/editor\/(\d+)\/$/.exec(page.url());
  if (!match) throw new Error(`starting a card ended on ${page.url()}`);
  await editorReady(page);
  return Number(match[1]);
}

/** Waits until the editor has loaded its card and wired its tools. */
export async function editorReady(page: Page): Promise<void> {
  await page.waitForSelector('#editor[data-ready="true"]', { timeout: 20000 });
}

export async function layerNames(page: Page): Promise<string[]> {
  return page.$$eval('#layers .ed-layer', (els) => els.map((e) => e.textContent ?? ''));
}

/** Waits until the layers list (front first) is exactly `names`: undo and redo rebuild it asynchronously. */
export async function layersAre(page: Page, names: string[]): Promise<void> {
  await page
    .waitForFunction(
      (expected) =>
        JSON.stringify([...document.querySelectorAll('#layers .ed-layer')].map((e) => e.textContent)) === expected,
      { timeout: 10000 },
      JSON.stringify(names),
    )
    .catch(async () => {
      throw new Error(`layers are ${JSON.stringify(await layerNames(page))}, expected ${JSON.stringify(names)}`);
    });
}

export async function clickLayer(page: Page, name: string | RegExp): Promise<void> {
  const handles = await page.$$('#layers .ed-layer');
  for (const h of handles) {
    const text = await h.evaluate((e) => e.textContent ?? '');
    if (typeof name === 'string' ? text === name : name.test(text)) {
      await h.click();
      return;
    }
  }
  throw new Error(`no layer ${String(name)} in ${JSON.stringify(await layerNames(page))}`);
}

export async function saveStatus(page: Page, text: string): Promise<void> {
  await page
    .waitForFunction((t) => document.getElementById('save-status')?.textContent === t, { timeout: 20000 }, text)
    .catch(async (error) => {
      const now = await page
        .$eval('#save-status', (e) => `${e.textContent} (${(e as HTMLElement).title})`)
        .catch(() => 'no status');
      throw new Error(`save status is "${now}", expected "${text}": ${(error as Error).message}`);
    });
}

/**
 * Records a message with the editor's recorder as a person does: presses `button` (#media-record-audio
 * or #media-record-video), lets it run until the status shows `seconds`, stops, and waits for the preview.
 */
export async function recordMessage(page: Page, button: string, seconds: number): Promise<void> {
  await page.click(button);
  await page.waitForSelector('#media-stop:not([hidden])');
  await page.waitForFunction(
    (s) => new RegExp(`\\b${s} s`).test(document.getElementById('media-status')?.textContent ?? ''),
    { timeout: 20_000 },
    seconds,
  );
  await page.click('#media-stop');
  await page.waitForSelector('#media-save:not([disabled])');
  await page.waitForSelector('#media-preview:not([hidden]) audio, #media-preview:not([hidden]) video');
}

/** Presses "Save message" and waits until the status says what `savedText` matches. */
export async function saveMessage(page: Page, savedText: RegExp): Promise<void> {
  await page.click('#media-save');
  await page.waitForFunction(
    (source) => new RegExp(source).test(document.getElementById('media-status')?.textContent ?? ''),
    { timeout: 20_000 },
    savedText.source,
  );
}
