import type { Browser, Page } from 'puppeteer-core';
import { startApp, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import {
  editorReady,
  launchBrowser,
  layersAre,
  pageErrors,
  PHONE,
  saveStatus,
  screenshot,
  signedInPage,
  startCard,
} from './editor-browser';

// Issue 27: a shopper whose browser asks for German gets the editor in German: its page, the
// bundle's own words (save status, layers, send form) and prices in German format, with no raw
// message key anywhere on the page. Screenshots on a desktop and a phone (German words are longer).
jest.setTimeout(Number(process.env.EDITOR_TEST_TIMEOUT) || 180_000);

/** Text and attributes a shopper can see or hear that still hold an editor.* key. */
const rawKeys = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    const key = /\beditor\.[a-z][\w.-]*/;
    const text = document.body.innerText;
    if (key.test(text)) found.push(`text: ${key.exec(text)![0]}`);
    for (const el of document.querySelectorAll('*')) {
      for (const attr of ['aria-label', 'title', 'placeholder', 'alt', 'value']) {
        const v = el.getAttribute(attr);
        if (v && key.test(v)) found.push(`${el.tagName.toLowerCase()}[${attr}]: ${v}`);
      }
    }
    for (const option of document.querySelectorAll('option'))
      if (key.test(option.textContent ?? '')) found.push(`option: ${option.textContent}`);
    return found;
  });

const textOf = (page: Page, selector: string) => page.$eval(selector, (e) => (e.textContent ?? '').trim());

describe('the card editor in German', () => {
  let app: TestApp;
  let browser: Browser;
  let shopper: TestUser;

  beforeAll(async () => {
    app = await startApp({ SERVICE_SEED_SAMPLE_DATA: 'true' });
    shopper = await createUser(app.strapi, { first_name: 'Lena', last_name: 'Koch' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  async function germanPage(viewport?: typeof PHONE): Promise<Page> {
    const page = await signedInPage(browser, app.baseUrl, shopper.token, viewport);
    await page.setExtraHTTPHeaders({ 'Accept-Language': 'de' });
    return page;
  }

  it('starts a card, edits it and shows German buttons, status, layers and send form', async () => {
    const page = await germanPage();
    await page.goto(`${app.baseUrl}/editor/`);
    expect(await textOf(page, '#start-card')).toBe('Mit einer leeren Karte beginnen');
    const cardId = await startCard(page, `${app.baseUrl}/editor/`);
    expect(cardId).toBeGreaterThan(0);
    expect(await page.$eval('#editor', (e) => (e as HTMLElement).dataset.intlLocale)).toBe('de-DE');

    await saveStatus(page, 'Gespeichert');
    expect(await textOf(page, '#save')).toBe('Speichern');
    expect(await textOf(page, '#open-send')).toBe('Senden');
    expect(await textOf(page, '#undo')).toBe('Rückgängig');
    expect(await textOf(page, '#add-text')).toBe('Text hinzufügen');
    expect(await textOf(page, '.ed-page[data-page="inside_right"]')).toBe('Innen rechts');
    expect(await page.$eval('#inside-message', (e) => e.getAttribute('placeholder'))).toBe(
      'Schreib deine Nachricht für die Innenseite der Karte',
    );
    // The print check is worded by the bundle once it has read the card's report.
    await page.waitForFunction(
      () => /Druckbereit|Hinweis|Problem/.test(document.getElementById('preflight-status')?.textContent ?? ''),
      { timeout: 20000 },
    );

    // The bundle's words: a new text box and its entry in the layers list.
    await page.click('#add-text');
    await layersAre(page, ['Text: Dein Text hier']);
    await saveStatus(page, 'Gespeichert');

    await page.click('#inside-message');
    await page.keyboard.type('Alles Liebe zum Geburtstag!');
    await page
      .waitForFunction(() => document.getElementById('save-status')?.textContent !== 'Gespeichert', { timeout: 5000 })
      .catch(() => undefined);
    await saveStatus(page, 'Gespeichert');
    const card = await app.http().get(`/api/cards/${cardId}/`).set(shopper.auth);
    expect(card.body.inside_message).toBe('Alles Liebe zum Geburtstag!');
    await screenshot(page, 'editor-german-desktop');

    await page.click('#open-send');
    await page.waitForSelector('#recipient option[value="new"]');
    expect(await textOf(page, '#send-heading')).toBe('Diese Karte senden');
    expect(await textOf(page, '#send-submit')).toBe('In den Warenkorb');
    expect(await textOf(page, '#recipient option[value="new"]')).toBe('+ Neue:r Empfänger:in');
    const methods = await page.$$eval('#delivery-method option', (os) => os.map((o) => o.textContent));
    // Prices as a German reader writes them: a decimal comma, the currency sign after the amount.
    expect(methods).toEqual([
      expect.stringMatching(/^E-Card per E-Mail \(2,99\s£\)$/),
      expect.stringMatching(/^Karte per Post \(\d+,\d\d\s£\)$/),
      expect.stringMatching(/^Zu Hause drucken \(\d+,\d\d\s£\)$/),
    ]);
    expect(await textOf(page, '#send-price')).toMatch(/^2,99\s£$/);
    await page.select('#delivery-method', 'post');
    await page.click('#gift-wrap');
    expect(await textOf(page, '#send-price')).toMatch(/^5,98\s£$/);
    // The form's own refusal, in German.
    await page.select('#recipient', '');
    await page.click('#send-submit');
    await page.waitForSelector('#send-error:not([hidden])');
    expect(await textOf(page, '#send-error')).toBe('Bitte wähle, für wen die Karte ist.');
    await page.select('#recipient', 'new');
    expect(await textOf(page, 'label[for="r-first"]')).toBe('Vorname');
    await screenshot(page, 'editor-german-send-desktop');

    expect(await rawKeys(page)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  // The shop here has no AI service set up (no SERVICE_AI_* settings): the Ideas panel lists the German
  // suggestions and offers no "write one for me" button or its note (tests/e2e/editor-ideas.test.ts
  // shows them with the service set up).
  it('offers no AI writing in the Ideas panel when the shop has not set it up', async () => {
    const page = await germanPage();
    await startCard(page, `${app.baseUrl}/editor/`);
    await editorReady(page);
    const aiAnswer = page.waitForResponse(
      (r) => r.request().method() === 'GET' && new URL(r.url()).pathname.endsWith('/message_suggestions/ai/'),
    );
    await page.click('#ideas-toggle');
    expect(await (await aiAnswer).json()).toEqual({ enabled: false });
    await page.waitForSelector('#ideas-list .ed-idea');
    // The answer has been applied by the time the list is asked for (the panel awaits it first).
    expect(await page.$eval('#ideas-ai', (e) => (e as HTMLElement).hidden)).toBe(true);
    expect(await page.$eval('#ideas-ai-note', (e) => (e as HTMLElement).hidden)).toBe(true);
    expect(await page.$eval('#ideas-ai', (e) => (e as HTMLElement).offsetParent)).toBeNull();
    expect(await rawKeys(page)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('fits the German toolbar and send form on a phone', async () => {
    const page = await germanPage(PHONE);
    await startCard(page, `${app.baseUrl}/editor/`);
    await editorReady(page);
    await saveStatus(page, 'Gespeichert');
    // The top bar's buttons stay inside the screen: none is pushed past its right edge.
    // (The screen's width, not window.innerWidth, which a mobile layout viewport widens to fit overflowing content.)
    const overflow = await page.$$eval(
      '.ed-actions button',
      (bs, width) => bs.filter((b) => b.getBoundingClientRect().right > width + 1).map((b) => b.textContent),
      PHONE.width,
    );
    expect(overflow).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width + 1);
    await screenshot(page, 'editor-german-phone');
    await page.click('#open-send');
    await page.waitForSelector('#recipient option[value="new"]');
    await screenshot(page, 'editor-german-send-phone');
    expect(await rawKeys(page)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });
});
