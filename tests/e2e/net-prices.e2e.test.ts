import fs from 'fs';
import path from 'path';
import type { Browser, Page } from 'puppeteer-core';
import { startApp, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { createRecipient } from '../helpers/order-fixtures';
import { freePort } from '../helpers/smtp';
import { SCREENSHOT_DIR } from './browser';
import { launchBrowser, signedInPage } from './editor-browser';

// Issue 43, item 2, prices entered net (SERVICE_PRICES_INCLUDE_VAT=false), in real Chromium at 1280 and
// 390 px, in English and German: the template page says the prices are plus VAT; the basket and the
// checkout page show each line with its VAT and the net total "plus VAT". Screenshots in
// .tmp/screenshots/net-prices-*.png.
jest.setTimeout(300_000);

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

describe('net prices in the shop (Chromium)', () => {
  let app: TestApp;
  let browser: Browser;
  let buyer: TestUser;
  let page: Page;
  const serverErrors: string[] = [];

  beforeAll(async () => {
    const port = await freePort();
    app = await startApp({
      SERVICE_DEMO_PAYMENTS: 'true',
      SERVICE_RENDER_THUMBNAILS_ON_BOOT: 'false',
      SERVICE_PRICES_INCLUDE_VAT: 'false',
      SERVICE_VAT_RATES: 'GB:2000,DE:1900',
      PORT: String(port),
      SERVICE_PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
    buyer = await createUser(app.strapi, { first_name: 'Alice', last_name: 'Example' });
    browser = await launchBrowser();
    page = await signedInPage(browser, app.baseUrl, buyer.token);
    page.setDefaultTimeout(20000);
    page.on('response', (r) => {
      if (r.status() >= 500) serverErrors.push(`${r.status()} ${r.url()}`);
    });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  /** Screenshots at both widths; nothing may stick out sideways. */
  async function shoot(name: string) {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    for (const viewport of WIDTHS) {
      await page.setViewport(viewport);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(wide).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `net-prices-${name}-${viewport.width}.png`) as `${string}.png`,
        fullPage: true,
      });
    }
    await page.setViewport(WIDTHS[0]);
  }
  const visit = (url: string, lang: 'en' | 'de') =>
    page.goto(`${app.baseUrl}${url}${url.includes('?') ? '&' : '?'}locale=${lang}`, { waitUntil: 'load' });
  const text = (selector: string) => page.$eval(selector, (el) => (el as HTMLElement).innerText);

  it('the template page, the basket and checkout say the VAT', async () => {
    for (const lang of ['en', 'de'] as const) {
      await visit('/templates/balloon-party/', lang);
      expect(await text('.price-list')).toContain(lang === 'en' ? 'Prices plus VAT' : 'Preise zzgl. MwSt.');
      await shoot(`template-${lang}`);
    }

    const made = await app.http().post('/api/templates/balloon-party/personalize/').set(buyer.auth).send({});
    expect(made.status).toBeLessThan(300);
    const friend = await createRecipient(app.strapi, buyer, { first_name: 'Sam', last_name: 'Jones' });
    const german = await createRecipient(app.strapi, buyer, {
      first_name: 'Hans',
      last_name: 'Vogel',
      address_line_1: 'Hauptstraße 1',
      city: 'Berlin',
      postcode: '10115',
      country: 'DE',
    });
    for (const line of [
      { card_id: made.body.id, recipient_id: friend.id },
      {
        card_id: made.body.id,
        recipient_id: german.id,
        delivery_method: 'post',
        scheduled_for: new Date(Date.now() + 7 * 86400_000).toISOString(),
      },
    ])
      expect((await app.http().post('/api/orders/add_to_cart/').set(buyer.auth).send(line)).status).toBe(200);

    await visit('/cart/', 'en');
    const en = await text('.totals');
    expect(en).toMatch(/Total excluding VAT\s+£6\.98/);
    expect(en).toMatch(/plus VAT\s+£1\.36/);
    expect(en).toMatch(/Total including VAT\s+£8\.34/);
    await shoot('basket-en');
    await visit('/cart/', 'de');
    expect(await text('.totals')).toMatch(/zzgl\. MwSt\.\s+1,36\s?£/);
    await shoot('basket-de');

    const cart = await app.http().get('/api/orders/cart/').set(buyer.auth);
    expect((await app.http().post(`/api/orders/${cart.body.uuid}/checkout/`).set(buyer.auth).send({})).status).toBe(
      200,
    );
    for (const lang of ['en', 'de'] as const) {
      await visit(`/checkout/${cart.body.uuid}/`, lang);
      expect(await text('.totals')).toMatch(lang === 'en' ? /plus VAT\s+£1\.36/ : /zzgl\. MwSt\.\s+1,36\s?£/);
      await shoot(`checkout-${lang}`);
    }
    expect(serverErrors).toEqual([]);
  });
});
