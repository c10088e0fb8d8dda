import type { Browser, Page } from 'puppeteer-core';
import { startApp, TestApp } from '../helpers/strapi';
import { startSmtpCapture, SmtpCapture } from '../helpers/smtp';
import { createUser } from '../helpers/users';
import { createCard, createRecipient, deliveriesOf } from '../helpers/order-fixtures';
import { fulfilment } from '../fulfilment/helpers';
import { launchBrowser, pageErrors, screenshot, signedInPage } from './editor-browser';
import { allA11yViolations } from './baseline';

// Issue 21, item 2: the e-card view page shows the front, then "Open the card" shows the inside left
// and inside right, drawn by the same renderer as the previews and the PDF. A recipient in real
// Chromium opens it with the keyboard, on a desktop and on a 390 px phone (pages stacked), with and
// without reduced motion. Screenshots: .tmp/screenshots/card-view-*.png.
jest.setTimeout(180_000);

const MESSAGE = 'Dear Ada,\nHappy birthday from all of us!';
const canvas = {
  version: '7.0.0',
  width: 600,
  height: 850,
  background: '#FFF4E0',
  objects: [
    {
      type: 'textbox',
      text: 'Happy Birthday',
      left: 60,
      top: 300,
      width: 480,
      fontSize: 64,
      fill: '#7B2CBF',
      fontFamily: 'Georgia',
    },
  ],
  pages: {
    inside_left: {
      background: '#E0F2FE',
      objects: [
        {
          type: 'textbox',
          text: 'Inside left words',
          left: 60,
          top: 380,
          width: 480,
          fontSize: 40,
          fill: '#1D4ED8',
          fontFamily: 'Georgia',
        },
      ],
    },
    // A large group card's extra pages of signatures (issue 23): shown after the inside.
    extra: ['one', 'two', 'three'].map((n) => ({
      background: '#FFFFFF',
      objects: [
        {
          type: 'textbox',
          text: `Signatures page ${n}`,
          left: 48,
          top: 48,
          width: 504,
          fontSize: 14,
          fill: '#222222',
          fontFamily: 'Caveat',
        },
      ],
    })),
  },
};

describe('the e-card view page opens to the inside', () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let browser: Browser;
  let page: Page;
  let viewPath: string;
  const visible = (selector: string) =>
    page.$eval(selector, (e) => {
      const box = e.getBoundingClientRect();
      // checkVisibility: false inside a closed <details> (its content is skipped, not laid out to zero).
      return box.width > 0 && box.height > 0 && e.checkVisibility({ visibilityProperty: true, opacityProperty: false });
    });

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startApp({
      ...smtp.env,
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_DEFAULT_FROM_EMAIL: 'Cards <cards@example.test>',
    });
    const sender = await createUser(app.strapi, { first_name: 'Sam', last_name: 'Jones' });
    const card = await createCard(app.strapi, sender, {
      title: 'For Ada',
      canvas_data: canvas,
      inside_message: MESSAGE,
    });
    const recipient = await createRecipient(app.strapi, sender, { email: 'ada@example.test' });
    await app
      .http()
      .post('/api/orders/add_to_cart/')
      .set(sender.auth)
      .send({ card_id: card.id, recipient_id: recipient.id })
      .expect(200);
    const cart = (await app.http().get('/api/orders/cart/').set(sender.auth).expect(200)).body;
    await app.http().post(`/api/orders/${cart.uuid}/checkout/`).set(sender.auth).send({}).expect(200);
    await app.http().post(`/api/orders/${cart.uuid}/pay/`).set(sender.auth).send({}).expect(200);
    await fulfilment(app.strapi).drain();
    const [delivery] = await deliveriesOf(app.strapi, cart.uuid);
    viewPath = `/cards/view/${delivery.view_token}/`;
    browser = await launchBrowser();
    page = await signedInPage(browser, app.baseUrl, null, { width: 1280, height: 900 });
    await page.setBypassCSP(true);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await smtp?.stop();
  });

  it('shows the front first; the recipient opens the card with the keyboard and reads the inside', async () => {
    await page.goto(`${app.baseUrl}${viewPath}`, { waitUntil: 'load' });
    expect(await visible('.card-front svg')).toBe(true);
    expect(await visible('.card-inside-right')).toBe(false);
    expect(await page.$eval('.card-opener summary', (e) => (e as HTMLElement).innerText.trim())).toBe('Open the card');
    await screenshot(page, 'card-view-closed-desktop');

    // Tab to the control, as a keyboard user does, and open it with Enter.
    for (let i = 0; i < 30; i += 1) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement?.matches('.card-opener summary'))) break;
    }
    expect(await page.evaluate(() => document.activeElement?.matches('.card-opener summary'))).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForSelector('.card-opener[open]');
    expect(await visible('.card-inside-left svg')).toBe(true);
    expect(await visible('.card-inside-right .message')).toBe(true);
    expect(await visible('.card-front')).toBe(false);
    expect(await page.$eval('.card-inside-right', (e) => (e as HTMLElement).innerText)).toContain(
      'Happy birthday from all of us!',
    );
    expect(await page.$eval('.card-opener summary', (e) => (e as HTMLElement).innerText.trim())).toBe('Close the card');
    // The inside left is the renderer's SVG of that page: its text stays text, its colour is its own.
    expect(await page.$eval('.card-inside-left svg', (e) => e.textContent)).toContain('Inside left words');
    expect(await page.$eval('.card-inside-left svg', (e) => e.getAttribute('aria-label'))).toBe('Inside left page');
    // Side by side on a desktop once the left page has unfolded.
    await page.waitForFunction(() =>
      document
        .querySelector('.card-inside-left')!
        .getAnimations()
        .every((a) => a.playState === 'finished'),
    );
    const [left, right] = await Promise.all(
      ['.card-inside-left', '.card-inside-right'].map((s) => page.$eval(s, (e) => e.getBoundingClientRect().toJSON())),
    );
    expect(Math.abs(left.top - right.top)).toBeLessThan(1);
    expect(right.left).toBeGreaterThanOrEqual(left.right - 1);
    await screenshot(page, 'card-view-open-desktop');
    // The extra pages follow the inside in order, two to a row, each the renderer's SVG of that page.
    const extra = await page.$$eval('.card-extra-page', (els) =>
      els.map((e) => ({
        label: e.getAttribute('aria-label'),
        text: e.querySelector('svg')?.textContent ?? '',
        box: e.getBoundingClientRect().toJSON(),
      })),
    );
    expect(extra.map((e) => [e.label, /Signatures page \w+/.exec(e.text)?.[0]])).toEqual(
      ['one', 'two', 'three'].map((n, i) => [`Extra page ${i + 1}`, `Signatures page ${n}`]),
    );
    expect(extra[0].box.top).toBeGreaterThan(right.bottom);
    expect(Math.abs(extra[0].box.top - extra[1].box.top)).toBeLessThan(1);
    expect(extra[2].box.top).toBeGreaterThan(extra[0].box.bottom);
    await page.evaluate(() => document.querySelector('.card-extra')!.scrollIntoView());
    await screenshot(page, 'card-view-extra-desktop');
    expect(await allA11yViolations(page)).toEqual([]);

    // Closing shows the front again.
    await page.keyboard.press('Enter');
    await page.waitForSelector('.card-opener:not([open])');
    expect(await visible('.card-front svg')).toBe(true);
    expect(pageErrors(page)).toEqual([]);
  });

  it('on a 390 px phone the pages are stacked, and reduced motion turns the unfolding off', async () => {
    await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    await page.goto(`${app.baseUrl}${viewPath}`, { waitUntil: 'load' });
    await screenshot(page, 'card-view-closed-phone');
    await page.tap('.card-opener summary');
    await page.waitForSelector('.card-opener[open]');
    expect(await page.$eval('.card-inside-left', (e) => getComputedStyle(e).animationName)).toBe('none');
    const [left, right] = await Promise.all(
      ['.card-inside-left', '.card-inside-right'].map((s) => page.$eval(s, (e) => e.getBoundingClientRect().toJSON())),
    );
    expect(right.top).toBeGreaterThanOrEqual(left.bottom);
    expect(left.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.evaluate(() => document.querySelector('.card-inside-right')!.scrollIntoView());
    expect(await page.$eval('.card-inside-right', (e) => (e as HTMLElement).innerText)).toContain('Dear Ada,');
    await screenshot(page, 'card-view-open-phone');
    const extra = await page.$$eval('.card-extra-page', (els) => els.map((e) => e.getBoundingClientRect().toJSON()));
    expect(extra[1].top).toBeGreaterThanOrEqual(extra[0].bottom);
    expect(extra[0].width).toBeLessThanOrEqual(390);
    await page.evaluate(() => document.querySelector('.card-extra')!.scrollIntoView());
    await screenshot(page, 'card-view-extra-phone');
    await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'no-preference' }]);
    await page.reload({ waitUntil: 'load' });
    // The reload keeps the scroll position, which on this longer page (the thank-you form under the card)
    // leaves the closed card's button under the sticky header: back to the top, as a reader would scroll.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.tap('.card-opener summary');
    await page.waitForSelector('.card-opener[open]');
    expect(await page.$eval('.card-inside-right', (e) => getComputedStyle(e).animationName)).toBe('card-appear');
  });
});
