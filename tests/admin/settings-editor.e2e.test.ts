import type { Browser, Page } from 'puppeteer-core';
import { startApp, TestApp } from '../helpers/strapi';
import { createUser } from '../helpers/users';
import { createCard, createRecipient } from '../helpers/order-fixtures';
import { launchBrowser, screenshots } from '../e2e/browser';
import {
  adminScreenshot,
  clickByText,
  createPanelUser,
  createRole,
  ensureAdminBuilt,
  incognitoPages,
  logIn,
  phoneScreenshot,
  waitForText,
} from './admin-browser';
import { allA11yViolations } from '../e2e/baseline';

// An editor changes the e-card price on Settings > Greeting cards > Shop settings in the real admin
// panel (Chromium), saves, and the shop's next basket shows the new price.
const READ = 'plugin::greeting-cards.settings.read';
const UPDATE = 'plugin::greeting-cards.settings.update';

describe('admin settings page in Chromium', () => {
  let app: TestApp;
  let browser: Browser;

  const pages = incognitoPages(() => browser);
  const newPage = () => pages.newPage();

  const inputValue = (page: Page, name: string) =>
    page.$eval(`input[name="${name}"]`, (el) => (el as HTMLInputElement).value);
  async function replaceText(page: Page, name: string, text: string): Promise<void> {
    await page.click(`input[name="${name}"]`, { count: 3 });
    await page.keyboard.press('Backspace');
    await page.type(`input[name="${name}"]`, text);
  }
  /** The error or hint text shown with a field (Strapi's Field ties them to the input by aria-describedby). */
  const fieldText = (page: Page, name: string) =>
    page.$eval(`input[name="${name}"]`, (el) => {
      const root = el.closest('div[class]')?.parentElement?.parentElement ?? el.parentElement!;
      return root.textContent ?? '';
    });

  beforeAll(async () => {
    ensureAdminBuilt();
    app = await startApp(
      {
        SERVICE_SEED_SAMPLE_DATA: 'false',
        SERVICE_RENDERER: 'memory',
        SERVICE_SHOP_NAME: 'Kindred Cards',
        SERVICE_GELATO_API_KEY: 'gelato-key-0123456789-very-secret',
      },
      { serveAdminPanel: true },
    );
    browser = await launchBrowser();
  }, 600_000);
  afterAll(async () => {
    await pages.closeAll();
    await browser?.close();
    await app?.stop();
  });

  it('an editor changes the e-card price, a bad value is shown at its field, and the next basket uses the new price', async () => {
    const editor = await createPanelUser(
      app.strapi,
      await createRole(app.strapi, 'Shop editor', [READ, UPDATE]),
      'Edith',
    );
    const page = await newPage();
    await logIn(page, app.baseUrl, editor, `/settings/greeting-cards`);
    await page.waitForSelector('input[name="ecardPrice"]');
    expect(await inputValue(page, 'ecardPrice')).toBe('2.99');
    // Pinned by the environment: shown, locked, and says so.
    expect(await page.$eval('input[name="shopName"]', (el) => (el as HTMLInputElement).disabled)).toBe(true);
    expect(await fieldText(page, 'shopName')).toContain('Set by SERVICE_SHOP_NAME in the environment');
    // Secrets: masked, outside the form.
    const text = await page.evaluate(() => document.body.textContent ?? '');
    expect(text).not.toContain('gelato-key-0123456789-very-secret');
    expect(text).toContain('gela…et');
    // Descriptions come from the server in English and show exactly as written, braces and brackets too.
    expect(text).toContain('Where Checkout returns after paying; {uuid} is the order.');
    expect(text).toContain('e.g. {"card":"<SKU>","a6":"<SKU>"}');

    // Not an amount: refused in the page, next to the field, before anything is sent.
    await replaceText(page, 'ecardPrice', '3.499');
    await clickByText(page, 'Save settings');
    await page.waitForFunction(() => (document.body.textContent ?? '').includes('Enter an amount in GBP such as 3.49'));
    // A value only the server can judge (not a hex colour): its answer shows at that field, nothing stored.
    await replaceText(page, 'ecardPrice', '3.49');
    await replaceText(page, 'accentColour', 'crimson');
    await clickByText(page, 'Save settings');
    await waitForText(page, 'must be a hex colour such as #a3214f');
    expect(await fieldText(page, 'accentColour')).toContain('must be a hex colour');
    await adminScreenshot(page, 'settings-error');
    expect(await app.strapi.store({ type: 'plugin', name: 'greeting-cards', key: 'settings' }).get({})).toBeNull();

    await replaceText(page, 'accentColour', '#a3214f');
    await clickByText(page, 'Save settings');
    await waitForText(page, 'Saved. The shop uses the new settings now');
    expect(await inputValue(page, 'ecardPrice')).toBe('3.49');
    await adminScreenshot(page, 'settings-editable');
    await phoneScreenshot(page, 'settings-editable');
    expect(await allA11yViolations(page, { include: ['main'] })).toEqual([]);

    // The shop: a shopper's next basket, in the browser, at the new price.
    const shopper = await createUser(app.strapi);
    const card = await createCard(app.strapi, shopper, { title: 'For Grace' });
    const recipient = await createRecipient(app.strapi, shopper);
    const added = await app
      .http()
      .post('/api/orders/add_to_cart/')
      .set(shopper.auth)
      .send({ card_id: card.id, recipient_id: recipient.id })
      .expect(200);
    expect(added.body.items[0].unit_price_pence).toBe(349);
    const shop = await newPage();
    const { hostname } = new URL(app.baseUrl);
    await shop.browserContext().setCookie({
      name: 'gc_session',
      value: shopper.token,
      domain: hostname,
      path: '/',
      httpOnly: true,
      sameSite: 'Lax',
    });
    await shop.goto(`${app.baseUrl}/cart/`, { waitUntil: 'load' });
    const basket = await shop.evaluate(() => document.querySelector('main')?.textContent ?? '');
    expect(basket).toContain('For Grace');
    expect(basket).toContain('£3.49');
    expect(basket).not.toContain('£2.99');
    await screenshots(shop, 'settings-next-basket');
  });
});
