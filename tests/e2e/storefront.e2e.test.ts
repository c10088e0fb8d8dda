import type { Browser, Page } from 'puppeteer-core';
import { startApp, TestApp } from '../helpers/strapi';
import { startSmtpCapture, SmtpCapture } from '../helpers/smtp';
import { until } from '../fulfilment/helpers';
import { freePort, launchBrowser, screenshots } from './browser';
import { allA11yViolations } from './baseline';

// A shopper's whole journey in real Chromium against a running server: register, filter the
// catalogue, open a template, add a recipient and a reminder, put a card in the basket (through the
// API until the editor lands), apply FIRSTCARD inline, pay in demo mode, see the delivery sent, get
// the e-mail at a real SMTP server and open the card. Each page is screenshotted and checked by axe.
describe('storefront end to end (Chromium)', () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let browser: Browser;
  let page: Page;
  let base: string;
  const friend = 'friend.e2e@example.test';
  const checked: string[] = [];
  const serverErrors: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // The real renderer: template previews and the e-card design look in the screenshots as they will for shoppers.
    app = await startApp({
      ...smtp.env,
      PORT: String(port),
      SERVICE_PUBLIC_URL: base,
      SERVICE_RENDER_THUMBNAILS_ON_BOOT: 'true',
      SERVICE_DEMO_PAYMENTS: 'true',
    });
    browser = await launchBrowser();
    page = await browser.newPage();
    // Only so the test can inject axe-core; the shop's own pages run under Strapi's CSP unchanged.
    await page.setBypassCSP(true);
    page.setDefaultTimeout(15000);
    page.on('response', (r) => {
      if (r.status() >= 500) serverErrors.push(`${r.status()} ${r.url()}`);
    });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await smtp?.stop();
  });

  /** Screenshots at both widths and the accessibility check, for the page now open. */
  async function review(name: string) {
    await screenshots(page, name);
    expect([name, await allA11yViolations(page)]).toEqual([name, []]);
    checked.push(name);
  }

  const text = (selector: string) => page.$eval(selector, (el) => (el as HTMLElement).innerText);
  const waitForText = (selector: string, needle: string) =>
    page.waitForFunction(
      (sel, n) => Array.from(document.querySelectorAll(sel)).some((el) => (el as HTMLElement).innerText.includes(n)),
      {},
      selector,
      needle,
    );

  async function clickAndNavigate(selector: string) {
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click(selector)]);
  }

  async function clickLinkWithText(scope: string, label: string) {
    const handle = await page.waitForSelector(
      `xpath/.//*[contains(concat(' ', normalize-space(@class), ' '), ' ${scope} ')]//a[normalize-space(.)='${label}']`,
    );
    await handle!.click();
  }

  it('home and sign-in pages', async () => {
    // Thumbnails render in the background after boot; the home page shows them once they are there.
    await until(
      () =>
        app.strapi.db
          .query('plugin::greeting-cards.template')
          .count({ where: { $or: [{ thumbnail_url: { $null: true } }, { thumbnail_url: '' }] } }),
      (missing) => Number(missing) === 0,
      60000,
    );
    await page.goto(`${base}/`, { waitUntil: 'load' });
    expect(await page.title()).toContain('Kindred Cards');
    await review('home');
    await page.goto(`${base}/login/`, { waitUntil: 'load' });
    await review('login');
  });

  it('registers through the form', async () => {
    await page.goto(`${base}/register/`, { waitUntil: 'load' });
    await review('register');
    await page.type('#email', 'shopper.e2e@example.test');
    await page.type('#username', 'Jo Shopper');
    await page.type('#password', 'a-long-password');
    await clickAndNavigate('button[type="submit"].button-block');
    expect(page.url()).toBe(`${base}/catalogue/?welcome=1`);
    expect(await text('.main-nav')).toContain('Sign out');
  });

  it('filters the catalogue by occasion and style with htmx', async () => {
    await page.goto(`${base}/catalogue/`, { waitUntil: 'load' });
    await clickLinkWithText('filters', 'Birthday');
    await waitForText('#result-count', 'for Birthday');
    expect(page.url()).toBe(`${base}/catalogue/?occasion=birthday`);
    expect(await text('#result-count')).toBe('3 cards for Birthday');
    await clickLinkWithText('filters', 'Funny');
    await waitForText('#result-count', 'Funny style');
    expect(await text('#result-count')).toBe('1 card for Birthday in Funny style');
    await review('catalogue');
  });

  it('opens a template page with a Personalise button for the editor', async () => {
    await clickAndNavigate('.template-grid a[href="/templates/balloon-party/"]');
    expect(await text('h1')).toBe('Balloon Party');
    // Signed in, Personalise is a form POST (starting a card creates one; a GET never does).
    expect(await page.$eval('button.button-large', (b) => b.closest('form')?.getAttribute('action'))).toBe(
      '/editor/template/balloon-party/',
    );
    await review('template');
  });

  it('adds a recipient to the address book', async () => {
    await page.goto(`${base}/recipients/`, { waitUntil: 'load' });
    await page.type('#r-first_name', 'Frankie');
    await page.type('#r-last_name', 'Friend');
    await page.type('#r-email', friend);
    await page.click('#recipients-panel form[action$="/recipients/add/"] button[type="submit"]');
    await waitForText('#recipients-panel .entry-list', 'Frankie Friend');
    await waitForText('#toasts', 'was added to your address book');
    await review('recipients');
  });

  it('removes a recipient in place (htmx DELETE, authorised only by the X-CSRF-Token header)', async () => {
    await page.type('#r-first_name', 'Temporary');
    await page.type('#r-email', 'temporary.e2e@example.test');
    await page.click('#recipients-panel form[action$="/recipients/add/"] button[type="submit"]');
    await waitForText('#recipients-panel .entry-list', 'Temporary');
    page.once('dialog', (dialog) => dialog.accept());
    const remove = await page.waitForSelector(
      `xpath///div[@id='recipients-panel']//li[.//p[contains(., 'Temporary')]]//form[@hx-delete]//button`,
    );
    // Typing in the form left the page scrolled down, with this entry's row under the sticky header:
    // puppeteer counts that as visible and clicked the header. A person scrolls the row into sight.
    await remove!.evaluate((button) => button.scrollIntoView({ block: 'center' }));
    await remove!.click();
    await page.waitForFunction(
      () => !document.querySelector('#recipients-panel .entry-list')!.textContent!.includes('Temporary'),
    );
    await waitForText('#toasts', 'Removed from your address book.');
    expect(await text('#recipients-panel .entry-list')).toContain('Frankie Friend');
  });

  it('adds a reminder', async () => {
    await page.goto(`${base}/reminders/`, { waitUntil: 'load' });
    await page.select('#m-type', 'birthday');
    const frankie = await page.$eval(
      '#m-recipient',
      (el) => Array.from((el as HTMLSelectElement).options).find((o) => o.text === 'Frankie Friend')!.value,
    );
    await page.select('#m-recipient', frankie);
    await page.select('#m-occasion', 'birthday');
    await page.type('#m-date', '03152031');
    await page.click('#reminders-panel form[hx-post] button[type="submit"]');
    await waitForText('#reminders-panel .entry-list', "Frankie Friend's birthday");
    expect(await page.$eval('#reminders-panel .entry-list a', (a) => a.getAttribute('href'))).toBe(
      '/catalogue/?occasion=birthday',
    );
    await review('reminders');
  });

  it('puts a card in the basket (API), applies FIRSTCARD inline, pays in demo mode and sees the delivery sent', async () => {
    // The editor is not part of the shop: the card goes into the basket through the API, with the
    // session this browser holds.
    const cookie = (await page.cookies()).find((c) => c.name === 'gc_session')!;
    const auth = { Authorization: `Bearer ${cookie.value}` };
    const card = await app.http().post('/api/templates/balloon-party/personalize/').set(auth).send({});
    expect(card.status).toBe(201);
    const named = await app
      .http()
      .patch(`/api/cards/${card.body.id}/`)
      .set(auth)
      .send({ title: 'Happy birthday, Frankie', inside_message: 'Have a wonderful day!' });
    expect(named.status).toBe(200);
    const recipients = await app.http().get('/api/recipients/').set(auth);
    const frankie = recipients.body.results.find((r: { email: string }) => r.email === friend);
    const added = await app
      .http()
      .post('/api/orders/add_to_cart/')
      .set(auth)
      .send({ card_id: card.body.id, recipient_id: frankie.id, delivery_method: 'ecard' });
    expect(added.status).toBe(200);

    await page.goto(`${base}/library/`, { waitUntil: 'load' });
    await review('library');

    await page.goto(`${base}/cart/`, { waitUntil: 'load' });
    expect(await text('#cart-total')).toBe('£2.99');
    const url = page.url();
    await page.type('#promo_code', 'NOTACODE');
    await page.click('.promo-form button[type="submit"]');
    await page.waitForSelector('#promo_code-error');
    expect(await page.$eval('#promo_code', (el) => el.getAttribute('aria-invalid'))).toBe('true');
    await page.$eval('#promo_code', (el) => ((el as HTMLInputElement).value = ''));
    await page.type('#promo_code', 'FIRSTCARD');
    await page.click('.promo-form button[type="submit"]');
    await page.waitForSelector('#promo-applied');
    // Applied without a page load; the address bar keeps the code for a reload.
    expect(page.url()).toBe(`${url}?promo=FIRSTCARD`);
    expect(await text('#cart-total')).toBe('£0.00');
    await review('cart');

    await clickAndNavigate('#cart-panel form[action="/cart/checkout/"] button');
    expect(page.url()).toMatch(/\/checkout\/[0-9a-f-]{36}\/$/);
    expect(await text('main')).toContain('Discount (FIRSTCARD)');
    await review('checkout');
    await clickAndNavigate('form[action$="/pay/"] button');
    expect(page.url()).toMatch(/\/orders\/[0-9a-f-]{36}\/\?paid=1$/);
    expect(await text('main')).toMatch(/Total\s+£0\.00/);
    await waitForText('#toasts', 'Thank you!');
    // Dispatch runs in the background after payment: reload until the page reports it sent.
    await page.waitForFunction(
      async () => {
        const res = await fetch(location.pathname);
        return (await res.text()).includes('delivery-status">Sent<');
      },
      { polling: 200, timeout: 20000 },
    );
    await page.reload({ waitUntil: 'load' });
    expect(await text('.delivery-status')).toBe('Sent');
    await review('order');
    await page.goto(`${base}/orders/`, { waitUntil: 'load' });
    await review('orders');
  });

  it('the recipient gets the e-mail and the view link opens the card in the shop look', async () => {
    const [mail] = await smtp.waitFor((m) => JSON.stringify(m.to).includes(friend));
    const link = /(http:\/\/127\.0\.0\.1:\d+\/cards\/view\/[A-Za-z0-9_-]+\/)/.exec(String(mail.text))![1];
    expect(link.startsWith(base)).toBe(true);
    await page.goto(link, { waitUntil: 'load' });
    expect(await text('h1')).toBe('Happy birthday, Frankie');
    // The front first; the recipient opens the card to read the inside.
    await page.click('.card-opener summary');
    await page.waitForSelector('.card-opener[open]');
    expect(await text('.card-inside')).toContain('Have a wonderful day!');
    await review('card-view');
  });

  it('subscriptions page: subscribe in demo mode and come back to the status', async () => {
    await page.goto(`${base}/subscriptions/`, { waitUntil: 'load' });
    await clickAndNavigate('.plan form button[type="submit"]');
    expect(page.url()).toBe(`${base}/subscriptions/?status=success`);
    expect(await text('#toasts')).toContain('Thank you for subscribing!');
    await review('subscriptions');
    expect(checked).toHaveLength(14);
  });

  it('no request of the whole journey failed on the server', () => {
    expect(serverErrors).toEqual([]);
  });

  it('keyboard: the skip link comes first and focus is visible', async () => {
    await page.goto(`${base}/catalogue/`, { waitUntil: 'load' });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).not.toBe('none');
  });
});
