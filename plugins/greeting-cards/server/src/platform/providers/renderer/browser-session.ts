import type { Browser, HTTPRequest, Page } from 'puppeteer-core';
import type { AssetResolver, RendererProviderOptions } from './types';
import { fabricBrowserSource } from './fabric-source';
import { IN_PAGE_SCRIPT } from './in-page';
import { domPurifySource, sanitizeScript } from './svg-purify';
import { isAllowedRemoteImage } from '../../uploads/image-sources';
import { readFontFile } from './font-files';
import { processBrowser } from './browser-choice';

// Pages live on a made-up origin (.invalid never resolves) answered entirely by request
// interception: the blank page itself, our uploads from disk, data: URLs, and images under the upload
// provider's URL prefixes (fetched by Node through resolveAsset, never by Chromium itself). Everything
// else is blocked, so a design can never make the server fetch from another host.
export const ORIGIN = 'http://renderer.invalid';
// The curated fonts' stylesheet is the editor's (served from assets/ here too), so text is drawn with
// the same font files the shopper saw.
const BLANK_PAGE =
  '<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="/static/fonts/fonts.css"></head><body></body></html>';

export const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
  // Fewer processes, the same pictures (measured byte for byte): the network service (every request is
  // answered by interception here) runs inside the browser process, and no spare renderer is kept warm
  // for a tab we never open; with the starting blank tab closed, fewer processes and a smaller PSS.
  // Puppeteer merges these feature lists with its own. Not `--in-process-gpu`: it saved one more process
  // with the system's Chromium, but the bundled one (@sparticuz/chromium's headless shell) then fails to
  // draw (tests/rendering/bundled-browser.test.ts).
  '--enable-features=NetworkServiceInProcess2',
  '--disable-features=SpareRendererForSitePerProcess',
];

/** One page of the pool: draws designs, and prints on a page of its own opened on first use. */
export interface Slot {
  /** Fabric.js loaded once; draws designs to SVG or PNG. */
  designPage: Page;
  /** Receives print documents with setContent and prints them (opened on the first print). */
  printPage: Page | null;
}

export interface Session {
  browser: Browser;
  /** Slots not drawing right now; the renderer's bounded queue lets no more tasks in than there are slots. */
  free: Slot[];
  /** Renders under way on this browser (it is closed for recycling only once this is 0). */
  active: number;
  /** Renders done since launch, and when memory was last measured (render-budget.ts measureDue). */
  renders: number;
  measuredAt: number | null;
  /** The first memory reading after launch (the budget restarts only a browser that grew since). */
  baselineBytes: number | null;
  /** The last reading was over budget and the browser was asked to free memory (render-budget.ts 'relieve'). */
  relieved: boolean;
}

/** Starts Chromium with `pages` drawing pages ready (Fabric and our drawing script loaded in each). */
export async function launchSession(options: RendererProviderOptions, pages = 1): Promise<Session> {
  // Loaded on first render so booting Strapi never pays for puppeteer.
  const puppeteer = (await import('puppeteer-core')).default;
  let executablePath = options.executablePath;
  if (!executablePath) {
    const choice = await processBrowser();
    if (!choice.executablePath) throw new Error(`No Chromium to draw with (${choice.description})`);
    executablePath = choice.executablePath;
  }
  const browser = await puppeteer.launch({
    executablePath,
    headless: true,
    args: LAUNCH_ARGS,
    // Strapi owns shutdown (destroy() closes us); puppeteer must not exit the process on signals.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    protocolTimeout: (options.timeoutMs ?? 30_000) * 2,
  });
  try {
    // The blank tab Chromium starts with is never drawn on; closed once ours are open, its renderer
    // process (about 12-17 MB of the budget) goes with it.
    const initial = await browser.pages();
    const free: Slot[] = [];
    for (let i = 0; i < pages; i += 1)
      free.push({ designPage: await openDesignPage(browser, options), printPage: null });
    await Promise.all(initial.map((page) => page.close().catch(() => undefined)));
    return { browser, free, active: 0, renders: 0, measuredAt: null, baselineBytes: null, relieved: false };
  } catch (error) {
    await browser.close().catch(() => undefined);
    throw error;
  }
}

/** A page ready to draw: our blank page with Fabric, the drawing script and the sanitiser loaded. */
export async function openDesignPage(browser: Browser, options: RendererProviderOptions): Promise<Page> {
  const designPage = await openPage(browser, options);
  await designPage.addScriptTag({ content: fabricBrowserSource() });
  await designPage.addScriptTag({ content: IN_PAGE_SCRIPT });
  await designPage.addScriptTag({ content: domPurifySource() });
  await designPage.addScriptTag({ content: sanitizeScript(options.remoteImagePrefixes ?? []) });
  return designPage;
}

/** A blank page on our origin, for print documents. */
export function openPrintPage(browser: Browser, options: RendererProviderOptions): Promise<Page> {
  return openPage(browser, options);
}

async function openPage(browser: Browser, options: RendererProviderOptions): Promise<Page> {
  const page = await browser.newPage();
  await page.setRequestInterception(true);
  const rules = { publicUrl: '', remotePrefixes: options.remoteImagePrefixes ?? [] };
  const isRemote = (url: string) => rules.remotePrefixes.length > 0 && isAllowedRemoteImage(url, rules);
  page.on('request', (request) => void answer(request, options.resolveAsset, isRemote));
  await page.goto(`${ORIGIN}/`, { waitUntil: 'load' });
  return page;
}

async function answer(
  request: HTTPRequest,
  resolveAsset: AssetResolver,
  isRemote: (url: string) => boolean,
): Promise<void> {
  try {
    const url = request.url();
    if (url.startsWith('data:')) return await request.continue();
    if (url === `${ORIGIN}/`)
      return await request.respond({ status: 200, contentType: 'text/html; charset=utf-8', body: BLANK_PAGE });
    if (url.startsWith(`${ORIGIN}/static/fonts/`)) {
      const font = await readFontFile(new URL(url).pathname.slice('/static/fonts/'.length));
      if (font) return await request.respond({ status: 200, contentType: font.contentType, body: font.body });
      return await request.respond({ status: 404, contentType: 'text/plain', body: '' });
    }
    if (url.startsWith(`${ORIGIN}/uploads/`)) {
      const asset = await resolveAsset(decodeURIComponent(new URL(url).pathname));
      if (asset) return await request.respond({ status: 200, contentType: asset.contentType, body: asset.body });
      return await request.respond({ status: 404, contentType: 'text/plain', body: '' });
    }
    if (isRemote(url)) {
      // Images are loaded with crossOrigin=anonymous (a PNG export reads the canvas back), so the
      // answer must allow that page's origin.
      const asset = await resolveAsset(url);
      const headers = { 'Access-Control-Allow-Origin': ORIGIN };
      if (asset)
        return await request.respond({ status: 200, contentType: asset.contentType, body: asset.body, headers });
      return await request.respond({ status: 404, contentType: 'text/plain', body: '', headers });
    }
    await request.abort('blockedbyclient');
  } catch {
    // the page went away while we answered; nothing to do
  }
}
