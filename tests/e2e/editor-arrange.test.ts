import type { Browser, Page } from 'puppeteer-core';
import { startApp, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import {
  clickLayer,
  launchBrowser,
  layerNames,
  layersAre,
  pageErrors,
  saveStatus,
  screenshot,
  signedInPage,
  startCard,
} from './editor-browser';

/** Parsed JSON from the API: checked by the assertions, not by types. */
type Json = ReturnType<typeof JSON.parse>;

// The arrange tools and the posted-card half of the send form, driven with the mouse and keyboard:
// snapping to the card's centre line while dragging, duplicate, bring forward / send backward, and a
// posted card with a gift, gift wrap and a send date for a recipient added inline.
jest.setTimeout(Number(process.env.EDITOR_TEST_TIMEOUT) || 180_000);

describe('editor arrange tools and the posted-card send form', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let shopper: TestUser;
  let cardId: number;
  const card = async () => (await app.http().get(`/api/cards/${cardId}/`).set(shopper.auth)).body;

  beforeAll(async () => {
    app = await startApp({ SERVICE_SEED_SAMPLE_DATA: 'true', SERVICE_RENDERER: 'memory' });
    shopper = await createUser(app.strapi);
    browser = await launchBrowser();
    // Tall enough that the canvas is at zoom 1: a screen pixel is a design unit.
    page = await signedInPage(browser, app.baseUrl, shopper.token, { width: 1400, height: 1100 });
    await page.goto(`${app.baseUrl}/editor/`);
    await screenshot(page, 'editor-start'); // the new-card page: a button, nothing created yet
    cardId = await startCard(page, `${app.baseUrl}/editor/`);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  /** Drags with the mouse from one design point to another, in small steps as a hand would. */
  async function drag(from: { x: number; y: number }, by: { x: number; y: number }) {
    const box = await page.$eval('#canvas-wrap .canvas-container', (e) => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width };
    });
    expect(box.width).toBe(600);
    await page.mouse.move(box.x + from.x, box.y + from.y);
    await page.mouse.down();
    for (let i = 1; i <= 10; i += 1)
      await page.mouse.move(box.x + from.x + (by.x * i) / 10, box.y + from.y + (by.y * i) / 10);
    await page.mouse.up();
  }

  it('snaps a dragged object to the centre line when it comes close, and not when it is far', async () => {
    await page.click('#add-text');
    await page.keyboard.type('Centre me');
    await page.keyboard.press('Escape');
    await saveStatus(page, 'Saved');
    const text = (await card()).canvas_data.objects[0];
    expect(text).toMatchObject({ type: 'textbox', text: 'Centre me' });
    expect(text.left + text.width / 2).toBeCloseTo(300, 3);

    // Far from the centre: the object goes where the mouse takes it.
    await drag({ x: text.left + 30, y: text.top + 15 }, { x: 100, y: 0 });
    await saveStatus(page, 'Saved');
    const moved = (await card()).canvas_data.objects[0];
    expect(moved.left).toBeCloseTo(text.left + 100, 0);

    // Back to 3 units right of the centre line: it snaps onto it.
    await drag({ x: moved.left + 30, y: moved.top + 15 }, { x: -97, y: 0 });
    await saveStatus(page, 'Saved');
    const snapped = (await card()).canvas_data.objects[0];
    // Fabric's box includes the 1-unit stroke, so the snapped centre is 300 within half a unit (303 unsnapped).
    expect(Math.abs(snapped.left + snapped.width / 2 - 300)).toBeLessThanOrEqual(0.5);
  });

  it('duplicates, and brings forward and sends backward with the buttons', async () => {
    await clickLayer(page, 'Text: Centre me');
    await page.click('#duplicate');
    await layersAre(page, ['Text: Centre me', 'Text: Centre me']);
    const sticker = await page.$('.ed-sticker[aria-label^="Add sticker"]:not([aria-label*="premium"])');
    await sticker!.click();
    const front = (await layerNames(page))[0];
    expect(front).toMatch(/^Sticker /);
    await clickLayer(page, 'Text: Centre me');
    await page.click('#forward'); // the front text passes the sticker
    await layersAre(page, ['Text: Centre me', front, 'Text: Centre me']);
    await page.click('#backward');
    await layersAre(page, [front, 'Text: Centre me', 'Text: Centre me']);
    await saveStatus(page, 'Saved');
    const types = (await card()).canvas_data.objects.map((o: Json) => o.type);
    expect(types).toEqual(['textbox', 'textbox', 'emoji']); // stored back to front
    expect(pageErrors(page)).toEqual([]);
  });

  it('sends a posted card with a gift, gift wrap and a send date to a recipient added inline', async () => {
    await page.click('#open-send');
    await page.waitForSelector('#recipient option[value="new"]');
    await page.select('#recipient', 'new');
    await page.type('#r-first', 'Grace');
    await page.type('#r-last', 'Hopper');
    await page.type('#r-line1', '1 Harbour Street');
    await page.type('#r-city', 'Bristol');
    await page.type('#r-postcode', 'BS1 4DJ');
    await page.type('#r-time-zone', 'America/New_York'); // visiting friends abroad: their clock, not the shop's
    await page.select('#delivery-method', 'post');
    const gifts = await page.$$eval('#gift-addon option', (os) =>
      os.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent ?? '' })),
    );
    const gift = gifts.find((g) => g.value !== '')!;
    expect(gift).toBeTruthy();
    await page.select('#gift-addon', gift.value);
    await page.click('#gift-wrap');
    // The date picker typed as a person does: month, day, year; 60 days ahead (the service takes send
    // dates up to a year away). A day, not a time: the card goes at 09:00 where the recipient lives.
    const day = new Date(Date.now() + 60 * 86_400_000);
    const two = (v: number) => String(v).padStart(2, '0');
    const [mm, dd, yyyy] = [two(day.getMonth() + 1), two(day.getDate()), String(day.getFullYear())];
    await page.focus('#scheduled-for'); // Tab into it: the month comes first
    await page.keyboard.type(`${mm}${dd}${yyyy}`);
    const picked = `${yyyy}-${mm}-${dd}`;
    expect(await page.$eval('#scheduled-for', (e) => (e as HTMLInputElement).value)).toBe(picked);
    expect(await page.$eval('#scheduled-hint', (e) => e.textContent)).toContain('09:00 where the recipient lives');
    await screenshot(page, 'editor-send-date'); // the send form with its date and when it goes
    await page.click('#send-submit');
    // Either the basket opens, or the form says what went wrong (shown here rather than a bare timeout).
    await page.waitForFunction(() => location.pathname === '/cart/' || !document.getElementById('send-error')?.hidden, {
      timeout: 30000,
    });
    expect(
      await page.evaluate(() =>
        location.pathname === '/cart/' ? '' : document.getElementById('send-error')?.textContent,
      ),
    ).toBe('');
    await page.waitForSelector('main');

    const cart = await app.http().get('/api/orders/cart/').set(shopper.auth);
    expect(cart.body.items).toHaveLength(1);
    const item = cart.body.items[0];
    expect(item).toMatchObject({ delivery_method: 'post', gift_wrap: true });
    expect(item.gift_addon).toBe(Number(gift.value));
    expect(item.line_total_pence).toBeGreaterThan(item.unit_price_pence); // gift and wrap priced in
    // The zone typed for the new recipient decides the hour: 09:00 on New York's clock, read by Intl.
    const newYork = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/New_York',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    expect(newYork.format(new Date(item.scheduled_for)).replace(',', '')).toBe(`${picked} 09:00`);
    const recipients = await app.http().get('/api/recipients/').set(shopper.auth);
    expect(
      recipients.body.results.map((r: Json) => `${r.first_name} ${r.last_name}, ${r.city}, ${r.time_zone}`),
    ).toContain('Grace Hopper, Bristol, America/New_York');
    expect(pageErrors(page)).toEqual([]);
  });
});
