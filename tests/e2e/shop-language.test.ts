import type { Browser, Page } from 'puppeteer-core';
import { startApp, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { freePort, launchBrowser, screenshots } from './browser';
import { allA11yViolations } from './baseline';

// A shopper whose browser asks for German (Accept-Language: de) browses the shop in real Chromium:
// home, catalogue, a template, the basket with a card in it, all in German with German money; then the
// footer's language link switches to English, and the choice holds on the next page. Screenshots at
// desktop and phone widths (German words are longer: nothing may overflow a 360px phone).
describe('the shop in German (Chromium)', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  let base: string;
  let user: TestUser;
  const serverErrors: string[] = [];

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await startApp({
      PORT: String(port),
      SERVICE_PUBLIC_URL: base,
      SERVICE_RENDERER: 'memory',
      SERVICE_RENDER_THUMBNAILS_ON_BOOT: 'false',
    });
    user = await createUser(app.strapi, { username: 'Lena Beispiel' });
    browser = await launchBrowser();
    page = await browser.newPage();
    await page.setBypassCSP(true);
    page.setDefaultTimeout(15000);
    await page.setExtraHTTPHeaders({ 'Accept-Language': 'de-DE,de;q=0.9' });
    await page.setCookie({ name: 'gc_session', value: user.token, url: base, httpOnly: true, sameSite: 'Lax' });
    page.on('response', (r) => {
      if (r.status() >= 500) serverErrors.push(`${r.status()} ${r.url()}`);
    });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const text = (selector: string) => page.$eval(selector, (el) => (el as HTMLElement).innerText);
  const lang = () => page.$eval('html', (el) => el.getAttribute('lang'));
  const NBSP = '\u00a0';

  async function review(name: string) {
    await screenshots(page, name);
    expect([name, await allA11yViolations(page)]).toEqual([name, []]);
  }

  async function clickAndNavigate(selector: string) {
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click(selector)]);
  }

  it('home is German for a German browser', async () => {
    await page.goto(`${base}/`, { waitUntil: 'load' });
    expect(await lang()).toBe('de');
    expect(await text('h1')).toBe('Sag es mit einer Karte, die man aufhebt');
    expect(await text('.main-nav')).toContain('Meine Karten');
    expect(await text('.main-nav')).toContain('Abmelden');
    expect(await text('.trust-points')).toContain(`E-Cards ab 2,99${NBSP}£`);
    await review('de-home');
  });

  it('browses the catalogue and opens a template', async () => {
    await clickAndNavigate('.hero-actions a[href="/catalogue/"]');
    expect(await text('h1')).toBe('Finde die passende Karte');
    expect(await text('#result-count')).toMatch(/^\d+ Karten$/);
    await review('de-catalogue');
    await clickAndNavigate('.template-grid a[href="/templates/balloon-party/"]');
    // The template's own name comes from its German translation (Strapi i18n), not the catalogue of shop texts.
    expect(await text('h1')).toBe('Luftballon-Party');
    expect(await text('.template-detail form button')).toBe('Gestalten');
    expect(await text('.price-list')).toContain(`Postkarte: 3,99${NBSP}£`);
    await review('de-template');
  });

  it('adds the card to the basket and sees it in German', async () => {
    // The editor (another page) makes the card; here it goes into the basket through the API with this
    // browser's session, as the storefront journey does.
    const auth = { Authorization: `Bearer ${user.token}` };
    const card = await app.http().post('/api/templates/balloon-party/personalize/').set(auth).send({});
    expect(card.status).toBe(201);
    await app.http().patch(`/api/cards/${card.body.id}/`).set(auth).send({ title: 'Alles Gute zum Geburtstag, Mia' });
    const friend = await app.http().post('/api/recipients/').set(auth).send({
      first_name: 'Mia',
      last_name: 'Muster',
      email: 'mia.muster@example.test',
      address_line_1: '10 Downing Street',
      city: 'London',
      postcode: 'SW1A 2AA',
      country: 'GB',
    });
    const added = await app
      .http()
      .post('/api/orders/add_to_cart/')
      .set(auth)
      .send({ card_id: card.body.id, recipient_id: friend.body.id, delivery_method: 'post' });
    expect([added.status, added.body]).toEqual([200, expect.anything()]);

    await page.goto(`${base}/cart/?added=1`, { waitUntil: 'load' });
    expect(await text('h1')).toBe('Dein Warenkorb');
    expect(await text('#toasts')).toContain('In deinen Warenkorb gelegt.');
    expect(await text('#items-heading')).toBe('1 Karte');
    expect(await text('.cart-item .entry-meta')).toContain('Postkarte an Mia Muster');
    expect(await text('#cart-total')).toBe(`3,99${NBSP}£`);
    // "Zur Kasse", or "So drucken: zur Kasse" when the print check has warnings for the posted card.
    expect(await text('#cart-panel form[action="/cart/checkout/"] button')).toMatch(
      /^(Zur Kasse|So drucken: zur Kasse)$/,
    );
    expect(await text('#cart-panel')).not.toMatch(/Print warnings|Must be fixed|Checkout/);
    await review('de-cart');
  });

  it('switches to English with the footer link, and the choice holds', async () => {
    const english = await page.waitForSelector('.language-switch a[hreflang="en"]');
    expect(await english!.evaluate((a) => a.textContent)).toBe('English');
    // By keyboard: the link takes focus and Enter follows it.
    await english!.focus();
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.keyboard.press('Enter')]);
    expect(new URL(page.url()).searchParams.get('locale')).toBe('en');
    expect(await lang()).toBe('en');
    expect(await text('h1')).toBe('Your basket');
    expect(await text('#cart-total')).toBe('£3.99');
    expect(await page.$eval('.language-switch a[aria-current="true"]', (a) => a.getAttribute('hreflang'))).toBe('en');
    await review('en-cart');

    // The browser still asks for German; the remembered choice wins.
    await page.goto(`${base}/catalogue/`, { waitUntil: 'load' });
    expect(await lang()).toBe('en');
    expect(await text('h1')).toBe('Find the right card');
    expect(serverErrors).toEqual([]);
  });
});
