import type { Browser, Page, Viewport } from 'puppeteer-core';
import { startApp, type TestApp } from '../helpers/strapi';
import { createUser, type TestUser } from '../helpers/users';
import { createRecipient } from '../helpers/order-fixtures';
import { launchBrowser, pageErrors, screenshot, signedInPage, editorReady } from './editor-browser';
import { allA11yViolations } from './baseline';

// Issue 44, item 3, in real Chromium: a shopper reads the delivery promise on the template page, opens the
// send form, chooses a posted card, picks "Arrive by a date" with the keyboard, types a day that has passed,
// is told so (the field named, the next possible day offered), takes the offered day, sees the methods
// that make it with their prices, picks one and adds the card to the basket, which shows the promise.
// At 1280 and 390 px, in English and German. Screenshots: .tmp/screenshots/delivery-promise-*.png.
jest.setTimeout(300_000);

const METHODS = JSON.stringify({
  stub: {
    Standard: { price: 0, transit: { GB: [2, 3], EU: [4, 8] } },
    Express: { price: 450, transit: { GB: [1, 1] } },
  },
});
const WIDE: Viewport = { width: 1280, height: 900 };
const PHONE: Viewport = { width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };

const WORDS = {
  en: {
    promise: /Order by 14:00.* for dispatch .+; arrives .+/,
    past: /^Arrive by: No shipping method gets a card there by then\. The earliest is .+\.$/,
    basket: /To arrive by .+ \(Express\): arrives .+/,
    price: '+£4.50',
  },
  de: {
    promise: /Bestelle bis 14:00 Uhr.*, Versand .+; Zustellung .+/,
    past: /^Ankommen bis: Keine Versandart .+/,
    basket: /Soll bis .+ ankommen \(Express\): Zustellung .+/,
    price: '+4,50\u00a0£',
  },
} as const;

describe('arrive-by on the send form, as a shopper uses it (issue 44)', () => {
  let app: TestApp;
  let browser: Browser;
  let shopper: TestUser;

  beforeAll(async () => {
    app = await startApp({
      SERVICE_RENDERER: 'memory',
      SERVICE_POSTAL_METHODS: METHODS,
      SERVICE_TIME_ZONE: 'Europe/London',
    });
    shopper = await createUser(app.strapi);
    await createRecipient(app.strapi, shopper, { first_name: 'Ada', last_name: 'Byron', country: 'GB' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const open = async (lang: 'en' | 'de', viewport: Viewport): Promise<Page> => {
    const page = await signedInPage(browser, app.baseUrl, shopper.token, viewport);
    await page.setBypassCSP(true); // axe-core is injected into the page
    await page.setExtraHTTPHeaders({ 'Accept-Language': lang });
    return page;
  };

  for (const lang of ['en', 'de'] as const) {
    for (const [size, viewport] of [
      ['desktop', WIDE],
      ['phone', PHONE],
    ] as const) {
      it(`${lang} at ${viewport.width} px: the promise, a bad date, the offered day, a method, the basket`, async () => {
        const words = WORDS[lang];
        const page = await open(lang, viewport);
        await page.goto(`${app.baseUrl}/templates/balloon-party/?locale=${lang}`);
        const promise = await page.$eval('#delivery-promise', (e) => e.textContent ?? '');
        expect(promise).toMatch(words.promise);
        await page.$eval('#delivery-promise', (e) => e.scrollIntoView({ block: 'center' }));
        await screenshot(page, `delivery-promise-template-${lang}-${size}`);

        // A card from the template, made through the page's button.
        await Promise.all([page.waitForNavigation(), page.click('.template-detail form button[type=submit]')]);
        await editorReady(page);
        await page.click('#open-send');
        await page.waitForFunction(() =>
          [...(document.getElementById('recipient') as HTMLSelectElement).options].some(
            (o) => o.textContent === 'Ada Byron',
          ),
        );
        const ada = await page.$$eval('#recipient option', (els) =>
          els.find((o) => o.textContent === 'Ada Byron')!.getAttribute('value')!,
        );
        await page.select('#recipient', ada);
        await page.select('#delivery-method', 'post');
        await page.waitForSelector('#post-extras:not([hidden]) #ship-promise');
        expect(await page.$eval('#ship-promise', (e) => e.textContent ?? '')).toMatch(words.promise);

        // Keyboard: from "as soon as possible" to "arrive by a date" with an arrow key, as radios go.
        await page.focus('#ship-asap');
        await page.keyboard.press('ArrowDown');
        await page.waitForSelector('#ship-date-row:not([hidden])');
        expect(await page.$eval('#ship-by-date', (e) => (e as HTMLInputElement).checked)).toBe(true);
        expect(await page.$eval('#send-on-row', (e) => (e as HTMLElement).hidden)).toBe(true);
        // The date field comes next in the tab order (focus is not moved for the person).
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.id)).toBe('arrive-by');

        // Today, typed into the date field in the order its segments show: too soon for any method (the
        // picker's bounds keep out days long past and beyond the window, but not this one).
        const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
        const order = await page.evaluate(() =>
          new Intl.DateTimeFormat(navigator.language).formatToParts(new Date(2020, 0, 2)).map((p) => p.type),
        );
        const parts: Record<string, string> = {
          day: today.slice(8, 10),
          month: today.slice(5, 7),
          year: today.slice(0, 4),
        };
        // While the year is typed the field holds earlier whole dates (0002, 0020, 0202), each asked
        // about: the answer to wait for is today's, not an earlier one's "that day has passed".
        const answered = page.waitForResponse((r) => r.url().includes(`arrive_by=${today}`));
        for (const segment of order.filter((p) => p in parts)) await page.keyboard.type(parts[segment]);
        await page.keyboard.press('Tab'); // a person moves on; the field's change is sent
        await answered;
        await page.waitForFunction(() => document.getElementById('ship-status')?.textContent === '');
        await page.waitForSelector('#arrive-by-error');
        expect(await page.$eval('#arrive-by', (e) => (e as HTMLInputElement).value)).toBe(today);
        const error = await page.$eval('#arrive-by-error', (e) => e.textContent ?? '');
        expect(error).toMatch(words.past);
        expect(await page.$eval('#arrive-by', (e) => e.getAttribute('aria-invalid'))).toBe('true');
        expect(await page.$eval('#arrive-by', (e) => e.getAttribute('aria-describedby'))).toBe('arrive-by-error');
        await page.$eval('#ship-when', (e) => e.scrollIntoView({ block: 'center' }));
        await screenshot(page, `delivery-promise-bad-date-${lang}-${size}`);

        // The offered day, taken with the keyboard: the methods that make it, with their prices.
        const offered = await page.$eval('#arrive-by-next', (e) => (e as HTMLButtonElement).dataset.date!);
        await page.focus('#arrive-by-next');
        await page.keyboard.press('Enter');
        await page.waitForSelector('#ship-methods');
        expect(await page.$eval('#arrive-by', (e) => (e as HTMLInputElement).value)).toBe(offered);
        expect(await page.$eval('#arrive-by', (e) => e.getAttribute('aria-invalid'))).toBe('false');
        const methods = await page.$$eval('#ship-methods label', (els) => els.map((e) => e.textContent ?? ''));
        // The earliest day: only the next-day method makes it.
        expect(methods).toHaveLength(1);
        expect(methods[0]).toContain('Express');
        expect(methods[0]).toContain(words.price);
        expect(await page.$eval('#ship-methods input', (e) => (e as HTMLInputElement).checked)).toBe(true);
        // The total counts the method's price (the server's, shown in the form).
        const total = await page.$eval('#send-price', (e) => e.textContent ?? '');
        expect(total).toMatch(lang === 'en' ? /£8\.\d\d|£\d+\.\d\d/ : /\d+,\d\d/);
        await page.$eval('#ship-when', (e) => e.scrollIntoView({ block: 'center' }));
        await screenshot(page, `delivery-promise-methods-${lang}-${size}`);
        const found = (await allA11yViolations(page)).filter((v) => /ship|arrive/.test(v));
        expect(found).toEqual([]);

        await Promise.all([page.waitForNavigation(), page.click('#send-submit')]);
        expect(page.url()).toMatch(/\/cart\/$/);
        const line = await page.$$eval('.delivery-window', (els) => els.map((e) => e.textContent ?? ''));
        expect(line.some((l) => words.basket.test(l))).toBe(true);
        await screenshot(page, `delivery-promise-basket-${lang}-${size}`);
        expect(pageErrors(page)).toEqual([]);
        // Empty the basket for the next run.
        const cart = await app.http().get('/api/orders/cart/').set(shopper.auth).expect(200);
        for (const item of cart.body.items as Array<{ id: number }>)
          expect((await app.http().delete(`/api/orders/cart/items/${item.id}/`).set(shopper.auth)).status).toBeLessThan(
            300,
          );
        await page.close();
      });
    }
  }
});
