import type { Browser, Page } from 'puppeteer-core';
import { startApp, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai';
import { editorReady, pageErrors, PHONE, saveStatus, screenshot, signedInPage, startCard } from './editor-browser';

// Issue 45, item 1: the text tool's Ideas panel lists the message suggestions of the card's occasion
// in the page's language, adds one as a text box on the page being edited with the first name typed in
// the panel filled in (left empty, {first_name} stays the merge field), and, with the AI service
// configured, adds one it wrote. English and German, desktop and phone.
jest.setTimeout(Number(process.env.EDITOR_TEST_TIMEOUT) || 180_000);

describe('the editor Ideas panel', () => {
  let app: TestApp;
  let browser: Browser;
  let shopper: TestUser;
  let ai: FakeOpenAi;

  beforeAll(async () => {
    ai = await startFakeOpenAi('sk-ideas-0123456789abcdef');
    app = await startApp({
      SERVICE_SEED_SAMPLE_DATA: 'true',
      SERVICE_RENDERER: 'memory',
      SERVICE_AI_BASE_URL: ai.baseUrl,
      SERVICE_AI_API_KEY: 'sk-ideas-0123456789abcdef',
      SERVICE_AI_MODEL: 'tiny-writer',
    });
    shopper = await createUser(app.strapi);
    browser = await launchBrowserOnce();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await ai?.close();
  });

  async function launchBrowserOnce(): Promise<Browser> {
    const { launchBrowser } = await import('./editor-browser');
    return launchBrowser();
  }

  const card = async (id: number) => (await app.http().get(`/api/cards/${id}/`).set(shopper.auth)).body;
  const ideaTexts = (page: Page) => page.$$eval('#ideas-list .ed-idea', (els) => els.map((e) => e.textContent ?? ''));

  async function openIdeas(page: Page): Promise<void> {
    await page.click('#ideas-toggle');
    await page.waitForSelector('#ideas-list .ed-idea');
  }

  it("adds a birthday idea on the inside right with the recipient's first name", async () => {
    const page = await signedInPage(browser, app.baseUrl, shopper.token);
    const cardId = await startCard(page, `${app.baseUrl}/editor/template/balloon-party/`);
    await page.click('.ed-page[data-page="inside_right"]');
    await openIdeas(page);
    expect(await page.$eval('#ideas-occasion', (e) => (e as HTMLSelectElement).value)).toBe('birthday');
    expect((await ideaTexts(page)).length).toBeGreaterThanOrEqual(8);
    expect(await ideaTexts(page)).toContain('Happy birthday, {first_name}! I hope today is as lovely as you are.');

    await page.select('#ideas-tone', 'funny');
    await page.waitForFunction(() => document.querySelectorAll('#ideas-list .ed-idea').length === 3);
    await page.select('#ideas-tone', '');
    await page.waitForFunction(() => document.querySelectorAll('#ideas-list .ed-idea').length >= 8);
    await page.type('#ideas-first-name', 'Ada');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('#ideas-list .ed-idea')].some((e) =>
        e.textContent?.startsWith('Happy birthday, Ada!'),
      ),
    );
    await screenshot(page, 'editor-ideas-desktop-en');
    const [button] = await page.$$('#ideas-list .ed-idea');
    const first = await button.evaluate((e) => e.textContent);
    await button.click();
    expect(await page.$eval('#ideas-status', (e) => e.textContent)).toBe('Added to the Inside right.');
    await saveStatus(page, 'Saved');
    const saved = await card(cardId);
    expect(saved.canvas_data.pages.inside_right.objects).toEqual([expect.objectContaining({ text: first })]);
    expect(first).toContain('Ada');
    expect(pageErrors(page)).toEqual([]);
  });

  it('keeps {first_name} as the merge field when no name is typed, and adds an AI idea', async () => {
    const page = await signedInPage(browser, app.baseUrl, shopper.token);
    const cardId = await startCard(page, `${app.baseUrl}/editor/`);
    await openIdeas(page);
    await page.select('#ideas-occasion', 'get-well-soon');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('#ideas-list .ed-idea')].some((e) =>
        e.textContent?.startsWith('Get well soon, {first_name}'),
      ),
    );
    const handles = await page.$$('#ideas-list .ed-idea');
    for (const h of handles) {
      if ((await h.evaluate((e) => e.textContent ?? '')).startsWith('Get well soon, {first_name}')) {
        await h.click();
        break;
      }
    }
    await saveStatus(page, 'Saved');
    expect((await card(cardId)).canvas_data.objects).toEqual([
      expect.objectContaining({ text: 'Get well soon, {first_name}. Thinking of you and sending lots of love.' }),
    ]);

    expect(await page.$eval('#ideas-ai', (e) => (e as HTMLElement).hidden)).toBe(false);
    ai.answers.push('<b>Feel better</b> soon, **friend**!');
    await page.click('#ideas-ai');
    await page.waitForFunction(
      () => document.querySelector('#ideas-list .ed-idea')?.textContent === 'Feel better soon, friend!',
    );
    expect(JSON.stringify(ai.completions().at(-1).messages)).toContain('Occasion: get-well-soon. Tone: warm.');
    expect(pageErrors(page)).toEqual([]);
  });

  it('reads in German on a phone, with German suggestions', async () => {
    const page = await signedInPage(browser, app.baseUrl, shopper.token, { ...PHONE, width: 390 });
    await page.setExtraHTTPHeaders({ 'Accept-Language': 'de' });
    await startCard(page, `${app.baseUrl}/editor/template/balloon-party/`);
    expect(await page.$eval('#ideas-toggle', (e) => e.textContent)).toBe('Ideen für den Text');
    await openIdeas(page);
    expect(await ideaTexts(page)).toContain('Alles Liebe zum Geburtstag, {first_name}! Hab einen wunderschönen Tag.');
    expect(await page.$$eval('#ideas-tone option', (os) => os.map((o) => o.textContent))).toEqual([
      'Jeder Ton',
      'Herzlich',
      'Witzig',
      'Förmlich',
    ]);
    await page.type('#ideas-first-name', 'Lena');
    await page.$eval('#ideas', (e) => e.scrollIntoView());
    await screenshot(page, 'editor-ideas-phone-de');
    await editorReady(page);
    expect(pageErrors(page)).toEqual([]);
  });
});
