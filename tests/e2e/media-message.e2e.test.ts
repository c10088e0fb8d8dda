import type { Browser } from 'puppeteer-core';
import { startApp, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import {
  editorReady,
  launchBrowser,
  pageErrors,
  recordMessage,
  saveMessage,
  screenshot,
  signedInPage,
  startCard,
} from './editor-browser';

// Issue 45 item 3 in a real Chromium: the editor records a voice message from a fake microphone
// (--use-fake-device-for-media-stream) and a video from a fake camera, saves them with captions, shows
// them again after a reload, in English and German, on a desktop and a phone; the message page plays
// what was stored (the browser decodes it) with its captions track.
jest.setTimeout(Number(process.env.EDITOR_TEST_TIMEOUT) || 180_000);

const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
const MESSAGE = 'plugin::greeting-cards.media-message';

describe('a video or voice message in the editor', () => {
  let app: TestApp;
  let browser: Browser;
  let shopper: TestUser;

  beforeAll(async () => {
    app = await startApp({ SERVICE_SEED_SAMPLE_DATA: 'true', SERVICE_RENDERER: 'memory' });
    shopper = await createUser(app.strapi);
    browser = await launchBrowser({ fakeMedia: true });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const messageOf = async (cardId: number) =>
    (await app.strapi.db.query(MESSAGE as never).findOne({ where: { card_id: cardId } })) as {
      token: string;
      duration_ms: number;
    } | null;

  it('records a voice message with captions, saves it, shows it after a reload, and the message page plays it', async () => {
    const page = await signedInPage(browser, app.baseUrl, shopper.token);
    const cardId = await startCard(page, `${app.baseUrl}/editor/`);
    expect(await page.$eval('#media-message legend', (e) => e.textContent)).toBe('Video or voice message');
    await page.$eval('#media-message', (e) => e.scrollIntoView());
    await screenshot(page, 'media-editor-en-desktop');

    await recordMessage(page, '#media-record-audio', 2);
    await page.type('#media-captions', 'Happy birthday! <3 from all of us');
    await saveMessage(page, /^Message saved \(\d+ s\)\.$/);
    const row = await messageOf(cardId);
    expect(row).toMatchObject({ kind: 'audio', mime: 'audio/webm', captions: 'Happy birthday! <3 from all of us' });
    expect(row!.duration_ms).toBeGreaterThanOrEqual(1500);
    expect(row!.duration_ms).toBeLessThan(10_000);

    await page.reload();
    await editorReady(page);
    await page.waitForSelector('#media-current:not([hidden]) audio');
    expect(await page.$eval('#media-current-text', (e) => e.textContent)).toMatch(
      /^This card has a voice message of \d+ s\.$/,
    );
    expect(await page.$eval('#media-captions', (e) => (e as HTMLTextAreaElement).value)).toBe(
      'Happy birthday! <3 from all of us',
    );
    await page.$eval('#media-message', (e) => e.scrollIntoView());
    await screenshot(page, 'media-editor-saved-en-desktop');
    expect(pageErrors(page)).toEqual([]);

    // The message page: the browser decodes the stored recording and loads the captions track.
    const viewer = await signedInPage(browser, app.baseUrl, null);
    const res = await viewer.goto(`${app.baseUrl}/messages/${row!.token}/`);
    expect(res?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await viewer.waitForFunction(() => {
      const audio = document.querySelector('audio');
      return Boolean(
        (audio && audio.readyState >= 1 && Number.isFinite(audio.duration)) || audio?.duration === Infinity,
      );
    });
    await viewer.$eval('audio', (a) => {
      (a as HTMLAudioElement).muted = true;
      return (a as HTMLAudioElement).play();
    });
    await viewer.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 0.2, { timeout: 20_000 });
    await viewer.waitForFunction(() => {
      const track = document.querySelector('audio')?.textTracks[0];
      return Boolean(
        track && track.cues && track.cues.length === 1 && (track.cues[0] as VTTCue).text.includes('Happy birthday!'),
      );
    });
    await screenshot(viewer, 'media-page-en-desktop');
    await viewer.setViewport(PHONE);
    await screenshot(viewer, 'media-page-en-phone');
    expect(pageErrors(viewer)).toEqual([]);
  });

  it('records a video in German on a phone, replacing the voice message, and removes it', async () => {
    const page = await signedInPage(browser, app.baseUrl, shopper.token, PHONE);
    await page.setExtraHTTPHeaders({ 'Accept-Language': 'de' });
    const cardId = await startCard(page, `${app.baseUrl}/editor/`);
    expect(await page.$eval('#media-message legend', (e) => e.textContent)).toBe('Video- oder Sprachnachricht');
    await recordMessage(page, '#media-record-video', 2);
    await page.$eval('#media-message', (e) => e.scrollIntoView());
    await screenshot(page, 'media-editor-de-phone');
    await saveMessage(page, /^Nachricht gespeichert \(\d+ s\)\.$/);
    const row = await messageOf(cardId);
    expect(row).toMatchObject({ kind: 'video', mime: 'video/webm' });
    await page.waitForSelector('#media-current:not([hidden]) video');
    expect(await page.$eval('#media-current-text', (e) => e.textContent)).toMatch(
      /^Diese Karte hat eine Videonachricht von \d+ s\.$/,
    );
    await page.$eval('#media-message', (e) => e.scrollIntoView());
    await screenshot(page, 'media-editor-saved-de-phone');

    const viewer = await signedInPage(browser, app.baseUrl, null, { width: 1280, height: 800 });
    await viewer.setExtraHTTPHeaders({ 'Accept-Language': 'de' });
    await viewer.goto(`${app.baseUrl}/messages/${row!.token}/`);
    await viewer.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
    expect(await viewer.$eval('h1', (e) => e.textContent)).toBe('Eine Nachricht für dich');
    await screenshot(viewer, 'media-page-de-desktop');

    await page.click('#media-remove');
    await page.waitForFunction(() => document.getElementById('media-status')?.textContent === 'Nachricht entfernt.');
    expect(await messageOf(cardId)).toBeNull();
    expect(pageErrors(page)).toEqual([]);
  });
});
