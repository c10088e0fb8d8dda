import type { Browser, Page } from 'puppeteer-core';
import { startApp, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { createRecipient } from '../helpers/order-fixtures';
import { decodePng, pixelAt } from '../helpers/png';
import { launchBrowser, pageErrors, screenshot, signedInPage, startCard } from './editor-browser';

// Issue 21, item 6: the send form shows the card's current front. A shopper changes the background
// and opens Send straight away (before the autosave's pause): the picture in the form is the new
// design, drawn by the real renderer. Another shopper cannot fetch it. Screenshot:
// .tmp/screenshots/send-front-desktop.png.
jest.setTimeout(180_000);

describe('the send form shows the current front', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let shopper: TestUser;
  let cardId: number;

  beforeAll(async () => {
    app = await startApp({ SERVICE_SEED_SAMPLE_DATA: 'false' });
    shopper = await createUser(app.strapi);
    browser = await launchBrowser();
    page = await signedInPage(browser, app.baseUrl, shopper.token, { width: 1280, height: 900 });
    cardId = await startCard(page, `${app.baseUrl}/editor/`);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('pictures the design on screen when the form opens', async () => {
    const swatch = await page.$$eval('.ed-swatch', (els) =>
      els.map((e) => e.getAttribute('aria-label')!).find((l) => !/#FFFFFF$/i.test(l))!,
    );
    const colour = swatch.replace('Background ', '');
    await page.click(`.ed-swatch[aria-label="${swatch}"]`);
    await page.click('#open-send');
    await page.waitForFunction(() => {
      const img = document.getElementById('send-front') as HTMLImageElement;
      return !img.hidden && img.complete && img.naturalWidth > 0;
    });
    // The picture's pixels are the new background: read the same URL the form shows.
    const src = await page.$eval('#send-front', (e) => (e as HTMLImageElement).getAttribute('src')!);
    const png = decodePng(
      (await app.http().get(src).set('Cookie', `gc_session=${shopper.token}`).expect(200)).body as Buffer,
    );
    const [r, g, b] = pixelAt(png, 3, 3);
    expect(`#${[r, g, b].map((n) => n.toString(16).padStart(2, '0')).join('')}`.toUpperCase()).toBe(
      colour.toUpperCase(),
    );
    await screenshot(page, 'send-front-desktop');
    expect(pageErrors(page)).toEqual([]);
  });

  it('sends one copy to each of several people ticked in the form, showing the count and the total', async () => {
    await createRecipient(app.strapi, shopper, { first_name: 'Ada', last_name: 'Byron', email: 'ada.b@example.test' });
    await createRecipient(app.strapi, shopper, {
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace.h@example.test',
    });
    await createRecipient(app.strapi, shopper, {
      first_name: 'Alan',
      last_name: 'Turing',
      email: 'alan.t@example.test',
    });
    await page.click('#send-cancel');
    await page.click('#open-send');
    // The address book as it is now (the three people just added), not the last opening's.
    await page.waitForFunction(() =>
      [...(document.getElementById('recipient') as HTMLSelectElement).options].some(
        (o) => o.textContent === 'Alan Turing',
      ),
    );
    await page.select('#recipient', 'many');
    await page.waitForSelector('#many-recipients:not([hidden])');
    expect(await page.$eval('#many-count', (e) => e.textContent)).toMatch(/Tick the people/);
    // Keyboard: tick two people with the space bar, as a screen-reader user would.
    const boxes = await page.$$('#many-list input[type=checkbox]');
    const names = await page.$$eval('#many-list label', (els) => els.map((e) => e.textContent));
    for (const name of ['Ada Byron', 'Alan Turing']) {
      await boxes[names.indexOf(name)].focus();
      await page.keyboard.press('Space');
    }
    await page.waitForFunction(() =>
      /^2 people: .+ in all$/.test(document.getElementById('many-count')!.textContent ?? ''),
    );
    const one = await page.$eval('#delivery-method', (e) => (e as HTMLSelectElement).selectedOptions[0].textContent!);
    const each = Number(/([\d.]+)\)$/.exec(one)![1]);
    expect(await page.$eval('#send-price', (e) => e.textContent)).toContain((each * 2).toFixed(2));
    await screenshot(page, 'send-many-desktop');
    await Promise.all([page.waitForNavigation(), page.click('#send-submit')]);
    expect(page.url()).toMatch(/\/cart\/$/);
    const cart = await app.http().get('/api/orders/cart/').set(shopper.auth).expect(200);
    expect(cart.body.items.map((i: { recipient_name: string }) => i.recipient_name).sort()).toEqual([
      'Ada Byron',
      'Alan Turing',
    ]);
    expect(new Set(cart.body.items.map((i: { bulk_group: string }) => i.bulk_group)).size).toBe(1);
    expect(pageErrors(page)).toEqual([]);
  });

  it("is private to the card's owner", async () => {
    const other = await createUser(app.strapi);
    const res = await app.http().get(`/editor/${cardId}/front.png`).set('Cookie', `gc_session=${other.token}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Not found.' });
    const anonymous = await app.http().get(`/editor/${cardId}/front.png`).redirects(0);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.location).toMatch(/\/login\//);
  });
});
