import fs from 'fs';
import path from 'path';
import { execFile } from 'child_process';
import { promisify } from 'util';
import type { Browser, Page } from 'puppeteer-core';
import { startApp, type TestApp } from '../helpers/strapi';
import { createUser, type TestUser } from '../helpers/users';
import { paidEcardAndGermanPost } from '../helpers/invoice-fixtures';
import { SCREENSHOT_DIR } from './browser';
import { launchBrowser, signedInPage } from './editor-browser';
import { allA11yViolations } from './baseline';

// Issue 43, item 2, in real Chromium at 1280 and 390 px, in English and German: the order page's VAT
// line and its invoice and credit-note links, and the invoice itself (its first page drawn to a PNG).
// Screenshots go to .tmp/screenshots/.
jest.setTimeout(300_000);
const run = promisify(execFile);
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

describe('invoice links on the order page (Chromium)', () => {
  let app: TestApp;
  let browser: Browser;
  let buyer: TestUser;
  let page: Page;
  let uuid = '';

  beforeAll(async () => {
    app = await startApp({
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_DEMO_PAYMENTS: 'true',
      SERVICE_RENDER_THUMBNAILS_ON_BOOT: 'false',
      SERVICE_VAT_RATES: 'GB:2000,DE:1900',
      SERVICE_SELLER_NAME: 'Kindred Cards Ltd',
      SERVICE_SELLER_ADDRESS: '1 Paper Lane, London, EC1A 1AA',
      SERVICE_SELLER_VAT_NUMBER: 'GB123456789',
    });
    buyer = await createUser(app.strapi, { first_name: 'Alice', last_name: 'Example' });
    uuid = await paidEcardAndGermanPost(app, buyer);
    const invoices = app.strapi.plugin('greeting-cards').service('invoices');
    await invoices.issueMissed();
    const posted = (await app.http().get(`/api/orders/${uuid}/`).set(buyer.auth)).body.deliveries.find(
      (d: { delivery_method: string }) => d.delivery_method === 'post',
    );
    await app.http().post(`/api/deliveries/${posted.id}/cancel/`).set(buyer.auth).expect(200);
    await invoices.issueMissed();
    browser = await launchBrowser();
    page = await signedInPage(browser, app.baseUrl, buyer.token);
    await page.setBypassCSP(true); // axe is injected into the page for the accessibility check
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  for (const lang of ['en', 'de'] as const) {
    it(`the order page says the VAT and links the documents (${lang})`, async () => {
      await page.goto(`${app.baseUrl}/orders/${uuid}/?locale=${lang}`, { waitUntil: 'load' });
      const vat = await page.$eval('.vat-line', (el) => (el as HTMLElement).innerText);
      expect(vat).toMatch(lang === 'en' ? /Including VAT\s+£1\.14/ : /Darin enthaltene MwSt\.\s+1,14\s£/);
      const links = await page.$$eval('.documents a', (as) => as.map((a) => (a as HTMLElement).innerText));
      expect(links).toEqual(
        lang === 'en'
          ? [
              expect.stringMatching(/^Invoice INV-\d{6} \(PDF\)$/),
              expect.stringMatching(/^Credit note CN-\d{6} \(PDF\)$/),
            ]
          : [
              expect.stringMatching(/^Rechnung INV-\d{6} \(PDF\)$/),
              expect.stringMatching(/^Gutschrift CN-\d{6} \(PDF\)$/),
            ],
      );
      expect(await allA11yViolations(page)).toEqual([]);
      fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
      for (const viewport of WIDTHS) {
        await page.setViewport(viewport);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: path.join(SCREENSHOT_DIR, `invoice-order-page-${lang}-${viewport.width}.png`) as `${string}.png`,
          fullPage: true,
        });
      }
      await page.setViewport(WIDTHS[0]);
    });
  }

  it('the invoice drawn as a page (for a look)', async () => {
    const pdf = await app
      .http()
      .get(`/api/orders/${uuid}/invoice/`)
      .set(buyer.auth)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(pdf.status).toBe(200);
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const file = path.join(SCREENSHOT_DIR, 'invoice.pdf');
    fs.writeFileSync(file, pdf.body as Buffer);
    await run('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', file, path.join(SCREENSHOT_DIR, 'invoice-pdf')]);
    expect(fs.readdirSync(SCREENSHOT_DIR).some((f) => f.startsWith('invoice-pdf'))).toBe(true);
  });
});
