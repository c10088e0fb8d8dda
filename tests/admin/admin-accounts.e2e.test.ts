import type { Browser, Page } from 'puppeteer-core';
import { startApp, TestApp } from '../helpers/strapi';
import { createUser } from '../helpers/users';
import { launchBrowser } from '../e2e/browser';
import {
  adminScreenshot,
  clickByText,
  createPanelUser,
  createRole,
  ensureAdminBuilt,
  incognitoPages,
  logIn,
  phoneScreenshot,
  waitForDialog,
  waitForText,
} from './admin-browser';
import { allA11yViolations } from '../e2e/baseline';

// Issue 42: an operator whose role has only accounts.delete opens Greeting cards → Accounts, finds the
// shopper by e-mail address, and deletes the account after the confirm dialog; the account is gone.
// Screenshots at desktop and phone width; axe-core on the section.

const ACCOUNTS_DELETE = 'plugin::greeting-cards.accounts.delete';

describe('admin: delete a shopper’s account', () => {
  let app: TestApp;
  let browser: Browser;
  const pages = incognitoPages(() => browser, { bypassCsp: true });

  beforeAll(async () => {
    ensureAdminBuilt();
    app = await startApp({ SERVICE_SEED_SAMPLE_DATA: 'false', SERVICE_RENDERER: 'memory' }, { serveAdminPanel: true });
    browser = await launchBrowser();
  }, 600_000);
  afterAll(async () => {
    await pages.closeAll();
    await browser?.close();
    await app?.stop();
  });

  const mainText = (page: Page) => page.evaluate(() => document.querySelector('main')?.textContent ?? '');

  it('finds the account by e-mail address and deletes it after the confirm dialog', async () => {
    const shopper = await createUser(app.strapi, { email: `asks.to.go.${Date.now()}@example.test` });
    const role = await createRole(app.strapi, 'Account deleter', [ACCOUNTS_DELETE]);
    const operator = await createPanelUser(app.strapi, role, 'Dora');
    const page = await pages.newPage();
    await logIn(page, app.baseUrl, operator, `/plugins/greeting-cards/accounts`);
    await waitForText(page, 'E-mail address or username');

    await page.type('#gc-accounts-q', 'nobody@example.test');
    await clickByText(page, 'Find account');
    await waitForText(page, 'No account has the e-mail address or username');

    await page.click('#gc-accounts-q', { count: 3 });
    await page.type('#gc-accounts-q', shopper.email);
    await clickByText(page, 'Find account');
    await waitForText(page, 'Delete account');
    expect(await mainText(page)).toContain(shopper.email);
    // The pointer off the button it just pressed (a hovered primary button is lighter than at rest).
    await page.mouse.move(0, 0);
    await adminScreenshot(page, 'accounts-found');
    await phoneScreenshot(page, 'accounts-found');
    expect(await allA11yViolations(page, { include: ['main'] })).toEqual([]);

    await page.click(`button[aria-label="Delete the account of ${shopper.email}"]`);
    await waitForDialog(page);
    await waitForText(page, 'This cannot be undone.');
    await adminScreenshot(page, 'accounts-confirm');
    await clickByText(page, 'Confirm', '[role="alertdialog"] button');
    await waitForText(page, 'is deleted.');
    expect(await app.strapi.db.query('plugin::users-permissions.user').count({ where: { id: shopper.id } })).toBe(0);
  });
});
