import { csrfTokenOfPage } from '../web/editor-csrf';
import fs from 'fs';
import os from 'os';
import path from 'path';
import sharp from 'sharp';
import type { Browser, Page } from 'puppeteer-core';
import { startApp, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { clickLayer, launchBrowser, pageErrors, saveStatus, signedInPage, startCard } from './editor-browser';

// Cropping a photo with the mouse: the frame is dragged to the photo's left half, and the card then
// holds a new upload with just that half, in the same place on the card.
jest.setTimeout(120_000);

describe('cropping a photo in the editor', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let user: TestUser;
  let cardId: number;
  const imageOf = async () =>
    (await app.http().get(`/api/cards/${cardId}/`).set(user.auth)).body.canvas_data.objects.find(
      (o: { type: string }) => o.type === 'image',
    );

  beforeAll(async () => {
    app = await startApp({ SERVICE_SEED_SAMPLE_DATA: 'false', SERVICE_RENDERER: 'memory' });
    user = await createUser(app.strapi);
    browser = await launchBrowser();
    page = await signedInPage(browser, app.baseUrl, user.token, { width: 1400, height: 1100 });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('crops the left half of a photo by dragging the frame', async () => {
    cardId = await startCard(page, `${app.baseUrl}/editor/`);

    // Left half red, right half blue.
    const file = path.join(os.tmpdir(), `crop-${process.pid}.png`);
    const half = (colour: string) =>
      sharp({ create: { width: 200, height: 300, channels: 3, background: colour } })
        .png()
        .toBuffer();
    await sharp({ create: { width: 400, height: 300, channels: 3, background: '#0000FF' } })
      .composite([{ input: await half('#FF0000'), left: 0, top: 0 }])
      .png()
      .toFile(file);
    await (await page.$('input#photo-input'))!.uploadFile(file);
    await page.waitForFunction(() => document.getElementById('photo-status')?.textContent === 'Photo added.');
    fs.rmSync(file, { force: true });
    await saveStatus(page, 'Saved');
    const before = await imageOf();
    expect(before).toMatchObject({ width: 400, height: 300 });

    await clickLayer(page, 'Photo');
    expect(await page.$eval('#crop-photo', (b) => (b as HTMLButtonElement).disabled)).toBe(false);
    await page.click('#crop-photo');
    expect(await page.$eval('#crop-photo', (b) => b.textContent)).toBe('Apply crop');

    // Drag the frame's right-hand handle to the middle of the photo (the canvas is at zoom 1).
    const box = await page.$eval('#canvas-wrap .canvas-container', (e) => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y };
    });
    const y = box.y + before.top + before.height / 2;
    await page.mouse.move(box.x + before.left + before.width, y);
    await page.mouse.down();
    await page.mouse.move(box.x + before.left + before.width * 0.75, y, { steps: 5 });
    await page.mouse.move(box.x + before.left + before.width / 2, y, { steps: 5 });
    await page.mouse.up();

    await page.click('#crop-photo');
    await page.waitForFunction(() => document.getElementById('photo-status')?.textContent === 'Photo cropped.', {
      timeout: 20000,
    });
    await saveStatus(page, 'Saved');
    const after = await imageOf();
    expect(after.src).not.toBe(before.src);
    expect(after.left).toBeCloseTo(before.left, 0);
    expect(after.top).toBeCloseTo(before.top, 0);
    expect(after.width).toBeGreaterThan(190);
    expect(after.width).toBeLessThan(210);
    expect(after.height).toBeCloseTo(300, 0);

    const stored = await sharp((await app.http().get(after.src)).body).stats();
    const [r, , b] = stored.channels;
    expect(r.mean).toBeGreaterThan(230); // the red half only
    expect(b.mean).toBeLessThan(25);
    expect(pageErrors(page)).toEqual([]);
  });

  it('refuses to crop anything but our uploads, bad boxes, and requests without the CSRF token', async () => {
    const token = await csrfTokenOfPage(app, user.token);
    const crop = (body: object, csrf = token) =>
      app
        .http()
        .post('/editor/photos/crop/')
        .set('Cookie', `gc_session=${user.token}`)
        .set('X-CSRF-Token', csrf)
        .send(body);
    const { src } = await imageOf();
    const box = { left: 0, top: 0, width: 10, height: 10 };
    expect((await crop({ src: 'https://elsewhere.example/x.jpg', ...box })).body).toEqual({
      src: ['Only a photo uploaded to this service can be cropped.'],
    });
    expect((await crop({ src: '/uploads/../package.json', ...box })).status).toBe(400);
    expect((await crop({ src: '/uploads/missing.jpg', ...box })).status).toBe(400);
    const bad = await crop({ src, left: -1, top: 'x', width: 0, height: 5 });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      left: ['A number of pixels is required.'],
      top: ['A number of pixels is required.'],
      width: ['The crop must be at least 1 pixel wide.'],
    });
    expect((await crop({ src, ...box }, 'wrong')).status).toBe(403);
    const ok = await crop({ src, ...box });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ width: 10, height: 10 });
  });
});
