import fs from 'fs';
import path from 'path';
import sharp from 'sharp';
import type { Browser, Page } from 'puppeteer-core';
import type { Core } from '@strapi/strapi';
import { startApp, TestApp } from '../helpers/strapi';
import { APP_DIR } from '../helpers/database';
import { startSmtpCapture, SmtpCapture } from '../helpers/smtp';
import { createUser } from '../helpers/users';
import { createCard, createPromo, createRecipient, pendingOrder } from '../helpers/order-fixtures';
import { launchBrowser } from '../e2e/browser';
import { until } from '../fulfilment/helpers';
import {
  adminScreenshot,
  builtInRoleId,
  clickByText,
  waitForElement,
  createPanelUser,
  createRole,
  ensureAdminBuilt,
  incognitoPages,
  logIn,
  skipGuidedTour,
  typeIntoCodeEditor,
  waitForDialog,
  waitForText,
} from './admin-browser';
import { allA11yViolations } from '../e2e/baseline';

// How long a wait for the admin's next screen may take: it loads each page's code on first use, and on a
// loaded 2-core machine opening the preview took over 30 s once (a CI run). A wait ends as soon as its
// condition holds, so only a failure waits this long.
const UI_WAIT = 120_000;

// The real admin panel (built by `strapi build` with the plugin's admin bundle) in real Chromium: an
// operator works through the plugin page; an editor designs a template in the Content Manager.
const ORDERS = 'plugin::greeting-cards.orders.read';
const DELIVERIES = 'plugin::greeting-cards.deliveries.manage';
const SETTINGS = 'plugin::greeting-cards.settings.read';
const PAYMENTS = 'plugin::greeting-cards.payments.manage';

const db = (strapi: Core.Strapi, name: string) =>
  strapi.db.query(`plugin::greeting-cards.${name}` as Parameters<Core.Strapi['db']['query']>[0]);

describe('admin panel in Chromium', () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let browser: Browser;
  const http = () => app.http();

  const pages = incognitoPages(() => browser, { bypassCsp: true });
  const newPage = () => pages.newPage();
  // For pages that must keep the real Content-Security-Policy.
  const strictPages = incognitoPages(() => browser);

  beforeAll(async () => {
    ensureAdminBuilt();
    smtp = await startSmtpCapture();
    app = await startApp(
      { ...smtp.env, SERVICE_SEED_SAMPLE_DATA: 'false', SERVICE_DELIVERY_MAX_ATTEMPTS: '1' },
      { serveAdminPanel: true },
    );
    browser = await launchBrowser();
  }, 600_000);
  afterAll(async () => {
    await pages.closeAll();
    await strictPages.closeAll();
    await browser?.close();
    await app?.stop();
    await smtp?.stop();
  });

  it('an operator finds an order by e-mail and retries its failed e-card, which reaches the SMTP server', async () => {
    // A paid e-card order whose only send failed (SMTP down, one attempt allowed).
    const shopper = await createUser(app.strapi, { email: `grace.hopper.${Date.now()}@example.test` });
    const recipient = await createRecipient(app.strapi, shopper, {
      email: 'ada.friend@example.test',
      first_name: 'Ada',
      last_name: 'Byron',
    });
    const card = await createCard(app.strapi, shopper, { title: 'For Ada' });
    expect(
      (
        await http()
          .post('/api/orders/add_to_cart/')
          .set(shopper.auth)
          .send({ card_id: card.id, recipient_id: recipient.id })
      ).status,
    ).toBe(200);
    const orderUuid: string = (await http().get('/api/orders/cart/').set(shopper.auth)).body.uuid;
    expect((await http().post(`/api/orders/${orderUuid}/checkout/`).set(shopper.auth).send({})).status).toBe(200);
    await smtp.stop();
    expect((await http().post(`/api/orders/${orderUuid}/pay/`).set(shopper.auth).send({})).status).toBe(200);
    await app.strapi.plugin('greeting-cards').service('fulfilment').drain();
    await smtp.start();
    const [delivery] = await db(app.strapi, 'delivery').findMany({
      where: { order_item: { order: { uuid: orderUuid } } },
    });
    expect(delivery.status).toBe('failed');

    const operator = await createPanelUser(
      app.strapi,
      await createRole(app.strapi, 'Shop operator', [ORDERS, DELIVERIES]),
      'Olivia',
    );
    const page = await newPage();
    await logIn(page, app.baseUrl, operator);

    // The menu link is there for this role; the plugin page opens on its orders with today's figures.
    const menuLink = await page.waitForSelector(
      'a[href="/admin/plugins/greeting-cards"], nav a[aria-label="Greeting cards"], a[href$="plugins/greeting-cards"]',
    );
    await menuLink!.click();
    await waitForText(page, 'Orders today');
    await waitForText(page, shopper.email);
    // No settings.read in this role: no Settings tab.
    const tabs = await page.$$eval('[role="tab"]', (els) => els.map((el) => (el.textContent ?? '').trim()));
    expect(tabs).toEqual(['Orders', 'Deliveries', 'Payments needing attention', 'Group cards', 'Messages']);

    // Search by part of the e-mail, then open the order.
    await page.type('input[type="search"]', 'grace.hopper');
    await page.waitForFunction((uuid) => document.querySelector(`a[href$="/orders/${uuid}"]`) !== null, {}, orderUuid);
    await adminScreenshot(page, 'orders');
    expect(await allA11yViolations(page, { include: ['main'] })).toEqual([]);
    await page.click(`a[href$="/orders/${orderUuid}"]`);
    await waitForText(page, `Order ${orderUuid}`);
    await waitForText(page, 'Status history');
    const detail = await page.evaluate(() => document.body.textContent ?? '');
    expect(detail).toContain('Ada Byron');
    expect(detail).toMatch(/Failed/);
    expect(detail).toContain(delivery.last_error);
    // The e-card counts the shopper's order page shows, for operators (issue 24).
    expect(detail).toContain('0 of 1 sent, 0 opened, 1 failed');
    await adminScreenshot(page, 'order');
    expect(await allA11yViolations(page, { include: ['main'] })).toEqual([]);

    // The deliveries tab lists the failed one with its error; retry it there, confirming first.
    await clickByText(page, 'Deliveries', '[role="tab"]');
    await waitForText(page, 'Last error');
    await waitForText(page, 'Ada Byron');
    await adminScreenshot(page, 'deliveries');
    expect(await allA11yViolations(page, { include: ['main'] })).toEqual([]);
    await page.click(`button[aria-label="Retry delivery ${delivery.id} to Ada Byron"]`);
    await waitForText(page, 'Send this delivery again now?');
    await waitForDialog(page);
    await adminScreenshot(page, 'deliveries-confirm');
    await clickByText(page, 'Confirm');
    await waitForText(page, 'The delivery was queued again.');

    const [mail] = await smtp.waitFor(
      (m) => String(m.headers.get('x-greeting-card-delivery') ?? '') === String(delivery.id),
      1,
      30000,
    );
    expect(JSON.stringify(mail.to)).toContain('ada.friend@example.test');
    const sent = await until(
      () => db(app.strapi, 'delivery').findOne({ where: { id: delivery.id } }),
      (d) => d.status === 'sent' || d.status === 'delivered',
    );
    expect(sent.attempts).toBeGreaterThanOrEqual(2);
  });

  it('an admin with every plugin right sees payments needing attention, closes a group card and sees the settings with health', async () => {
    const manager = await createPanelUser(
      app.strapi,
      await createRole(app.strapi, 'Shop manager', [ORDERS, DELIVERIES, SETTINGS, PAYMENTS]),
      'Mona',
    );
    const page = await newPage();
    await logIn(page, app.baseUrl, manager, `/plugins/greeting-cards/payments`);
    await waitForText(page, 'No payment needs attention.');
    await adminScreenshot(page, 'payments');
    // A payment issue (hidden from the Content Manager) is marked resolved on this page.
    const issue = await db(app.strapi, 'payment-issue').create({
      data: {
        kind: 'needs_refund',
        order_uuid: null,
        provider: 'stripe',
        provider_payment_id: 'pi_twice',
        amount_pence: 299,
        currency: 'gbp',
        detail: 'Paid twice.',
      },
    });
    await page.goto(`${app.baseUrl}/admin/plugins/greeting-cards/payments`, { waitUntil: 'networkidle0' });
    await waitForText(page, 'Paid twice.');
    expect(await page.evaluate(() => document.body.textContent ?? '')).toContain('£2.99');
    await page.click(`button[aria-label="Mark payment issue ${issue.id} resolved"]`);
    await waitForText(page, 'Marked resolved.');
    expect((await db(app.strapi, 'payment-issue').findOne({ where: { id: issue.id } })).resolved).toBe(true);
    // An open group card, closed from its row after confirming.
    const organiser = await createUser(app.strapi);
    const card = await createCard(app.strapi, organiser);
    const group = (
      await http()
        .post('/api/group-cards/')
        .set(organiser.auth)
        .send({
          card_id: card.id,
          title: 'Retirement',
          recipient_name: 'Pat',
          deadline: new Date(Date.now() + 86_400_000).toISOString(),
        })
        .expect(201)
    ).body;
    await clickByText(page, 'Group cards', '[role="tab"]');
    await waitForText(page, organiser.email);
    await adminScreenshot(page, 'group-cards');
    expect(await allA11yViolations(page, { include: ['main'] })).toEqual([]);
    await page.click('button[aria-label="Close group card “Retirement”"]');
    await waitForDialog(page);
    await clickByText(page, 'Confirm');
    await waitForText(page, 'is closed to new signatures.');
    expect((await http().get(`/api/group-cards/${group.uuid}/`).set(organiser.auth)).body.status).toBe('closed');
    await clickByText(page, 'Settings', '[role="tab"]');
    await waitForText(page, 'Card renderer (Chromium): working', 60000);
    const settings = await page.evaluate(() => document.body.textContent ?? '');
    expect(settings).toMatch(/E-mail: (working|not working)/);
    expect(settings).toContain('SERVICE_STRIPE_SECRET_KEY');
    await adminScreenshot(page, 'settings');
    expect(await allA11yViolations(page, { include: ['main'] })).toEqual([]);
  });

  it('the promo-code list shows how many uses each code holds to a role that may read orders, a dash to one that may not', async () => {
    await createPromo(app.strapi, { code: 'WELCOME5', amount_pence: 500, max_uses_total: 10 });
    await createPromo(app.strapi, { code: 'ALWAYS', amount_pence: 100 });
    await pendingOrder(app.strapi, http, await createUser(app.strapi), [{}], 'welcome5');
    await pendingOrder(app.strapi, http, await createUser(app.strapi), [{}], 'WELCOME5');
    await pendingOrder(app.strapi, http, await createUser(app.strapi), [{}], 'always');
    const list = '/content-manager/collection-types/plugin::greeting-cards.promo-code';
    const usedByCode = (page: Page) =>
      page.$$eval('tbody tr', (rows) => {
        const headings = [...document.querySelectorAll('thead th')].map((th) => (th.textContent ?? '').trim());
        const [code, used] = [headings.indexOf('Code'), headings.indexOf('Used')];
        return Object.fromEntries(
          rows.map((row) => [
            row.children[code]?.textContent?.trim(),
            row.children[used]?.querySelector('[data-testid="promo-uses"]')?.textContent?.trim() ?? null,
          ]),
        );
      });

    // A super admin (every right, orders.read among them): the counts, next to the limit.
    const owner = await createPanelUser(app.strapi, await builtInRoleId(app.strapi, 'strapi-super-admin'), 'Sam');
    const page = await newPage();
    const countRequests: string[] = [];
    page.on('request', (request) => request.url().includes('/promo-codes/uses') && countRequests.push(request.url()));
    await logIn(page, app.baseUrl, owner, list);
    await waitForText(page, 'WELCOME5');
    await page.waitForFunction(
      () => [...document.querySelectorAll('[data-testid="promo-uses"]')].some((cell) => cell.textContent === '2 of 10'),
      { timeout: UI_WAIT },
    );
    expect(await usedByCode(page)).toEqual({ WELCOME5: '2 of 10', ALWAYS: '1' });
    expect(countRequests).toHaveLength(1); // one request for the whole list, not one per row
    await skipGuidedTour(page);
    await adminScreenshot(page, 'promo-codes');

    // An editor (Content Manager rights, no orders.read): the column is there, with a dash and no request.
    const editor = await createPanelUser(app.strapi, await builtInRoleId(app.strapi, 'strapi-editor'), 'Erin');
    const editorPage = await newPage();
    const editorRequests: string[] = [];
    editorPage.on(
      'request',
      (request) => request.url().includes('/promo-codes/uses') && editorRequests.push(request.url()),
    );
    await logIn(editorPage, app.baseUrl, editor, list);
    await waitForText(editorPage, 'WELCOME5');
    await editorPage.waitForFunction(() => [...document.querySelectorAll('[data-testid="promo-uses"]')].length === 2, {
      timeout: UI_WAIT,
    });
    const dashes = Object.values(await usedByCode(editorPage));
    expect(dashes).toHaveLength(2);
    for (const text of dashes) expect(text).toMatch(/^—Your role may not read orders/);
    expect(editorRequests).toEqual([]);
    await skipGuidedTour(editorPage);
    await adminScreenshot(editorPage, 'promo-codes-without-orders-right');
  });

  it('an editor designs a template: live preview, an invalid design refused in the form, saved with a thumbnail', async () => {
    const editor = await createPanelUser(app.strapi, await builtInRoleId(app.strapi, 'strapi-editor'), 'Eddie');
    const page = await newPage();
    await logIn(page, app.baseUrl, editor, `/content-manager/collection-types/plugin::greeting-cards.template/create`);
    await page.waitForSelector('input[name="name"]');
    await page.type('input[name="name"]', 'Sunflower thanks');
    const slugInput = 'input[name="slug"]';
    await page.click(slugInput, { count: 3 });
    await page.type(slugInput, 'sunflower-thanks');
    const preview = '[data-testid="canvas-preview"]';

    // A design the API would refuse: the field says why at once, and saving is refused by the server.
    await typeIntoCodeEditor(page, '[data-testid="canvas-data-field"]', '{"version":"7.0.0","objects":"not a list"}');
    await page.waitForSelector(`${preview} [role="alert"]`, { timeout: UI_WAIT });
    await clickByText(page, 'Save');
    await waitForText(page, 'The design (canvas_data) is not valid');
    await adminScreenshot(page, 'template-invalid');
    expect(await db(app.strapi, 'template').findOne({ where: { slug: 'sunflower-thanks' } })).toBeNull();

    // A valid design: its preview is drawn by the server's renderer, then the template saves.
    const design = {
      version: '7.0.0',
      width: 600,
      height: 850,
      background: '#FFF4E0',
      objects: [
        { type: 'circle', left: 180, top: 80, radius: 120, fill: '#FFD36E' },
        {
          type: 'textbox',
          text: 'Thank you',
          left: 50,
          top: 380,
          width: 500,
          fontSize: 72,
          fill: '#7B2CBF',
          fontFamily: 'Georgia',
          textAlign: 'center',
        },
      ],
    };
    await typeIntoCodeEditor(page, '[data-testid="canvas-data-field"]', JSON.stringify(design));
    await waitForText(page, 'The design is valid.');
    expect(await page.$eval('[data-testid="canvas-data-field"]', (el) => el.textContent)).not.toContain(
      'must be an array',
    );
    await page.waitForFunction(
      (sel) => {
        const img = document.querySelector<HTMLImageElement>(`${sel} img`);
        return img !== null && img.complete && img.naturalWidth > 100;
      },
      { timeout: UI_WAIT },
      preview,
    );
    await adminScreenshot(page, 'template-edit');
    await clickByText(page, 'Save');
    await page.waitForFunction(() => !location.pathname.endsWith('/create'), { timeout: UI_WAIT });
    const draftRow = () =>
      db(app.strapi, 'template').findOne({ where: { slug: 'sunflower-thanks', publishedAt: { $null: true } } });
    const saved = await draftRow();
    expect(saved.canvas_data.objects[1].text).toBe('Thank you');

    // Saved is a draft (draft & publish): the shop does not have it yet.
    expect((await http().get('/api/templates/sunflower-thanks/')).status).toBe(404);
    expect((await http().get('/api/templates/')).body.results.map((t: { slug: string }) => t.slug)).not.toContain(
      'sunflower-thanks',
    );
    // The thumbnail is rendered in the background, for the draft; publishing copies it.
    await until(draftRow, (t) => Boolean(t?.thumbnail_url), 60000);

    // The editor's signed preview link (what the preview panel and the admin API hand out) shows the draft.
    // Opened in a browser of its own (anyone holding the link), while the editor's page stays on the edit view.
    const link = await app.strapi.plugin('greeting-cards').service('catalogue').previewLink(saved.documentId);
    const visitor = await newPage();
    await visitor.goto(`${app.baseUrl}${link.url}`, { waitUntil: 'networkidle0' });
    expect(await visitor.evaluate(() => document.body.textContent ?? '')).toContain('"name":"Sunflower thanks"');
    await visitor.goto(`${app.baseUrl}/api/templates/sunflower-thanks/`, { waitUntil: 'networkidle0' });
    expect(await visitor.evaluate(() => document.body.textContent ?? '')).toContain('Not found.');

    // Published from the edit view: now in the API and the shop.
    await clickByText(page, 'Publish');
    const withThumbnail = await until(
      () =>
        db(app.strapi, 'template').findOne({ where: { slug: 'sunflower-thanks', publishedAt: { $notNull: true } } }),
      (t) => Boolean(t?.thumbnail_url),
      60000,
    );
    const listed = (await http().get('/api/templates/')).body.results.find(
      (t: { slug: string }) => t.slug === 'sunflower-thanks',
    );
    expect(listed).toBeDefined();
    // Lists carry what a grid needs; the design itself is on the detail route.
    expect((await http().get('/api/templates/sunflower-thanks/')).body.canvas_data).toEqual(saved.canvas_data);
    expect((await http().get(withThumbnail.thumbnail_url)).status).toBe(200);
    const shop = await http().get('/templates/sunflower-thanks/');
    expect(shop.status).toBe(200);
    expect(shop.text).toContain('Sunflower thanks');

    await page.goto(`${app.baseUrl}/admin/content-manager/collection-types/plugin::greeting-cards.template`, {
      waitUntil: 'networkidle0',
    });
    await waitForText(page, 'Sunflower thanks');
    // The list's thumbnail column shows the rendered preview (the media field is only an override).
    await page.waitForFunction(
      (url) =>
        [...document.querySelectorAll<HTMLImageElement>('img[data-testid="template-thumbnail"]')].some(
          (img) => img.src.endsWith(url) && img.complete && img.naturalWidth > 0,
        ),
      { timeout: UI_WAIT },
      withThumbnail.thumbnail_url,
    );
    // The column shows the rendered preview, so it is headed "Preview", not with the media field's label.
    const headings = await page.$$eval('thead th', (cells) => cells.map((cell) => (cell.textContent ?? '').trim()));
    expect(headings).toContain('Preview');
    expect(headings).not.toContain('Thumbnail image');
    await adminScreenshot(page, 'templates-list');
  });

  it("an editor opens a draft template from the Content Manager's preview panel and sees the shop page with the preview banner", async () => {
    const documents = app.strapi.documents(
      'plugin::greeting-cards.template' as Parameters<Core.Strapi['documents']>[0],
    );
    const design = { version: '7.0.0', width: 600, height: 850, background: '#DDEEFF', objects: [] };
    const draft = await documents.create({
      data: {
        name: 'Winter Robin',
        slug: 'winter-robin',
        is_active: true,
        description: 'A robin on a snowy branch',
        canvas_data: design,
      },
    });
    const editor = await createPanelUser(app.strapi, await builtInRoleId(app.strapi, 'strapi-editor'), 'Pia');
    // This page keeps the real CSP (no bypass): the admin's frame-src and the shop's frame headers decide.
    const page = await strictPages.newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Refused to (frame|display)|frame-ancestors|X-Frame-Options/i.test(message.text()))
        refused.push(message.text());
    });
    await logIn(
      page,
      app.baseUrl,
      editor,
      `/content-manager/collection-types/plugin::greeting-cards.template/${draft.documentId}`,
    );
    await skipGuidedTour(page);

    // The side panel's "Open preview" opens Strapi's preview page, which frames the handler's URL.
    await clickByText(page, 'Open preview', 'a, button');
    // Strapi's news banner can slide in at the top between finding the link and the click landing, moving
    // the link down: the click then hits nothing (CI saw the edit view still open after 120 s). If the
    // preview page has not opened, the link is clicked again where it is now.
    const opened = () =>
      page
        .waitForFunction(() => location.pathname.endsWith('/preview'), { timeout: 20_000 })
        .then(
          () => true,
          () => false,
        );
    if (!(await opened())) await clickByText(page, 'Open preview', 'a, button');
    const frameHandle = await waitForElement(page, 'iframe[data-testid="preview-iframe"]', UI_WAIT);
    const src = await frameHandle!.evaluate((el) => (el as HTMLIFrameElement).src);
    expect(src.startsWith(`${app.baseUrl}/templates/winter-robin/?preview=`)).toBe(true);
    const frame = await frameHandle!.contentFrame();
    await frame!.waitForSelector('.preview-banner', { timeout: UI_WAIT });
    const shown = await frame!.evaluate(() => ({
      heading: document.querySelector('h1')?.textContent?.trim(),
      banner: document.querySelector('.preview-banner')?.textContent?.trim(),
      bannerRole: document.querySelector('.preview-banner')?.getAttribute('role'),
      personalise: [...document.querySelectorAll<HTMLButtonElement>('button')].find(
        (b) => b.textContent?.trim() === 'Personalise',
      )?.disabled,
      editorLinks: document.querySelectorAll('a[href*="/editor/template/"], form[action*="/editor/template/"]').length,
    }));
    expect(shown).toEqual({
      heading: 'Winter Robin',
      banner: 'Preview of a draft: not in the shop until published',
      bannerRole: 'note',
      personalise: true,
      editorLinks: 0,
    });
    expect(refused).toEqual([]);
    await adminScreenshot(page, 'template-preview-panel');
    // Still a draft: the plain shop page is the 404 page.
    expect((await http().get('/templates/winter-robin/')).status).toBe(404);
  });

  it('the designer window says why instead of showing an empty frame when the shop is on another origin', async () => {
    const documents = app.strapi.documents(
      'plugin::greeting-cards.template' as Parameters<Core.Strapi['documents']>[0],
    );
    const design = { version: '7.0.0', width: 600, height: 850, background: '#FFFFFF', objects: [] };
    const template = await documents.create({ data: { name: 'Elsewhere', slug: 'elsewhere', canvas_data: design } });
    const editor = await createPanelUser(app.strapi, await builtInRoleId(app.strapi, 'strapi-editor'), 'Owen');
    const page = await newPage();
    await logIn(
      page,
      app.baseUrl,
      editor,
      `/content-manager/collection-types/plugin::greeting-cards.template/${template.documentId}`,
    );
    await page.waitForSelector('[data-testid="open-designer"]');

    // The shop's editor answered from another origin (the same server under another host name): the
    // shop refuses to be framed by a foreign page, so the browser shows nothing the admin may read.
    const elsewhere = app.baseUrl.replace('127.0.0.1', 'localhost');
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      if (request.isInterceptResolutionHandled()) return;
      if (request.url().startsWith(`${app.baseUrl}/greeting-cards/designer/`)) {
        request.respond({ status: 302, headers: { location: `${elsewhere}/greeting-cards/designer/?embed=admin` } });
      } else {
        request.continue();
      }
    });
    await page.click('[data-testid="open-designer"]');
    await page.waitForSelector('[data-testid="designer-problem"]', { timeout: UI_WAIT });
    const message = await page.$eval('[data-testid="designer-problem"]', (el) => el.textContent ?? '');
    expect(message).toContain('The designer could not be opened');
    expect(message).toContain('one origin');
    expect(await page.$('iframe[data-testid="designer-frame"]')).toBeNull();
    await waitForDialog(page);
    await adminScreenshot(page, 'designer-problem');
    await clickByText(page, 'Close');
    await page.waitForFunction(() => document.querySelector('[data-testid="designer-problem"]') === null);
  });

  it('an editor opens a template in the designer, adds text and a cropped photo there, uses the design and saves the template', async () => {
    const documents = app.strapi.documents(
      'plugin::greeting-cards.template' as Parameters<Core.Strapi['documents']>[0],
    );
    const start = {
      version: '7.0.0',
      width: 600,
      height: 850,
      background: '#E8F4FF',
      objects: [
        {
          type: 'textbox',
          text: 'Home sweet home',
          left: 50,
          top: 120,
          width: 500,
          fontSize: 60,
          fill: '#1B4965',
          fontFamily: 'Georgia',
          textAlign: 'center',
        },
      ],
    };
    const template = await documents.create({ data: { name: 'New home', slug: 'new-home', canvas_data: start } });
    const editor = await createPanelUser(app.strapi, await builtInRoleId(app.strapi, 'strapi-editor'), 'Dana');
    const page = await newPage();
    await logIn(
      page,
      app.baseUrl,
      editor,
      `/content-manager/collection-types/plugin::greeting-cards.template/${template.documentId}`,
    );
    await page.waitForSelector('[data-testid="open-designer"]');
    await page.click('[data-testid="open-designer"]');

    // The storefront's editor in the frame, given the template's current design by the admin page.
    const frameHandle = await page.waitForSelector('iframe[data-testid="designer-frame"]');
    const frame = await frameHandle!.contentFrame();
    await frame.waitForSelector('#editor[data-ready="true"]', { timeout: UI_WAIT });
    await frame.waitForFunction(() =>
      [...document.querySelectorAll('#layers li')].some((li) => li.textContent?.includes('Home sweet home')),
    );
    expect(await frame.$('#open-send')).toBeNull();
    expect(await frame.$('.site-header')).toBeNull();
    // Only the framed editor's window is listened to: a message posted by any other window (here the
    // admin page itself) does not touch the field. Had it been taken, the window would close and the
    // clicks below would fail; messages are delivered in order, before the first click's round trip.
    await page.evaluate(() =>
      window.postMessage(
        { type: 'gc-designer:use', canvas_data: { version: '7.0.0', objects: [] } },
        window.location.origin,
      ),
    );

    await frame.click('#add-text');
    await page.keyboard.type('Welcome to your new home');
    await page.keyboard.press('Escape');
    await frame.waitForFunction(() =>
      [...document.querySelectorAll('#layers li')].some((li) => li.textContent?.includes('Welcome to your new home')),
    );

    // A photo: chosen in the frame, uploaded by the admin page with the editor's admin sign-in, then
    // cropped through the admin page the same way (the frame applied where it opens).
    const photoFile = path.join(APP_DIR, '.tmp', `designer-photo-${process.pid}.png`);
    const red = await sharp({ create: { width: 200, height: 300, channels: 3, background: '#E74C3C' } })
      .png()
      .toBuffer();
    await sharp({ create: { width: 400, height: 300, channels: 3, background: '#2E86C1' } })
      .composite([{ input: red, left: 0, top: 0 }])
      .png()
      .toFile(photoFile);
    const uploads: number[] = [];
    page.on(
      'response',
      (response) => response.url().includes('/greeting-cards/admin/designs/photos') && uploads.push(response.status()),
    );
    await (await frame.$('input#photo-input'))!.uploadFile(photoFile);
    await frame.waitForFunction(() => document.getElementById('photo-status')?.textContent === 'Photo added.', {
      timeout: UI_WAIT,
    });
    fs.rmSync(photoFile, { force: true });
    await frame.waitForFunction(() => !(document.getElementById('crop-photo') as HTMLButtonElement).disabled);
    await frame.click('#crop-photo');
    await frame.click('#crop-photo');
    await frame.waitForFunction(() => document.getElementById('photo-status')?.textContent === 'Photo cropped.', {
      timeout: UI_WAIT,
    });
    expect(uploads).toEqual([201, 201]);
    await waitForDialog(page);
    await adminScreenshot(page, 'designer');
    await frame.click('#save');

    // The design is back in the field (its JSON, preview and check), and the form's Save stores it.
    await page.waitForFunction(() => document.querySelector('iframe[data-testid="designer-frame"]') === null, {
      timeout: UI_WAIT,
    });
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid="canvas-data-field"] .cm-content')?.textContent ?? '').includes(
          'Welcome to your new home',
        ),
      { timeout: UI_WAIT },
    );
    await waitForText(page, 'The design is valid.');
    expect(await db(app.strapi, 'template').findOne({ where: { slug: 'new-home' } })).toMatchObject({
      canvas_data: start,
    });
    await clickByText(page, 'Save');
    // Saved is the draft (draft & publish); published, the shop's API has the design.
    await until(
      () => db(app.strapi, 'template').findOne({ where: { slug: 'new-home', publishedAt: { $null: true } } }),
      (t) => JSON.stringify(t?.canvas_data).includes('Welcome to your new home'),
      30000,
    );
    await documents.publish({ documentId: template.documentId });
    const saved = await http().get('/api/templates/new-home/').expect(200);
    // Opened on its own (not framed by the admin panel) the designer has nothing to edit and says so.
    const direct = await newPage();
    await direct.goto(`${app.baseUrl}/greeting-cards/designer/?embed=admin`, { waitUntil: 'networkidle0' });
    await waitForText(direct, 'open it with “Open in designer” in the admin panel');
    const texts = saved.body.canvas_data.objects
      .filter((o: { type: string }) => o.type.toLowerCase() === 'textbox')
      .map((o: { text: string }) => o.text);
    expect(texts).toEqual(['Home sweet home', 'Welcome to your new home']);
    // The template keeps the cropped photo: a stored upload the design rules accepted.
    const photos = saved.body.canvas_data.objects.filter((o: { type: string }) => o.type.toLowerCase() === 'image');
    expect(photos).toHaveLength(1);
    expect(photos[0].src).toMatch(/^\/uploads\/[\w.-]+\.png$/);
    expect((await http().get(photos[0].src)).status).toBe(200);
  });
  it("an editor switches a template to 5x7: the designer canvas takes that shape; a text marked there as a placeholder drives the shopper's warning", async () => {
    const documents = app.strapi.documents(
      'plugin::greeting-cards.template' as Parameters<Core.Strapi['documents']>[0],
    );
    const start = {
      version: '7.0.0',
      width: 600,
      height: 850,
      background: '#FDE2E4',
      objects: [
        {
          type: 'textbox',
          text: 'Congratulations',
          left: 50,
          top: 120,
          width: 500,
          fontSize: 56,
          fill: '#6A1B4D',
          fontFamily: 'Georgia',
          textAlign: 'center',
        },
        {
          type: 'textbox',
          text: 'Dear friend',
          left: 50,
          top: 400,
          width: 500,
          fontSize: 40,
          fill: '#6A1B4D',
          fontFamily: 'Georgia',
          textAlign: 'center',
        },
      ],
    };
    const template = await documents.create({ data: { name: 'Well done', slug: 'well-done', canvas_data: start } });
    const editor = await createPanelUser(app.strapi, await builtInRoleId(app.strapi, 'strapi-editor'), 'Pat');
    const page = await newPage();
    await logIn(
      page,
      app.baseUrl,
      editor,
      `/content-manager/collection-types/plugin::greeting-cards.template/${template.documentId}`,
    );

    // Opens the designer and reads the canvas's shape (width / height) and the guides' product line.
    const openDesigner = async () => {
      await page.waitForSelector('[data-testid="open-designer"]');
      await page.click('[data-testid="open-designer"]');
      const frame = (await (await page.waitForSelector('iframe[data-testid="designer-frame"]'))!.contentFrame())!;
      await frame.waitForSelector('#editor[data-ready="true"]', { timeout: UI_WAIT });
      await frame.click('#toggle-guides');
      const shape = await frame.$eval(
        '#card-canvas',
        (c) =>
          (c as HTMLCanvasElement).getBoundingClientRect().width /
          (c as HTMLCanvasElement).getBoundingClientRect().height,
      );
      const hint = await frame.$eval('#guides-hint', (e) => e.textContent ?? '');
      return { frame, shape, hint };
    };
    const before = await openDesigner();
    expect(before.hint).toMatch(/^A5 \(148 x 210 mm\)/);
    expect(before.shape).toBeCloseTo(600 / 850, 2);
    await before.frame.click('#cancel-design');
    await page.waitForFunction(() => document.querySelector('iframe[data-testid="designer-frame"]') === null, {
      timeout: UI_WAIT,
    });

    // The product field, as a person picks it: its combobox, then the option.
    const combo = await page.evaluateHandle(() => {
      const label = [...document.querySelectorAll('label')].find((l) =>
        (l.textContent ?? '').trim().startsWith('Product'),
      );
      let root: HTMLElement | null = label ?? null;
      while (root && !root.querySelector('[role="combobox"]')) root = root.parentElement;
      return root?.querySelector('[role="combobox"]') ?? null;
    });
    await (combo.asElement() as unknown as { click(): Promise<void> }).click();
    await clickByText(page, 'in5x7', '[role="option"]');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[role="combobox"]')].some((c) => (c.textContent ?? '').includes('in5x7')),
    );

    const after = await openDesigner();
    expect(after.hint).toMatch(/^5 x 7 in \(127 x 178 mm\)/);
    expect(after.shape).toBeCloseTo(600 / 841, 2);
    expect(after.shape).toBeGreaterThan(before.shape + 0.004);

    // The designer marks the sample name as a placeholder for the shopper to replace.
    const flag = '#placeholder-flag';
    expect(await after.frame.$eval(flag, (e) => (e as HTMLInputElement).disabled)).toBe(true);
    const layers = await after.frame.$$('#layers .ed-layer');
    for (const layer of layers)
      if ((await layer.evaluate((e) => e.textContent)) === 'Text: Dear friend') await layer.click();
    await after.frame.waitForFunction((sel) => !(document.querySelector(sel) as HTMLInputElement).disabled, {}, flag);
    expect(await after.frame.$eval(flag, (e) => (e.closest('label')?.textContent ?? '').trim())).toBe(
      'This is a placeholder for the shopper to replace',
    );
    await after.frame.click(flag);
    await waitForDialog(page);
    await adminScreenshot(page, 'designer-5x7');
    await after.frame.click('#save');
    await page.waitForFunction(() => document.querySelector('iframe[data-testid="designer-frame"]') === null, {
      timeout: UI_WAIT,
    });
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid="canvas-data-field"] .cm-content')?.textContent ?? '').includes(
          '"placeholder": true',
        ),
      { timeout: UI_WAIT },
    );
    await clickByText(page, 'Save');
    const saved = await until(
      () => db(app.strapi, 'template').findOne({ where: { slug: 'well-done' } }),
      (t) => t?.product === 'in5x7' && JSON.stringify(t.canvas_data).includes('"placeholder":true'),
      30000,
    );
    expect(saved.canvas_data).toMatchObject({ width: 600, height: 841 });
    expect(
      saved.canvas_data.objects.map((o: { text: string; placeholder?: boolean }) => [o.text, o.placeholder ?? false]),
    ).toEqual([
      ['Congratulations', false],
      ['Dear friend', true],
    ]);

    // A shopper's card from it (once published) is a 5x7 card warned about the sample name until it is replaced.
    await documents.publish({ documentId: template.documentId });
    const shopper = await createUser(app.strapi);
    const card = (await http().post('/api/templates/well-done/personalize/').set(shopper.auth).expect(201)).body;
    const detail = (await http().get(`/api/cards/${card.id}/`).set(shopper.auth).expect(200)).body;
    expect(detail.product).toBe('in5x7');
    expect(detail.preflight).toEqual([expect.objectContaining({ code: 'placeholder_text', page: 'front', object: 1 })]);
  });
});
