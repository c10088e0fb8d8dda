import type { Browser, Page } from 'puppeteer-core';
import { startApp, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { countPixels, decodePng } from '../helpers/png';
import {
  DESKTOP,
  editorReady,
  launchBrowser,
  layersAre,
  pageErrors,
  saveStatus,
  screenshot,
  signedInPage,
  startCard,
} from './editor-browser';

// Issue 45, item 2: writing on the card by hand, as a person does: the pen tool, then a stroke with the
// mouse (desktop, 1280 px) or a finger (phone, 390 px, touch events). The stroke is saved where it was
// written, undo takes it back, and the card's preview (drawn by the real renderer) shows the ink there.
jest.setTimeout(240_000);

const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
type Json = Record<string, unknown>;

describe('writing by hand in the editor', () => {
  let app: TestApp;
  let browser: Browser;
  let user: TestUser;
  const cardOf = async (id: number) => (await app.http().get(`/api/cards/${id}/`).set(user.auth).expect(200)).body;
  const strokesOf = async (id: number): Promise<Json[]> =>
    (await cardOf(id)).canvas_data.objects.filter((o: Json) => o.type === 'path');

  beforeAll(async () => {
    app = await startApp({ SERVICE_SEED_SAMPLE_DATA: 'false', SERVICE_CARD_PREVIEW_DELAY_MS: '50' });
    user = await createUser(app.strapi);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  /** The canvas on screen: its corner and how many screen pixels a design unit takes. */
  const canvasBox = (page: Page) =>
    page.$eval('#canvas-wrap .upper-canvas', (e) => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y, zoom: r.width / 600 };
    });

  /** Picks the pen up with an ink colour chosen in the colour input, as a person does. */
  async function takePen(page: Page, colour: string): Promise<void> {
    await page.$eval(
      '#pen-colour',
      (input, value) => {
        (input as HTMLInputElement).value = value as string;
        input.dispatchEvent(new Event('input', { bubbles: true }));
      },
      colour,
    );
    await page.waitForFunction(() => document.getElementById('pen')?.getAttribute('aria-pressed') === 'true');
  }

  /** A wave across the card, in design units. */
  const wave = (y: number) => Array.from({ length: 25 }, (_, i) => ({ x: 120 + i * 15, y: y + Math.sin(i / 3) * 30 }));

  /** Ink pixels of `colour` around a design point of a 600-pixel preview. */
  const inkAt = (png: ReturnType<typeof decodePng>, x: number, y: number, colour: number[]) =>
    countPixels(
      png,
      { x: Math.round(x) - 4, y: Math.round(y) - 4, width: 9, height: 9 },
      ([r, g, b]) => Math.abs(r - colour[0]) < 40 && Math.abs(g - colour[1]) < 40 && Math.abs(b - colour[2]) < 40,
    );

  async function previewOf(id: number, strokes: number): Promise<ReturnType<typeof decodePng>> {
    const end = Date.now() + 120_000;
    for (;;) {
      const card = await cardOf(id);
      const drawn = (card.canvas_data.objects as Json[]).filter((o) => o.type === 'path').length === strokes;
      // The preview of this very design (its hash is in the file name), not of an earlier one.
      const current =
        card.preview_url &&
        card.preview_url ===
          app.strapi.plugin('greeting-cards').service('rendering').previewLocation(card.canvas_data).url;
      if (drawn && current) return decodePng((await app.http().get(card.preview_url).expect(200)).body as Buffer);
      if (Date.now() > end) throw new Error(`no current preview: ${JSON.stringify(card.preview_url)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it('writes with the mouse on a desktop: saved where it was written, undone, redone, in the preview', async () => {
    const page = await signedInPage(browser, app.baseUrl, user.token, { ...DESKTOP, width: 1280 });
    const id = await startCard(page, `${app.baseUrl}/editor/`);
    await page.click('#pen');
    await takePen(page, '#c0392b');
    expect(await page.$eval('#pen', (b) => b.textContent)).toBe('Stop writing');

    const box = await canvasBox(page);
    const points = wave(300);
    const screen = points.map((p) => ({ x: box.x + p.x * box.zoom, y: box.y + p.y * box.zoom }));
    await page.mouse.move(screen[0].x, screen[0].y);
    await page.mouse.down();
    for (const p of screen.slice(1)) await page.mouse.move(p.x, p.y, { steps: 3 });
    await page.mouse.up();
    await layersAre(page, ['Handwriting']);
    await saveStatus(page, 'Saved');
    await screenshot(page, 'editor-handwriting-desktop');

    const [stroke] = await strokesOf(id);
    expect(stroke).toMatchObject({ type: 'path', stroke: '#C0392B', strokeWidth: 4 });
    // Every point written is on the saved stroke (within a pen's width plus the screen's rounding).
    const saved = (stroke.path as Array<[string, ...number[]]>).map((c) => ({
      x: Number(c[c.length - 2]),
      y: Number(c[c.length - 1]),
    }));
    for (const p of points) {
      const nearest = Math.min(...saved.map((s) => Math.hypot(s.x - p.x, s.y - p.y)));
      expect({ p, near: nearest < 6 }).toEqual({ p, near: true });
    }

    // The preview shows the ink along the wave, in the pen's colour, and none well away from it.
    const preview = await previewOf(id, 1);
    const red = [0xc0, 0x39, 0x2b];
    for (const p of [points[2], points[12], points[22]])
      expect({ p, ink: inkAt(preview, p.x, p.y, red) > 3 }).toEqual({ p, ink: true });
    expect(inkAt(preview, 300, 600, red)).toBe(0);

    // Undo takes the stroke back; redo puts it there again; both are saved.
    await page.click('#undo');
    await layersAre(page, []);
    await saveStatus(page, 'Saved');
    expect(await strokesOf(id)).toEqual([]);
    await page.click('#redo');
    await layersAre(page, ['Handwriting']);
    await saveStatus(page, 'Saved');
    expect(await strokesOf(id)).toEqual([stroke]);

    // Put the pen down: the stroke can be selected and moved like anything else.
    await page.click('#pen');
    expect(await page.$eval('#pen', (b) => b.getAttribute('aria-pressed'))).toBe('false');
    // After a reload the stroke is drawn where it was saved.
    await page.reload();
    await editorReady(page);
    await layersAre(page, ['Handwriting']);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('writes with a finger on a phone, on the inside page', async () => {
    const page = await signedInPage(browser, app.baseUrl, user.token, PHONE);
    const id = await startCard(page, `${app.baseUrl}/editor/`);
    await page.click('.ed-page[data-page="inside_right"]');
    await page.waitForFunction(
      () => document.querySelector('.ed-page[data-page="inside_right"]')?.getAttribute('aria-selected') === 'true',
    );
    await page.$eval('#pen', (b) => b.scrollIntoView({ block: 'center' }));
    await page.tap('#pen');
    await takePen(page, '#1e6bb8');
    await screenshot(page, 'editor-handwriting-phone-tools');
    // The card may sit above the tool sheet: bring it into view before writing on it.
    await page.$eval('#canvas-wrap', (e) => e.scrollIntoView({ block: 'start' }));
    const box = await canvasBox(page);
    const points = wave(400);
    const screen = points.map((p) => ({ x: box.x + p.x * box.zoom, y: box.y + p.y * box.zoom }));
    const finger = await page.touchscreen.touchStart(screen[0].x, screen[0].y);
    for (const p of screen.slice(1)) await finger.move(p.x, p.y);
    await finger.end();
    await layersAre(page, ['Handwriting']);
    await saveStatus(page, 'Saved');
    await screenshot(page, 'editor-handwriting-phone');

    const card = await cardOf(id);
    expect(card.canvas_data.objects).toEqual([]);
    const inside = card.canvas_data.pages.inside_right.objects as Json[];
    expect(inside).toHaveLength(1);
    expect(inside[0]).toMatchObject({ type: 'path', stroke: '#1E6BB8' });
    const saved = (inside[0].path as Array<[string, ...number[]]>).map((c) => ({
      x: Number(c[c.length - 2]),
      y: Number(c[c.length - 1]),
    }));
    // The finger's path at a phone's zoom: within a few design units of where it went.
    for (const p of [points[0], points[12], points[24]]) {
      const nearest = Math.min(...saved.map((s) => Math.hypot(s.x - p.x, s.y - p.y)));
      expect({ p, near: nearest < 3 / box.zoom + 4 }).toEqual({ p, near: true });
    }
    // The page did not scroll away under the finger.
    expect(await canvasBox(page)).toEqual(box);
    expect(pageErrors(page)).toEqual([]);
    await page.close();
  });
});
