import type { Browser, BrowserContext, Page } from 'puppeteer-core';
import { QUIET_APP, startApp, type TestApp } from '../helpers/strapi';
import { createUser } from '../helpers/users';
import { createCard, createRecipient, deliveriesOf } from '../helpers/order-fixtures';
import { ShopAddress } from '../helpers/fake-print-provider';
import { startFakeProdigi, type FakeProdigi } from '../helpers/fake-prodigi';
import { DESKTOP, launchBrowser, screenshots } from './browser';
import {
  adminScreenshot,
  clickByText,
  createPanelUser,
  createRole,
  ensureAdminBuilt,
  logIn,
  waitForDialog,
  waitForText,
} from '../admin/admin-browser';
import { fulfilment, q, until } from '../fulfilment/helpers';
import { allA11yViolations } from './baseline';

// Posted cards in real Chromium, against the fake Prodigi Print API: the buyer cancels from the order
// page with the keyboard (confirm page first), and an operator reads a card's provider timeline on the
// admin panel's Deliveries page and retries a failed submission.

const PUBLIC_URL = 'https://cards.example.test';
const SECRET = 'test-callback-secret-0123456789abcdef';
const DELIVERIES = 'plugin::greeting-cards.deliveries.manage';

describe('posted cards in Chromium: the buyer cancels, the operator reads the timeline and retries', () => {
  let app: TestApp;
  let prodigi: FakeProdigi;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const shop = new ShopAddress(PUBLIC_URL);
  const http = () => app.http();

  async function newPage(): Promise<Page> {
    const context = await browser.createBrowserContext();
    contexts.push(context);
    const page = await context.newPage();
    await page.setViewport(DESKTOP);
    await page.setBypassCSP(true);
    return page;
  }

  async function buyPostedCard(title: string) {
    const user = await createUser(app.strapi);
    const card = await createCard(app.strapi, user, { title });
    const recipient = await createRecipient(app.strapi, user, { country: 'GB' });
    expect(
      (
        await http()
          .post('/api/orders/add_to_cart/')
          .set(user.auth)
          .send({ card_id: card.id, recipient_id: recipient.id, delivery_method: 'post' })
      ).status,
    ).toBe(200);
    const cart = await http().get('/api/orders/cart/').set(user.auth);
    expect((await http().post(`/api/orders/${cart.body.uuid}/checkout/`).set(user.auth).send({})).status).toBe(200);
    expect((await http().post(`/api/orders/${cart.body.uuid}/pay/`).set(user.auth).send({})).status).toBe(200);
    await fulfilment(app.strapi).drain();
    const [delivery] = await deliveriesOf(app.strapi, cart.body.uuid);
    return { uuid: cart.body.uuid as string, delivery, user };
  }

  beforeAll(async () => {
    ensureAdminBuilt();
    prodigi = await startFakeProdigi('prodigi-test-key', shop);
    app = await startApp(
      {
        ...QUIET_APP,
        SERVICE_PUBLIC_URL: PUBLIC_URL,
        SERVICE_POSTAL_PROVIDER: 'prodigi',
        SERVICE_PRODIGI_API_KEY: 'prodigi-test-key',
        SERVICE_PRODIGI_API_BASE: prodigi.url,
        SERVICE_PRODIGI_SKU_MAP: '{"card":"GLOBAL-GRE-TEST-A5"}',
        SERVICE_POSTAL_CALLBACK_SECRET: SECRET,
        SERVICE_DELIVERY_MAX_ATTEMPTS: '1',
      },
      { serveAdminPanel: true },
    );
    shop.listenOn(app.baseUrl);
    browser = await launchBrowser();
  }, 600_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await app?.stop();
    await prodigi?.close();
  });

  it('the buyer cancels a posted card from the order page using only the keyboard, after a confirmation', async () => {
    const { uuid, delivery, user } = await buyPostedCard('Keyboard cancel');
    const page = await newPage();
    await page.setCookie({ name: 'gc_session', value: user.token, url: app.baseUrl });
    await page.goto(`${app.baseUrl}/orders/${uuid}/`, { waitUntil: 'load' });
    expect(await page.$eval('.postal-status', (el) => el.textContent ?? '')).toContain('Received, not yet printed');
    await screenshots(page, 'order-posted-cancellable');
    expect(await allA11yViolations(page)).toEqual([]);

    // Tab to the cancel link as a keyboard user would, and follow it with Enter.
    let focused = '';
    for (let i = 0; i < 60 && !focused.includes('Cancel this card'); i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
    }
    expect(focused).toContain('Cancel this card');
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.keyboard.press('Enter')]);
    await page.waitForSelector('#confirm-cancel');
    expect(await page.$eval('h1', (el) => el.textContent)).toBe('Cancel this posted card?');
    await screenshots(page, 'order-posted-cancel-confirm');
    expect(await allA11yViolations(page)).toEqual([]);
    // Opening the confirmation cancelled nothing.
    expect((await q(app.strapi, 'delivery').findOne({ where: { id: delivery.id } })).status).toBe('processing');

    await page.focus('#confirm-cancel');
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.keyboard.press('Enter')]);
    await page.waitForSelector('#toasts .toast-success');
    const text = await page.evaluate(() => document.body.innerText);
    expect(text).toMatch(/Your card is cancelled and £\d+\.\d\d is on its way back to you\./);
    expect(await page.$('a.cancel-delivery')).toBeNull();
    await screenshots(page, 'order-posted-cancelled');
    expect((await q(app.strapi, 'delivery').findOne({ where: { id: delivery.id } })).status).toBe('cancelled');
    expect(prodigi.orders.get(delivery.tracking_reference).status.stage).toBe('Cancelled');
  });

  it("an operator opens a posted card's provider timeline and retries a failed submission", async () => {
    const queued = await buyPostedCard('Timeline card');
    const orderId = (await q(app.strapi, 'delivery').findOne({ where: { id: queued.delivery.id } }))
      .tracking_reference as string;
    prodigi.startProduction(orderId);
    expect((await prodigi.callback(orderId)).body).toMatchObject({ outcome: 'noted' });
    prodigi.failNext(1);
    const failed = await buyPostedCard('Failed card');
    expect((await q(app.strapi, 'delivery').findOne({ where: { id: failed.delivery.id } })).status).toBe('failed');

    const operator = await createPanelUser(
      app.strapi,
      await createRole(app.strapi, 'Postal operator', [DELIVERIES]),
      'Operator',
    );
    const page = await newPage();
    await logIn(page, app.baseUrl, operator, `/plugins/greeting-cards/deliveries`);
    await waitForText(page, `Provider order ${orderId}`);
    await page.click(`button[aria-controls="timeline-${queued.delivery.id}"]`);
    await page.waitForSelector(`ol[aria-label="Timeline of delivery ${queued.delivery.id}"]`);
    const timeline = await page.$eval(
      `ol[aria-label="Timeline of delivery ${queued.delivery.id}"]`,
      (el) => (el as HTMLElement).innerText,
    );
    expect(timeline).toContain('Submitted to the provider: Processing (Accepted)');
    expect(timeline).toContain('Provider callback: Processing (In production)');
    await adminScreenshot(page, 'deliveries-posted-timeline');
    expect(await allA11yViolations(page, { include: ['main'] })).toEqual([]);

    // The failed submission: its timeline says why, and Retry places the order at Prodigi.
    await page.click(`button[aria-controls="timeline-${failed.delivery.id}"]`);
    await page.waitForSelector(`ol[aria-label="Timeline of delivery ${failed.delivery.id}"]`);
    expect(
      await page.$eval(
        `ol[aria-label="Timeline of delivery ${failed.delivery.id}"]`,
        (el) => (el as HTMLElement).innerText,
      ),
    ).toContain('Submission failed: Failed');
    await page.click(`button[aria-label^="Retry delivery ${failed.delivery.id}"]`);
    await waitForDialog(page);
    await clickByText(page, 'Confirm');
    await waitForText(page, 'The delivery was queued again.');
    const placed = await until(
      () => q(app.strapi, 'delivery').findOne({ where: { id: failed.delivery.id } }),
      (d) => d.status === 'processing' && Boolean(d.tracking_reference) && !d.claimed_at,
    );
    await waitForText(page, 'Retried: Pending');
    // The list as it is now: the card placed at Prodigi under a new order id.
    await page.reload({ waitUntil: 'networkidle0' });
    await waitForText(page, `Provider order ${placed.tracking_reference}`);
    await adminScreenshot(page, 'deliveries-posted-retried');
  });
});
