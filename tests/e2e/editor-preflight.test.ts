import type { Browser, Page } from 'puppeteer-core';
import type { Core } from '@strapi/strapi';
import { startApp, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import {
  editorReady,
  launchBrowser,
  layersAre,
  pageErrors,
  saveStatus,
  screenshot,
  signedInPage,
  startCard,
} from './editor-browser';
import { UID } from '../../plugins/greeting-cards/server/src/platform/uids';

// Issue 21, "Done when" in real Chromium: a shopper designs the front and the inside of a folded card
// from a template whose sample name the designer marked as a placeholder, sees the guides, gets the
// placeholder warning in the editor's print check, clicks it (the text is selected on its page), fixes
// the text, the warning goes, and the card is posted, checked out and paid (demo payments). Then a
// warning left in place: "Fix it first" or "Print it as it is" on the send form, and the basket's button.
// Screenshots: .tmp/screenshots/editor-preflight-*.png.
jest.setTimeout(Number(process.env.EDITOR_TEST_TIMEOUT) || 240_000);

type Json = ReturnType<typeof JSON.parse>;
const text = (t: string, extra: Record<string, unknown> = {}) => ({
  type: 'textbox',
  text: t,
  left: 100,
  top: 300,
  width: 400,
  fontSize: 40,
  fill: '#112233',
  fontFamily: 'Roboto',
  ...extra,
});
const documents = (strapi: Core.Strapi) => strapi.documents(UID.template as Parameters<Core.Strapi['documents']>[0]);

describe('print check in the editor, the send form and the basket', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let shopper: TestUser;
  let cardId: number;
  const card = async (id = cardId) => (await app.http().get(`/api/cards/${id}/`).set(shopper.auth)).body;
  const panelStatus = () => page.$eval('#preflight-status', (e) => e.textContent ?? '');
  const warnings = () => page.$$eval('#preflight .ed-preflight-item', (els) => els.map((e) => e.textContent ?? ''));
  const shown = (selector: string) => page.$eval(selector, (e) => (e as HTMLElement).offsetParent !== null);
  const waitForPanel = (count: number) =>
    page.waitForFunction(
      (n) => document.getElementById('preflight')?.dataset.count === String(n),
      { timeout: 20000 },
      count,
    );

  beforeAll(async () => {
    app = await startApp({
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_RENDERER: 'memory',
      SERVICE_DEMO_PAYMENTS: 'true',
    });
    shopper = await createUser(app.strapi);
    await documents(app.strapi).create({
      data: {
        name: 'Named for you',
        slug: 'named-for-you',
        canvas_data: {
          version: '7.0.0',
          width: 600,
          height: 850,
          background: '#FFF4D6',
          objects: [text('Happy day', { top: 120 }), text('Your name here', { placeholder: true })],
        },
      },
      // Published: a draft is not in the shop, and the editor cannot start a card from it.
      status: 'published',
    });
    browser = await launchBrowser();
    page = await signedInPage(browser, app.baseUrl, shopper.token, { width: 1400, height: 1000 });
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('lists the placeholder warning beside the canvas, as a button, with the count in a live region', async () => {
    cardId = await startCard(page, `${app.baseUrl}/editor/template/named-for-you/`);
    await waitForPanel(1);
    expect(await panelStatus()).toBe('1 warning.');
    expect(await page.$eval('#preflight-status', (e) => e.getAttribute('aria-live'))).toBe('polite');
    expect(await warnings()).toEqual([
      expect.stringMatching(/^Warning\. Front: The front still says "Your name here"/),
    ]);
    // The list sits beside the canvas on a desktop.
    const [canvasBox, panelBox] = await Promise.all([
      page.$eval('#canvas-wrap', (e) => e.getBoundingClientRect().toJSON()),
      page.$eval('#preflight', (e) => e.getBoundingClientRect().toJSON()),
    ]);
    expect(panelBox.left).toBeGreaterThanOrEqual(canvasBox.right);
    expect(pageErrors(page)).toEqual([]);
  });

  it('designs the inside with the guides on, then a click on the warning opens the front and selects the text', async () => {
    await page.click('#toggle-guides');
    expect(await page.$eval('#toggle-guides', (b) => b.getAttribute('aria-pressed'))).toBe('true');
    expect(await page.$eval('#guides-hint', (e) => e.textContent)).toMatch(
      /A5 \(148 x 210 mm\): red line = trim, shaded band = 3 mm bleed, blue dashes = safe area/,
    );
    await page.click('.ed-page[data-page="inside_right"]');
    await layersAre(page, []);
    await page.click('#add-text');
    await page.keyboard.type('With love from all of us');
    await page.keyboard.press('Escape');
    await page.click('#inside-message');
    await page.keyboard.type('Have a wonderful day.');
    await saveStatus(page, 'Saved');
    await waitForPanel(1);
    await screenshot(page, 'editor-preflight-desktop');

    await page.click('#preflight .ed-preflight-item');
    await page.waitForFunction(
      () => document.querySelector('.ed-page[aria-selected="true"]')?.getAttribute('data-page') === 'front',
    );
    await page.waitForFunction(
      () => document.querySelector('#layers .ed-layer[aria-pressed="true"]')?.textContent === 'Text: Your name here',
    );
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('canvas-wrap');
  });

  it('fixes the text; the warning goes after the autosave and the live region says so', async () => {
    await page.keyboard.press('Enter'); // edits the selected text in place, all of it selected
    await page.keyboard.type('Dear Ada');
    await page.keyboard.press('Escape');
    await saveStatus(page, 'Saved');
    await waitForPanel(0);
    expect(await panelStatus()).toBe('Ready to print: no warnings.');
    expect(await warnings()).toEqual([]);
    const saved = await card();
    expect(saved.preflight).toEqual([]);
    expect(saved.canvas_data.objects.map((o: Json) => o.text)).toEqual(['Happy day', 'Dear Ada']);
    expect(saved.canvas_data.pages.inside_right.objects).toEqual([
      expect.objectContaining({ text: 'With love from all of us' }),
    ]);
  });

  it('posts the card: no warnings on the send form or in the basket, checkout and demo payment', async () => {
    await page.click('#open-send');
    await page.waitForSelector('#recipient option[value="new"]');
    await page.select('#recipient', 'new');
    await page.type('#r-first', 'Ada');
    await page.type('#r-last', 'Lovelace');
    await page.type('#r-line1', '12 St James Square');
    await page.type('#r-city', 'London');
    await page.type('#r-postcode', 'SW1Y 4JH');
    await page.select('#delivery-method', 'post');
    expect(await shown('#send-preflight')).toBe(false);
    await Promise.all([page.waitForNavigation(), page.click('#send-submit')]);
    expect(new URL(page.url()).pathname).toBe('/cart/');
    expect(await page.$('.preflight-notes')).toBeNull();
    expect(
      await page.$eval('#cart-panel form[action$="/cart/checkout/"] button[type="submit"]', (b) => b.textContent),
    ).toBe('Checkout');
    await Promise.all([
      page.waitForNavigation(),
      page.click('#cart-panel form[action$="/cart/checkout/"] button[type="submit"]'),
    ]);
    expect(new URL(page.url()).pathname).toMatch(/^\/checkout\/[0-9a-f-]{36}\/$/);
    await Promise.all([page.waitForNavigation(), page.click('form[action$="/pay/"] button[type="submit"]')]);
    const url = new URL(page.url());
    expect(url.pathname).toMatch(/^\/orders\/[0-9a-f-]{36}\/$/);
    const uuid = url.pathname.split('/')[2];
    const order = (await app.http().get(`/api/orders/${uuid}/`).set(shopper.auth).expect(200)).body;
    expect(['paid', 'fulfilled']).toContain(order.status);
    expect(order.items).toEqual([expect.objectContaining({ card: cardId, delivery_method: 'post' })]);
    expect(pageErrors(page)).toEqual([]);
  });

  it('offers "Fix it first" or "Print it as it is" on the send form, and "Print them as they are" in the basket, for a warning left in place', async () => {
    const second = await startCard(page, `${app.baseUrl}/editor/template/named-for-you/`);
    await waitForPanel(1);
    await page.click('#inside-message');
    await page.keyboard.type('Love, Sam');
    await saveStatus(page, 'Saved');
    const chooseRecipient = async () => {
      await page.click('#open-send');
      await page.waitForFunction(() => document.querySelectorAll('#recipient option').length > 2);
      await page.select(
        '#recipient',
        (await page.$$eval('#recipient option', (os) => os.map((o) => (o as HTMLOptionElement).value)))[1],
      );
    };
    await chooseRecipient();
    expect(await page.$eval('#send-submit', (b) => b.textContent)).toBe('Add to cart');
    await page.select('#delivery-method', 'print');
    expect(await shown('#send-preflight')).toBe(true);
    expect(await page.$eval('#send-preflight-list', (e) => e.textContent)).toMatch(/still says "Your name here"/);
    expect(await page.$eval('#send-submit', (b) => b.textContent)).toBe('Print it as it is: add to cart');
    await screenshot(page, 'editor-preflight-send');
    // "Fix it first" goes back to the print check, on the warning.
    await page.click('#send-fix');
    await page.waitForFunction(() => !(document.getElementById('send-dialog') as HTMLDialogElement).open);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('ed-preflight-item'))).toBe(true);
    expect((await app.http().get('/api/orders/cart/').set(shopper.auth)).body.items).toEqual([]);

    await chooseRecipient();
    await page.select('#delivery-method', 'print');
    await Promise.all([page.waitForNavigation(), page.click('#send-submit')]);
    expect(new URL(page.url()).pathname).toBe('/cart/');
    expect(await page.$eval('.preflight-notes', (e) => e.textContent)).toMatch(
      /Print warnings:[\s\S]*still says "Your name here"/,
    );
    const checkoutButton = '#cart-panel form[action$="/cart/checkout/"] button[type="submit"]';
    expect(await page.$eval(checkoutButton, (b) => b.textContent)).toBe('Print them as they are: checkout');
    await screenshot(page, 'editor-preflight-basket');
    await Promise.all([page.waitForNavigation(), page.click(checkoutButton)]);
    expect(new URL(page.url()).pathname).toMatch(/^\/checkout\/[0-9a-f-]{36}\/$/);
    expect((await card(second)).preflight).toEqual([expect.objectContaining({ code: 'placeholder_text' })]);
    expect(pageErrors(page)).toEqual([]);
  });

  it('puts the print check under the canvas on a 390 px phone', async () => {
    const phone = await signedInPage(browser, app.baseUrl, shopper.token, {
      width: 390,
      height: 844,
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 1,
    });
    const third = await startCard(phone, `${app.baseUrl}/editor/template/named-for-you/`);
    await phone.waitForFunction(() => document.getElementById('preflight')?.dataset.count === '1');
    const [canvasBox, panelBox] = await Promise.all([
      phone.$eval('#canvas-wrap', (e) => e.getBoundingClientRect().toJSON()),
      phone.$eval('#preflight', (e) => e.getBoundingClientRect().toJSON()),
    ]);
    expect(panelBox.top).toBeGreaterThanOrEqual(canvasBox.bottom);
    expect(panelBox.right).toBeLessThanOrEqual(390);
    await phone.$eval('#preflight', (e) => e.scrollIntoView());
    await screenshot(phone, 'editor-preflight-phone');
    await phone.reload();
    await editorReady(phone);
    // The basket on the phone: the card's warning under it, the button that accepts it in full width.
    const recipient = (await app.http().get('/api/recipients/').set(shopper.auth)).body.results.find(
      (r: Json) => r.address_line_1,
    );
    await app
      .http()
      .post('/api/orders/add_to_cart/')
      .set(shopper.auth)
      .send({ card_id: third, recipient_id: recipient.id, delivery_method: 'post' })
      .expect(200);
    await phone.goto(`${app.baseUrl}/cart/`);
    expect(await phone.$eval('.preflight-notes', (e) => e.textContent)).toMatch(
      /still says "Your name here"[\s\S]*The inside of this posted card is empty/,
    );
    const button = await phone.$eval('#cart-panel form[action$="/cart/checkout/"] button[type="submit"]', (b) =>
      b.getBoundingClientRect().toJSON(),
    );
    expect(button.right).toBeLessThanOrEqual(390);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(phone, 'editor-preflight-basket-phone');
    expect(pageErrors(phone)).toEqual([]);
    await phone.close();
  });
});
