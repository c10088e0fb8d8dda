import type { Browser, Page } from 'puppeteer-core';
import { startApp, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { createRecipient } from '../helpers/order-fixtures';
import { startSmtpCapture, SmtpCapture, freePort } from '../helpers/smtp';
import { flatten, inspectPdf } from '../helpers/pdf';
import { screenshots } from '../e2e/browser';
import { editorReady, launchBrowser, pageErrors, screenshot, signedInPage } from '../e2e/editor-browser';
import { allA11yViolations } from '../e2e/baseline';

// Issue 23, stage 2 in real Chromium: an organiser starts a group card from the page, three people sign
// from separate browsers without accounts (one with a sticker), one edits their message, the organiser
// hides one and closes signing, and a late signer is told who to contact. Then the organiser pays for
// the e-card (demo payments), the recipient's e-mail arrives at a real SMTP server, and its link opens
// the card with the two visible signatures inside, in the page and in the print PDF (the real
// renderer, so the PDF is one poppler can read).

describe('group card pages (Chromium)', () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let browser: Browser;
  let alice: TestUser;
  let bob: TestUser;
  let cardId: number;
  let organiser: Page;
  let signLink = '';
  let groupPath = '';
  const serverErrors: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    // The e-mail's links name the shop's public address: this server's.
    const port = await freePort();
    app = await startApp({
      ...smtp.env,
      SERVICE_SEED_SAMPLE_DATA: 'false',
      SERVICE_DEMO_PAYMENTS: 'true',
      PORT: String(port),
      SERVICE_PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
    alice = await createUser(app.strapi, { first_name: 'Alice', last_name: 'Organiser' });
    bob = await createUser(app.strapi);
    // Made through the API, as the editor does, so it is in the organiser's library.
    cardId = (
      await app
        .http()
        .post('/api/cards/')
        .set(alice.auth)
        .send({ title: 'Farewell', canvas_data: { version: '7.0.0', background: '#FFFFFF', objects: [] } })
        .expect(201)
    ).body.id;
    await createRecipient(app.strapi, alice, {
      first_name: 'Sam',
      last_name: 'Jones',
      email: 'sam.jones@example.test',
    });
    await app.strapi.db.query('plugin::greeting-cards.asset').create({
      data: {
        name: 'Party',
        asset_type: 'sticker',
        emoji: '🎉',
        is_premium: false,
        is_active: true,
        publishedAt: new Date(),
      },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await smtp?.stop();
  });

  async function open(token: string | null): Promise<Page> {
    const page = await signedInPage(browser, app.baseUrl, token);
    await page.setBypassCSP(true);
    page.setDefaultTimeout(15000);
    page.on('dialog', (dialog) => void dialog.accept());
    page.on('response', (r) => {
      if (r.status() >= 500) serverErrors.push(`${r.status()} ${r.url()}`);
    });
    return page;
  }
  async function review(page: Page, name: string) {
    await screenshots(page, name);
    expect([name, await allA11yViolations(page)]).toEqual([name, []]);
  }
  const waitForText = (page: Page, selector: string, needle: string) =>
    page.waitForFunction(
      (sel, n) => Array.from(document.querySelectorAll(sel)).some((el) => (el as HTMLElement).innerText.includes(n)),
      {},
      selector,
      needle,
    );

  it('keeps the organiser pages private: sign-in for anonymous visitors, 404 for other shoppers', async () => {
    const anonymous = await app.http().get('/group/');
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.location).toBe('/login/?next=%2Fgroup%2F');
    expect((await app.http().get(`/group/new/?card=${cardId}`).set('Cookie', `gc_session=${bob.token}`)).status).toBe(
      404,
    );
  });

  it('shows a useful empty list, then starts a group card from a card', async () => {
    organiser = await open(alice.token);
    // The shop's main navigation leads to the group cards.
    await organiser.goto(`${app.baseUrl}/catalogue/`);
    await Promise.all([organiser.waitForNavigation(), organiser.click('#main-nav a[href="/group/"]')]);
    expect(await organiser.$eval('#main-nav a[aria-current="page"]', (el) => (el as HTMLElement).innerText)).toBe(
      'Group cards',
    );
    expect(await organiser.$eval('.empty-state', (el) => (el as HTMLElement).innerText)).toContain('start one here');
    await review(organiser, 'group-list-empty');
    // The empty state sends the organiser to the library, where each of their cards can start one,
    // and so can the editor's send dialog: the organiser goes that way.
    await Promise.all([organiser.waitForNavigation(), organiser.click('.empty-state a[href="/library/"]')]);
    expect(await organiser.$$(`a.group-start[href="/group/new/?card=${cardId}"]`)).toHaveLength(1);
    await Promise.all([organiser.waitForNavigation(), organiser.click(`a[href="/editor/${cardId}/"]`)]);
    await editorReady(organiser);
    await organiser.click('#open-send');
    await organiser.waitForSelector('#send-dialog[open] #send-group');
    await screenshot(organiser, 'group-editor-send-desktop');
    expect(await allA11yViolations(organiser)).toEqual([]);
    await Promise.all([organiser.waitForNavigation(), organiser.click('#send-group')]);
    expect(new URL(organiser.url()).pathname + new URL(organiser.url()).search).toBe(`/group/new/?card=${cardId}`);
    await organiser.type('#g-title', 'Good luck, Sam!');
    await organiser.type('#g-recipient', 'Sam <Jones>');
    await review(organiser, 'group-new');
    await Promise.all([organiser.waitForNavigation(), organiser.click('.group-new-form button[type="submit"]')]);
    groupPath = new URL(organiser.url()).pathname;
    expect(groupPath).toMatch(/^\/group\/[0-9a-f-]{36}\/$/);
    expect(await organiser.$eval('h1', (el) => (el as HTMLElement).innerText)).toBe('Good luck, Sam!');
    expect(await organiser.$eval('.lead', (el) => (el as HTMLElement).innerText)).toContain('For Sam <Jones>.');
    signLink = await organiser.$eval('#sign-link', (el) => (el as HTMLInputElement).value);
    expect(signLink).toMatch(/\/sign\/[A-Za-z0-9_-]{32}\/$/);
  });

  it('takes three signatures from three browsers without accounts, one with a sticker, and lets one be edited', async () => {
    const signers = [await open(null), await open(null), await open(null)];
    const messages = ['All the best!', 'We will miss you <3', 'Come back soon'];
    for (const [i, page] of signers.entries()) {
      await page.goto(signLink.replace(/^https?:\/\/[^/]+/, app.baseUrl));
      if (i === 0) await review(page, 'group-sign-empty');
      await page.type('#s-name', `Signer ${i + 1}`);
      await page.type('#s-message', messages[i]);
      if (i === 1) await page.click('input[name="sticker_id"]:not([value=""])');
      await page.click('.sign-form button[type="submit"]');
      await waitForText(page, '.my-signature', messages[i]);
    }
    // Signer 1 edits their own message from the same browser.
    const first = signers[0];
    await first.click('.my-signature a');
    await first.waitForSelector('.my-signature textarea');
    await first.click('.my-signature textarea', { count: 3 });
    await first.keyboard.down('Control');
    await first.keyboard.press('KeyA');
    await first.keyboard.up('Control');
    await first.type('.my-signature textarea', 'All the very best, Sam!');
    await first.click('.my-signature button[type="submit"]');
    await waitForText(first, '.my-signature', 'All the very best, Sam!');
    await waitForText(first, '.signature-wall', 'We will miss you <3');
    expect(await first.$eval('.signature-wall', (el) => (el as HTMLElement).innerText)).toContain('🎉');
    await review(signers[1], 'group-sign');
    // Another browser cannot change signer 1's message: it has no edit control for it.
    expect(
      await signers[2].$$eval('.my-signature', (els) => els.map((el) => (el as HTMLElement).innerText).join('\n')),
    ).not.toContain('All the very best');
    for (const page of signers) expect(pageErrors(page)).toEqual([]);
  });

  it('lets the organiser hide one message and close signing; a late signer is told who to contact', async () => {
    await organiser.goto(`${app.baseUrl}${groupPath}`);
    await waitForText(organiser, '.signature-list', 'Come back soon');
    expect(await organiser.$$eval('.signature-list > li', (els) => els.length)).toBe(3);
    const hide = await organiser.waitForSelector(
      'xpath/.//li[contains(., "Come back soon")]//button[contains(., "Hide")]',
    );
    await hide!.click();
    await organiser.waitForSelector(
      'xpath/.//li[contains(., "Come back soon")]//span[contains(@class, "badge") and contains(., "Hidden")]',
    );
    await review(organiser, 'group-organiser');
    // Close and send: an e-card to Sam from the address book, into the basket.
    await organiser.select('#send-method', 'ecard');
    const sam = await organiser.$eval(
      '#send-recipient',
      (el) => Array.from((el as HTMLSelectElement).options).find((o) => o.text.includes('Sam'))!.value,
    );
    await organiser.select('#send-recipient', sam);
    await Promise.all([organiser.waitForNavigation(), organiser.click('.group-send-form button[type="submit"]')]);
    expect(new URL(organiser.url()).pathname).toBe('/cart/');
    await waitForText(organiser, 'main', 'Good luck, Sam!');
    const late = await open(null);
    const response = await late.goto(signLink.replace(/^https?:\/\/[^/]+/, app.baseUrl));
    expect(response!.status()).toBe(410);
    expect(await late.$eval('main', (el) => (el as HTMLElement).innerText)).toContain(
      'contact the organiser, Alice Organiser',
    );
    await review(late, 'group-sign-closed');
    const stored = (
      await app
        .http()
        .get(`/api${groupPath.replace('/group/', '/group-cards/')}`)
        .set(alice.auth)
    ).body;
    expect(stored.status).toBe('closed');
    const cart = (await app.http().get('/api/orders/cart/').set(alice.auth)).body;
    expect(cart.items.map((i: { card: number; delivery_method: string }) => [i.card, i.delivery_method])).toEqual([
      [stored.basket_card_id, 'ecard'],
    ]);
    expect(stored.signatures.map((s: { message: string; status: string }) => [s.message, s.status])).toEqual([
      ['All the very best, Sam!', 'visible'],
      ['We will miss you <3', 'visible'],
      ['Come back soon', 'hidden'],
    ]);
    expect(pageErrors(organiser)).toEqual([]);
    expect(serverErrors).toEqual([]);
  });

  it('pays for the e-card; the recipient opens the e-mailed link and reads the visible signatures, in the page and the print PDF', async () => {
    await organiser.goto(`${app.baseUrl}/cart/`);
    await Promise.all([
      organiser.waitForNavigation(),
      organiser.click('#cart-panel form[action="/cart/checkout/"] button'),
    ]);
    expect(new URL(organiser.url()).pathname).toMatch(/^\/checkout\/[0-9a-f-]{36}\/$/);
    await Promise.all([organiser.waitForNavigation(), organiser.click('form[action$="/pay/"] button')]);
    expect(organiser.url()).toMatch(/\/orders\/[0-9a-f-]{36}\/\?paid=1$/);

    const [mail] = await smtp.waitFor((m) => JSON.stringify(m.to).includes('sam.jones@example.test'), 1, 20000);
    const link = /(http:\/\/127\.0\.0\.1:\d+\/cards\/view\/[A-Za-z0-9_-]+\/)/.exec(String(mail.text))?.[1];
    expect(link?.startsWith(app.baseUrl)).toBe(true);
    const recipient = await open(null);
    // Without the unfolding (tests/e2e/card-view.test.ts covers it), so both screenshots show the open card.
    await recipient.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
    await recipient.goto(link!);
    expect(await recipient.$eval('h1', (el) => (el as HTMLElement).innerText)).toBe('Good luck, Sam!');
    expect(await recipient.$$('.card-front svg, .card-front img')).toHaveLength(1);
    await recipient.click('.card-opener summary');
    await recipient.waitForSelector('.card-opener[open]');
    // The signatures are text of the inside pages' drawings; the hidden one is not there.
    const inside = await recipient.$eval('.card-inside', (el) => el.textContent ?? '');
    expect(inside).toContain('All the very best, Sam!');
    expect(inside).toContain('We will miss you <3');
    expect(inside).toContain('Signer 2');
    expect(inside).not.toContain('Come back soon');
    await review(recipient, 'group-card-view');

    const pdfPath = await recipient.$eval('.card-actions a[download]', (el) => el.getAttribute('href')!);
    const pdf = await app
      .http()
      .get(pdfPath)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect([pdf.status, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    const text = flatten((await inspectPdf(pdf.body as Buffer)).pageTexts.join(' '));
    expect(text).toContain('All the very best, Sam!');
    expect(text).toContain('We will miss you <3');
    expect(text).not.toContain('Come back soon');
    expect(pageErrors(recipient)).toEqual([]);
    expect(serverErrors).toEqual([]);
  });
});
