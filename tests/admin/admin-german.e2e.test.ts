import type { Browser, Page } from 'puppeteer-core';
import { startApp, TestApp } from '../helpers/strapi';
import { createUser } from '../helpers/users';
import { pendingOrder } from '../helpers/order-fixtures';
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
  waitForText,
} from './admin-browser';

// Issue 27: an admin whose interface language is German. She picks "Deutsch" in her own profile (the
// host offers it: src/admin/app.tsx), and the plugin's operator page and settings page then speak German,
// with German dates and money; her choice is kept with her account, so a new sign-in is German too.
const ORDERS = 'plugin::greeting-cards.orders.read';
const DELIVERIES = 'plugin::greeting-cards.deliveries.manage';
const SETTINGS_READ = 'plugin::greeting-cards.settings.read';
const SETTINGS_UPDATE = 'plugin::greeting-cards.settings.update';

describe('admin panel in German', () => {
  let app: TestApp;
  let browser: Browser;

  const pages = incognitoPages(() => browser);
  const newPage = () => pages.newPage();

  const mainText = (page: Page) => page.evaluate(() => document.querySelector('main')?.textContent ?? '');

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

  it('an operator switches her profile to Deutsch and sees the operator and settings pages in German', async () => {
    // An order waiting for payment, so the list has a row with money and a date to format.
    const shopper = await createUser(app.strapi, { email: `heidi.${Date.now()}@example.test` });
    const order = await pendingOrder(app.strapi, () => app.http(), shopper);
    const role = await createRole(app.strapi, 'Shop operator DE', [ORDERS, DELIVERIES, SETTINGS_READ, SETTINGS_UPDATE]);
    const operator = await createPanelUser(app.strapi, role, 'Heidi');
    const page = await newPage();
    await logIn(page, app.baseUrl, operator);

    // Her profile offers Deutsch (the host's config.locales); she picks it and saves, as a person would.
    await page.goto(`${app.baseUrl}/admin/me`, { waitUntil: 'networkidle0' });
    await waitForText(page, 'Interface language');
    await page.click('[role="combobox"][name="preferedLanguage"]');
    await clickByText(page, 'Deutsch', '[role="option"]');
    await clickByText(page, 'Save');
    // The admin switches at once, its own words included (Strapi's German profile page).
    await waitForText(page, 'Sprache der Oberfläche');
    const [stored] = await app.strapi.db.query('admin::user').findMany({ where: { email: operator } });
    expect(stored.preferedLanguage).toBe('de');

    // The operator page: German heading, figures, tabs, table headers, status and money in German.
    await page.goto(`${app.baseUrl}/admin/plugins/greeting-cards`, { waitUntil: 'networkidle0' });
    await waitForText(page, 'Bestellungen heute');
    await waitForText(page, shopper.email);
    expect(await page.$eval('main h1', (el) => el.textContent)).toBe('Grußkarten');
    const tabs = await page.$$eval('[role="tab"]', (els) => els.map((el) => (el.textContent ?? '').trim()));
    expect(tabs).toEqual([
      'Bestellungen',
      'Zustellungen',
      'Zahlungen mit Handlungsbedarf',
      'Gruppenkarten',
      'Nachrichten',
      'Einstellungen',
    ]);
    const headers = await page.$$eval('main thead th', (els) => els.map((el) => (el.textContent ?? '').trim()));
    expect(headers).toEqual(['Bestellung', 'Kunde', 'Status', 'Positionen', 'Gesamt', 'Bestellt am']);
    const list = await mainText(page);
    expect(list).toContain('Zahlung ausstehend');
    expect(list).toContain('Bestellungen suchen');
    expect(list).toContain('Umsatz heute');
    // Money as German writes it (decimal comma, symbol after), and a German date (day.month.year).
    const total = new Intl.NumberFormat('de', { style: 'currency', currency: order.currency ?? 'GBP' }).format(
      order.total_pence / 100,
    );
    expect(list).toContain(total);
    expect(list).toMatch(/\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
    for (const english of ['Orders today', 'Search orders', 'Pending payment', 'Needs attention', 'Placed'])
      expect(list).not.toContain(english);
    // The menu link is German too.
    expect(
      await page.$$eval('nav a', (els) =>
        els.some(
          (el) => (el.textContent ?? '').includes('Grußkarten') || el.getAttribute('aria-label') === 'Grußkarten',
        ),
      ),
    ).toBe(true);
    await adminScreenshot(page, 'de-operator');
    await phoneScreenshot(page, 'de-operator');

    // The order's own page.
    await page.goto(`${app.baseUrl}/admin/plugins/greeting-cards/orders/${order.uuid}`, { waitUntil: 'networkidle0' });
    await waitForText(page, 'Positionen und Zustellungen');
    expect(await mainText(page)).toContain('Alle Bestellungen');

    // The settings page: German heading, field labels, hints and the save button; a bad price is refused in German.
    await page.goto(`${app.baseUrl}/admin/settings/greeting-cards`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('input[name="ecardPrice"]');
    await waitForText(page, 'Einstellungen der Grußkarten');
    const settings = await mainText(page);
    for (const german of [
      'Shop-Einstellungen',
      'Einstellungen speichern',
      'Preis einer E-Card',
      'Aus der Umgebung (hier schreibgeschützt)',
      'Karten-Renderer (Chromium)',
    ])
      expect(settings).toContain(german);
    for (const english of ['Save settings', 'E-card price', 'From the environment'])
      expect(settings).not.toContain(english);
    // The server's setting descriptions and group names, in German (de.json): a field hint, a read-only
    // setting with its group, and one whose {uuid} must show as written; none of their English.
    const hint = await page.$eval('input[name="shopTagline"]', (el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(hint).toContain('Zeile über der Überschrift der Startseite.');
    // The health checks' details (memory renderer, development mailbox) too.
    for (const german of ['memory: Testvorschau in', 'E-Mails werden im Entwicklungspostfach (/dev/mailbox/) abgelegt'])
      expect(settings).toContain(german);
    for (const german of [
      'Basisadresse für die Links zur Ansicht von E-Cards und in E-Mails.',
      '{uuid} steht für die Bestellung.',
      'Limits und Sicherheit',
      'nicht gesetzt',
    ])
      expect(settings).toContain(german);
    expect(await page.$$eval('main section h2', (els) => els.map((el) => el.textContent))).toContain('Allgemein');
    for (const english of [
      'Line above the home page heading',
      'Base address used in e-card view links',
      'is the order.',
      'Limits and security',
      'not set',
      'drew a test preview',
      'development mailbox',
    ])
      expect(settings).not.toContain(english);
    await page.click('input[name="ecardPrice"]', { count: 3 });
    await page.keyboard.press('Backspace');
    await page.type('input[name="ecardPrice"]', '3.499');
    await clickByText(page, 'Einstellungen speichern');
    await waitForText(page, 'Gib einen Betrag in GBP ein, zum Beispiel 3.49.');
    await adminScreenshot(page, 'de-settings');
    await phoneScreenshot(page, 'de-settings');

    // Kept with her account: a fresh browser that signs in is German without choosing again.
    const again = await newPage();
    await logIn(again, app.baseUrl, operator, `/plugins/greeting-cards/settings`);
    await waitForText(again, 'Einstellungen speichern');
  });
});
