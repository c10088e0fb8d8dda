import fs from 'fs';
import path from 'path';
import type { BrowserContext, Page } from 'puppeteer-core';
import { PRODUCTION_SECRETS } from '../helpers/strapi';
import { SCREENSHOT_DIR } from './browser';

// What the "Done when" journeys share: the environment of a production boot, a page as a visitor's
// browser opens it, screenshots at a desktop's and a phone's width, and the shop's send-and-pay steps
// as a shopper clicks through them.

/**
 * A production boot as a live shop runs it (NODE_ENV=production, its own secrets, the real renderer,
 * demo payments) listening on `port`, its links built on http://127.0.0.1:<port>. Add the mail server's
 * settings and the feature's own to it.
 */
export function productionEnv(port: number): Record<string, string | undefined> {
  return {
    ...PRODUCTION_SECRETS,
    NODE_ENV: 'production',
    PORT: String(port),
    SERVICE_PUBLIC_URL: `http://127.0.0.1:${port}`,
    // The real renderer (a production boot refuses the test double); no thumbnails at boot.
    SERVICE_RENDERER: undefined,
    SERVICE_RENDER_THUMBNAILS_ON_BOOT: 'false',
    SERVICE_DEMO_PAYMENTS: 'true',
    SERVICE_STRIPE_SECRET_KEY: '',
  };
}

export const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

/**
 * A new page in `context`, English, 1280 px wide; any answer of 500 or more is added to `serverErrors`
 * and any script error to `pageErrors`. axe-core can be injected (setBypassCSP); the shop's own scripts
 * run under its production CSP all the same, and a refusal of one of them shows as a page error.
 */
export async function visitorPage(
  context: BrowserContext,
  serverErrors: string[],
  pageErrors: string[] = serverErrors,
): Promise<Page> {
  const page = await context.newPage();
  await page.setBypassCSP(true);
  await page.setViewport(WIDTHS[0]);
  await page.setExtraHTTPHeaders({ 'Accept-Language': 'en-GB,en;q=0.9' });
  page.setDefaultTimeout(20_000);
  page.on('response', (r) => {
    if (r.status() >= 500) serverErrors.push(`${r.status()} ${r.url()}`);
  });
  page.on('pageerror', (e) => pageErrors.push(`${page.url()}: ${String(e)}`));
  return page;
}

/** Two animation frames, then every finite animation at its end: the page as it rests at its size. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/**
 * Whole-page screenshots at 1280 and 390 px (`<prefix>-<name>-<width>.png` in .tmp/screenshots), checking
 * that nothing sticks out sideways at either width; back at 1280 px after. The viewport is grown to the
 * page's height rather than captured beyond it: that capture leaves out a layer a 3D animation composited
 * (the e-card's unfolded inside left page, there on screen, was a blank in the picture).
 */
export async function shotsAtWidths(page: Page, prefix: string, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const viewport of WIDTHS) {
    await page.setViewport(viewport);
    await settled(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect([name, viewport.width, overflow]).toEqual([name, viewport.width, 0]);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewport({ ...viewport, height: Math.max(viewport.height, height) });
    await page.evaluate(() => window.scrollTo(0, 0));
    await settled(page);
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `${prefix}-${name}-${viewport.width}.png`) as `${string}.png`,
    });
  }
  await page.setViewport(WIDTHS[0]);
}

export async function clickAndNavigate(page: Page, selector: string): Promise<void> {
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click(selector)]);
}

/** Signs in through the shop's form. */
export async function signIn(page: Page, base: string, email: string, password: string): Promise<void> {
  await page.goto(`${base}/login/`, { waitUntil: 'load' });
  await page.type('#identifier', email);
  await page.type('#password', password);
  await clickAndNavigate(page, 'form[action$="/login/"] button[type="submit"]');
}

export interface NewRecipient {
  first: string;
  last: string;
  email?: string;
  line1?: string;
  city?: string;
  postcode?: string;
  /** Two letters typed over the form's GB. */
  country?: string;
}

/**
 * In the editor (already open on the card): the send form, a new recipient typed in as a shopper types
 * them, the delivery method and, for an e-card, the envelope whose name is `envelope`; then "Add to
 * basket", ending on the basket.
 */
export async function sendFromEditor(
  page: Page,
  who: NewRecipient,
  method: 'ecard' | 'post',
  options: { envelope?: string } = {},
): Promise<void> {
  await page.click('#open-send');
  await page.waitForSelector('#recipient option[value="new"]');
  await page.select('#recipient', 'new');
  await page.type('#r-first', who.first);
  await page.type('#r-last', who.last);
  if (who.email) await page.type('#r-email', who.email);
  if (who.line1) await page.type('#r-line1', who.line1);
  if (who.city) await page.type('#r-city', who.city);
  if (who.postcode) await page.type('#r-postcode', who.postcode);
  if (who.country) {
    await page.click('#r-country', { count: 3 }); // select what is there, as a person replaces it
    await page.keyboard.type(who.country);
  }
  await page.select('#delivery-method', method);
  if (options.envelope) {
    const labels = await page.$$('.ed-envelope');
    let picked = false;
    for (const label of labels) {
      if ((await label.evaluate((e) => e.textContent?.trim())) !== options.envelope) continue;
      await label.click();
      picked = true;
    }
    if (!picked) throw new Error(`no envelope named ${options.envelope} on the send form`);
  }
  await page.click('#send-submit');
  await page.waitForFunction(() => location.pathname === '/cart/' || !document.getElementById('send-error')?.hidden);
  expect(await page.evaluate(() => (location.pathname === '/cart/' ? '' : document.body.innerText))).toBe('');
  await page.waitForSelector('#cart-total');
}

/** From the basket: checkout, then pay on the demo page; returns the order's uuid. */
export async function checkoutAndPay(page: Page, base: string): Promise<string> {
  await clickAndNavigate(page, '#cart-panel form[action="/cart/checkout/"] button');
  expect(page.url()).toMatch(/\/checkout\/[0-9a-f-]{36}\/$/);
  const uuid = /\/checkout\/([0-9a-f-]{36})\//.exec(page.url())![1];
  await clickAndNavigate(page, 'form[action$="/pay/"] button');
  expect(page.url()).toBe(`${base}/orders/${uuid}/?paid=1`);
  await page.waitForSelector('#toasts');
  expect(await page.$eval('#toasts', (e) => (e as HTMLElement).innerText)).toContain('Thank you!');
  return uuid;
}
