import fs from 'fs';
import os from 'os';
import path from 'path';
import sharp from 'sharp';
import type { Browser, Page } from 'puppeteer-core';
import { startApp, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { SCREENSHOT_DIR } from '../e2e/browser';
import { launchBrowser, signedInPage } from '../e2e/editor-browser';
import { allA11yViolations } from '../e2e/baseline';

// Issue 45 item 7 in real Chromium: a signer signs a group card, picks a photo on the signing page and
// sees it under their message; a text file named .png is refused beside the field; the organiser sees
// the photo on their page and hides it, after which the signer's page says so and the wall shows no
// photo. At 1280 and 390 pixels wide, in English and in German.
jest.setTimeout(240_000);

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const TEXTS = {
  en: {
    add: 'Add a photo',
    refused: 'Please upload a JPEG, PNG, WebP or GIF picture.',
    hide: 'Hide photos',
    hiddenBadge: 'photos hidden',
    hiddenHint: 'The organiser hid your photos: they will not be on the card.',
  },
  de: {
    add: 'Foto hinzufügen',
    refused: 'Bitte lade ein JPEG-, PNG-, WebP- oder GIF-Bild hoch.',
    hide: 'Fotos ausblenden',
    hiddenBadge: 'Fotos ausgeblendet',
    hiddenHint: 'Deine Fotos wurden von der Organisation ausgeblendet: Sie kommen nicht auf die Karte.',
  },
};

describe('group card photos (Chromium)', () => {
  let app: TestApp;
  let browser: Browser;
  let alice: TestUser;
  let cardId: number;
  let dir: string;
  let photoFile: string;
  let textFile: string;
  const serverErrors: string[] = [];

  beforeAll(async () => {
    app = await startApp({ SERVICE_SEED_SAMPLE_DATA: 'false' });
    alice = await createUser(app.strapi, { first_name: 'Alice', last_name: 'Organiser' });
    cardId = (
      await app
        .http()
        .post('/api/cards/')
        .set(alice.auth)
        .send({ title: 'Farewell', canvas_data: { version: '7.0.0', background: '#FFFFFF', objects: [] } })
        .expect(201)
    ).body.id;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gc-photos-'));
    photoFile = path.join(dir, 'holiday.jpg');
    // A photo with something to see: two colour bands.
    fs.writeFileSync(
      photoFile,
      await sharp({ create: { width: 480, height: 320, channels: 3, background: '#2E86C1' } })
        .composite([
          {
            input: await sharp({ create: { width: 480, height: 120, channels: 3, background: '#F4B400' } })
              .png()
              .toBuffer(),
            top: 200,
            left: 0,
          },
        ])
        .jpeg()
        .toBuffer(),
    );
    textFile = path.join(dir, 'notes.png');
    fs.writeFileSync(textFile, 'not a picture at all');
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function open(token: string | null, lang: 'en' | 'de', width: number): Promise<Page> {
    const page = await signedInPage(browser, app.baseUrl, token, {
      width,
      height: width < 500 ? 844 : 800,
      isMobile: width < 500,
      hasTouch: width < 500,
      deviceScaleFactor: 1,
    });
    await page.setExtraHTTPHeaders({ 'Accept-Language': lang === 'de' ? 'de-DE,de;q=0.9' : 'en-GB,en;q=0.9' });
    await page.setBypassCSP(true);
    page.setDefaultTimeout(20000);
    page.on('dialog', (dialog) => void dialog.accept());
    page.on('response', (r) => {
      if (r.status() >= 500) serverErrors.push(`${r.status()} ${r.url()}`);
    });
    return page;
  }
  async function shot(page: Page, name: string) {
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) as `${string}.png`, fullPage: true });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect({ name, overflow }).toEqual({ name, overflow: 0 });
    expect([name, await allA11yViolations(page)]).toEqual([name, []]);
  }
  /** Widths of the photos under the signer's own message, once each has loaded. */
  const myPhotos = (page: Page) =>
    page.$$eval('.my-photos img', (imgs) =>
      (imgs as HTMLImageElement[]).map((img) => ({
        loaded: img.complete && img.naturalWidth > 0,
        shown: img.getBoundingClientRect().width,
      })),
    );

  it.each([
    ['en', 1280],
    ['en', 390],
    ['de', 1280],
    ['de', 390],
  ] as const)('a signer adds a photo and the organiser hides it (%s, %i px)', async (lang, width) => {
    const t = TEXTS[lang];
    const name = `group-photos-${lang}-${width}`;
    const group = (
      await app
        .http()
        .post('/api/group-cards/')
        .set(alice.auth)
        .send({ card_id: cardId, title: 'Goodbye Sam', recipient_name: 'Sam', deadline: inDays(3) })
        .expect(201)
    ).body as { uuid: string; sign_token: string };

    // The signer signs without an account.
    const signer = await open(null, lang, width);
    await signer.goto(`${app.baseUrl}/sign/${group.sign_token}/`);
    await signer.type('#s-name', 'Jo');
    await signer.type('#s-message', 'All the best, Sam!');
    await Promise.all([
      signer.waitForSelector('.my-signature .photo-form'),
      signer.click('.sign-form button[type=submit]'),
    ]);
    const label = await signer.$eval('.photo-form label', (el) => (el as HTMLElement).innerText);
    expect(label).toContain(t.add);

    // A text file named .png: refused beside the field, in the page's language.
    const fileInput = async () => (await signer.$('.photo-form input[type=file]'))!;
    await (await fileInput()).uploadFile(textFile);
    await Promise.all([signer.waitForNavigation(), signer.click('.photo-form button[type=submit]')]);
    expect(await signer.$eval('.photo-form .field-error', (el) => (el as HTMLElement).innerText)).toBe(t.refused);
    expect(await signer.$$('.my-photos img')).toHaveLength(0);
    await shot(signer, `${name}-refused`);

    // The photo: back on the page, under the message.
    await (await fileInput()).uploadFile(photoFile);
    await Promise.all([signer.waitForNavigation(), signer.click('.photo-form button[type=submit]')]);
    await signer.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('.my-photos img')).some(
        (i) => i.complete && i.naturalWidth > 0,
      ),
    );
    const [mine] = await myPhotos(signer);
    expect(mine.loaded).toBe(true);
    expect(mine.shown).toBeGreaterThan(60);
    // Others see it on the wall too.
    expect(await signer.$$('.signature-wall .signature-photos img')).toHaveLength(1);
    await shot(signer, `${name}-added`);

    // The organiser sees it and hides it.
    const organiser = await open(alice.token, lang, width);
    await organiser.goto(`${app.baseUrl}/group/${group.uuid}/`);
    expect(await organiser.$$('.signature-list .signature-photos img')).toHaveLength(1);
    await shot(organiser, `${name}-organiser`);
    const hide = await organiser.$$eval(
      '.signature-actions button',
      (buttons, label) => {
        const b = (buttons as HTMLButtonElement[]).find((x) => x.innerText.startsWith(label as string));
        b?.setAttribute('data-hide-photos', '');
        return Boolean(b);
      },
      t.hide,
    );
    expect(hide).toBe(true);
    await organiser.click('[data-hide-photos]');
    await organiser.waitForFunction(
      (badge) => Array.from(document.querySelectorAll('.signature-photos .badge')).some((b) => b.textContent === badge),
      {},
      t.hiddenBadge,
    );
    await shot(organiser, `${name}-organiser-hidden`);

    // The signer's page says so; the wall shows the message without the photo.
    await signer.reload();
    expect(await signer.$eval('.photos-hidden-note', (el) => (el as HTMLElement).innerText)).toBe(t.hiddenHint);
    expect(await signer.$$('.signature-wall .signature-photos img')).toHaveLength(0);
    expect(await signer.$eval('.signature-wall', (el) => (el as HTMLElement).innerText)).toContain(
      'All the best, Sam!',
    );
    await shot(signer, `${name}-hidden`);
    await signer.browserContext().close();
    await organiser.browserContext().close();
    expect(serverErrors).toEqual([]);
  });
});
