import type { Browser, Page } from 'puppeteer-core';
import { startApp, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import {
  launchBrowser,
  layersAre,
  pageErrors,
  saveStatus,
  screenshot,
  signedInPage,
  startCard,
} from './editor-browser';

// Issue 21, item 4 in real Chromium: a folded card's pages as tabs (each its own objects, its own
// undo, all saved together) and the print guides toggled by a button, with the hint for text that
// reaches into the safe margin. Screenshots: .tmp/screenshots/editor-pages-*.png.
jest.setTimeout(Number(process.env.EDITOR_TEST_TIMEOUT) || 180_000);

describe('editor pages and print guides', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let shopper: TestUser;
  let cardId: number;
  const card = async () => (await app.http().get(`/api/cards/${cardId}/`).set(shopper.auth)).body;
  const tab = (name: string) => page.click(`.ed-page[data-page="${name}"]`);
  const selectedTab = () => page.$eval('.ed-page[aria-selected="true"]', (e) => (e as HTMLElement).dataset.page);

  beforeAll(async () => {
    app = await startApp({ SERVICE_SEED_SAMPLE_DATA: 'false', SERVICE_RENDERER: 'memory' });
    shopper = await createUser(app.strapi);
    browser = await launchBrowser();
    page = await signedInPage(browser, app.baseUrl, shopper.token, { width: 1400, height: 1100 });
    cardId = await startCard(page, `${app.baseUrl}/editor/`);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('designs the front and the inside left as separate pages, saved together in canvas_data.pages', async () => {
    await page.click('#add-text');
    await page.keyboard.type('Front words');
    await page.keyboard.press('Escape');
    await saveStatus(page, 'Saved');

    await tab('inside_left');
    expect(await selectedTab()).toBe('inside_left');
    await layersAre(page, []);
    await page.click('#add-text');
    await page.keyboard.type('Inside words');
    await page.keyboard.press('Escape');
    await saveStatus(page, 'Saved');
    const saved = (await card()).canvas_data;
    expect(saved.objects).toEqual([expect.objectContaining({ text: 'Front words' })]);
    expect(saved.pages.inside_left.objects).toEqual([expect.objectContaining({ text: 'Inside words' })]);

    // Undo works on the page shown (one step per keystroke, then the added text): it takes the inside
    // page back to empty and stops there, never reaching into the front's history.
    for (let i = 0; i < 40 && !(await page.$eval('#undo', (b) => (b as HTMLButtonElement).disabled)); i += 1)
      await page.click('#undo');
    await layersAre(page, []);
    await saveStatus(page, 'Saved');
    expect((await card()).canvas_data.pages.inside_left.objects).toEqual([]);
    expect((await card()).canvas_data.objects).toEqual([expect.objectContaining({ text: 'Front words' })]);
    for (let i = 0; i < 40 && !(await page.$eval('#redo', (b) => (b as HTMLButtonElement).disabled)); i += 1)
      await page.click('#redo');
    await layersAre(page, ['Text: Inside words']);
    await saveStatus(page, 'Saved');
    expect((await card()).canvas_data.pages.inside_left.objects).toEqual([
      expect.objectContaining({ text: 'Inside words' }),
    ]);

    await tab('front');
    await page.waitForFunction(() => document.querySelectorAll('#layers .ed-layer').length === 1);
    expect(await page.$eval('#layers .ed-layer', (e) => e.textContent)).toMatch(/Front words/);
    await screenshot(page, 'editor-pages-desktop');
    expect(pageErrors(page)).toEqual([]);
  });

  it('keeps pages it did not open when it saves (reloaded cards lose nothing)', async () => {
    await page.reload();
    await page.waitForSelector('#editor[data-ready="true"]');
    await page.click('#add-text');
    await page.keyboard.type('After reload');
    await page.keyboard.press('Escape');
    await saveStatus(page, 'Saved');
    const saved = (await card()).canvas_data;
    expect(saved.objects).toHaveLength(2);
    expect(saved.pages.inside_left.objects).toEqual([expect.objectContaining({ text: 'Inside words' })]);
  });

  it('shows the trim line, bleed and safe area on request, and flags text reaching into the safe margin', async () => {
    const hint = () =>
      page.$eval('#guides-hint', (e) => ({
        hidden: (e as HTMLElement).hidden,
        text: e.textContent,
        outside: (e as HTMLElement).dataset.outside,
      }));
    expect((await hint()).hidden).toBe(true);
    await page.click('#toggle-guides');
    expect(await page.$eval('#toggle-guides', (e) => e.getAttribute('aria-pressed'))).toBe('true');
    expect(await page.$eval('#canvas-wrap', (e) => e.classList.contains('ed-guides-on'))).toBe(true);
    expect(await hint()).toMatchObject({
      hidden: false,
      outside: '0',
      text: expect.stringMatching(/A5.*trim.*bleed.*safe area/),
    });

    // Move the selected text to the very edge with the keyboard: it now reaches into the safe margin.
    await page.click('#layers .ed-layer');
    await page.focus('#canvas-wrap');
    await page.keyboard.down('Shift');
    for (let i = 0; i < 10; i += 1) await page.keyboard.press('ArrowLeft');
    await page.keyboard.up('Shift');
    await page.waitForFunction(
      () => Number((document.getElementById('guides-hint') as HTMLElement).dataset.outside) > 0,
      { timeout: 5000 },
    );
    expect((await hint()).text).toMatch(/reach(es)? into the 4 mm safe margin/);
    await saveStatus(page, 'Saved');
    expect((await card()).canvas_data.objects.length).toBe(2); // the guides are an overlay, never saved as objects
    expect((await card()).preflight).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'outside_safe_area', page: 'front' })]),
    );
    await screenshot(page, 'editor-guides-desktop');

    // A phone viewport reloads the page (puppeteer's mobile emulation): turn the guides on again.
    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    await page.waitForSelector('#editor[data-ready="true"]');
    // On a phone the page bar sits under the card, behind the tools sheet: reach it with the keyboard.
    await page.focus('#toggle-guides');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !(document.getElementById('guides-hint') as HTMLElement).hidden);
    expect((await hint()).outside).toBe('1');
    expect(await page.$eval('#canvas-wrap .canvas-container', (e) => e.getBoundingClientRect().width)).toBeLessThan(
      390,
    );
    await screenshot(page, 'editor-guides-phone');
    expect(pageErrors(page)).toEqual([]);
  });
});
