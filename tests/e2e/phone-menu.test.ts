import type { Browser, Page } from 'puppeteer-core';
import { startApp, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { launchBrowser, pageErrors, screenshot, signedInPage, startCard, editorReady } from './editor-browser';

// Issue 21, item 7 in real Chromium: on a 390 px phone the shop's navigation sits behind a Menu button
// on every shop page (the shared layout), showing every link, and the editor's page tabs are not
// hidden behind its tool sheet. Screenshots: .tmp/screenshots/phone-menu-*.png.
jest.setTimeout(180_000);

const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
const LINKS = [
  'Cards',
  'My cards',
  'Group cards',
  'Address book',
  'Reminders',
  'Orders',
  'Premium',
  'Account',
  'Basket',
  'Sign out',
];

/** Whether the element is shown, inside the viewport's width, and the one a tap on its centre reaches. */
const reachable = (page: Page, handleSelector: string, index = 0) =>
  page.$$eval(
    handleSelector,
    (els, i) => {
      const el = els[i as number] as HTMLElement;
      const box = el.getBoundingClientRect();
      if (
        !el.checkVisibility({ visibilityProperty: true }) ||
        box.width === 0 ||
        box.left < 0 ||
        box.right > window.innerWidth
      )
        return false;
      el.scrollIntoView({ block: 'nearest' });
      const b = el.getBoundingClientRect();
      const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
      return Boolean(hit && (hit === el || el.contains(hit)));
    },
    index,
  );

describe('the phone menu and the editor on a phone', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let shopper: TestUser;
  let editorUrl: string;
  const expanded = () => page.$eval('#menu-toggle', (e) => e.getAttribute('aria-expanded'));
  const navItems = () =>
    page.$$eval('#main-nav a, #main-nav button', (els) => els.map((e) => (e as HTMLElement).textContent!.trim()));

  beforeAll(async () => {
    app = await startApp({ SERVICE_SEED_SAMPLE_DATA: 'false', SERVICE_RENDERER: 'memory' });
    shopper = await createUser(app.strapi);
    browser = await launchBrowser();
    page = await signedInPage(browser, app.baseUrl, shopper.token, PHONE);
    const id = await startCard(page, `${app.baseUrl}/editor/`);
    editorUrl = `${app.baseUrl}/editor/${id}/`;
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('in the editor, the Menu button shows every link, and Escape closes it', async () => {
    expect(await navItems()).toEqual(LINKS);
    // Closed: only the button; nothing sticks out sideways.
    expect(await reachable(page, '#menu-toggle')).toBe(true);
    expect(await expanded()).toBe('false');
    expect(await page.$eval('#main-nav', (e) => e.checkVisibility())).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.$eval('#menu-toggle', (e) => e.getAttribute('aria-controls'))).toBe('main-nav');

    await page.tap('#menu-toggle');
    expect(await expanded()).toBe('true');
    // Focus moves into the menu, to its first link.
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Cards');
    for (let i = 0; i < LINKS.length; i += 1)
      expect([LINKS[i], await reachable(page, '#main-nav a, #main-nav button', i)]).toEqual([LINKS[i], true]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'phone-menu-editor-open-phone');

    await page.keyboard.press('Escape');
    expect(await expanded()).toBe('false');
    expect(await page.$eval('#main-nav', (e) => e.checkVisibility())).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('menu-toggle');
    expect(pageErrors(page)).toEqual([]);
  });

  it('shows the page tabs above the card, clear of the tool sheet', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    const tabs = await page.$$eval('.ed-page', (els) => els.length);
    expect(tabs).toBe(4);
    for (let i = 0; i < tabs; i += 1) expect(await reachable(page, '.ed-page', i)).toBe(true);
    await page.tap('.ed-page[data-page="inside_left"]');
    expect(await page.$eval('.ed-page[data-page="inside_left"]', (e) => e.getAttribute('aria-selected'))).toBe('true');
    await page.tap('.ed-page[data-page="front"]');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'phone-menu-editor-phone');
  });

  it('a menu link takes the shopper to its page, which has the same menu', async () => {
    await page.tap('#menu-toggle');
    const index = LINKS.indexOf('Address book');
    await Promise.all([
      page.waitForNavigation(),
      page.$$eval('#main-nav a', (els, i) => (els[i as number] as HTMLElement).click(), index),
    ]);
    expect(new URL(page.url()).pathname).toBe('/recipients/');
    expect(await reachable(page, '#menu-toggle')).toBe(true);
    await page.tap('#menu-toggle');
    expect(await reachable(page, '#main-nav a[aria-current="page"]')).toBe(true);
    expect(await page.$eval('#main-nav a[aria-current="page"]', (e) => e.textContent!.trim())).toBe('Address book');
    await screenshot(page, 'phone-menu-recipients-open-phone');
    // A tap outside the menu closes it.
    const below = await page.$eval('#main-nav', (e) => e.getBoundingClientRect().bottom + 30);
    expect(below).toBeLessThan(844);
    await page.touchscreen.tap(195, below);
    expect(await expanded()).toBe('false');
    expect(pageErrors(page)).toEqual([]);
  });

  it('on a desktop there is no Menu button and every link is in the header', async () => {
    await page.setViewport({ width: 1280, height: 800 });
    await page.goto(editorUrl);
    await editorReady(page);
    expect(await page.$eval('#menu-toggle', (e) => e.checkVisibility())).toBe(false);
    for (let i = 0; i < LINKS.length; i += 1)
      expect(await reachable(page, '#main-nav a, #main-nav button', i)).toBe(true);
    await screenshot(page, 'phone-menu-editor-desktop');
  });
});
