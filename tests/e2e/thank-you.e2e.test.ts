import fs from 'fs';
import path from 'path';
import type { Browser, Page } from 'puppeteer-core';
import { startApp, TestApp } from '../helpers/strapi';
import { startSmtpCapture, SmtpCapture } from '../helpers/smtp';
import { createUser, TestUser } from '../helpers/users';
import { createCard, createRecipient, deliveriesOf } from '../helpers/order-fixtures';
import { design, fulfilment } from '../fulfilment/helpers';
import { launchBrowser, pageErrors, signedInPage } from './editor-browser';
import { SCREENSHOT_DIR } from './browser';
import { allA11yViolations } from './baseline';

// Issue 45 item 5, a thank-you back, in real Chromium: the recipient opens the e-card's view page,
// types a reply and picks a sticker as a person does (keyboard and clicks, no script on the page), sends
// it, and sees it; a blank reply comes back with its problem marked. English on a 1280 px desktop,
// German on a 390 px phone; the sender then finds the reply on the order page and in the library.
// Screenshots: .tmp/screenshots/thank-you-*.png (whole pages).
jest.setTimeout(240_000);

describe('the recipient sends a thank-you back from the view page', () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let browser: Browser;
  let sender: TestUser;
  const bought: Array<{ uuid: string; token: string }> = [];

  async function shot(page: Page, name: string) {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    // From the top: a whole-page picture taken further down would draw the sticky header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) as `${string}.png`, fullPage: true });
  }
  async function recipientPage(width: number, language: string): Promise<Page> {
    const page = await signedInPage(browser, app.baseUrl, null, {
      width,
      height: width > 500 ? 900 : 844,
      ...(width > 500 ? {} : { isMobile: true, hasTouch: true }),
    });
    await page.setBypassCSP(true);
    await page.setExtraHTTPHeaders({ 'Accept-Language': language });
    return page;
  }
  const text = (page: Page, selector: string) => page.$eval(selector, (e) => (e as HTMLElement).innerText.trim());

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startApp({ ...smtp.env, SERVICE_SEED_SAMPLE_DATA: 'true', SERVICE_RENDERER: 'memory' });
    sender = await createUser(app.strapi, { first_name: 'Sam', last_name: 'Jones' });
    for (const [first, email] of [
      ['Ada', 'ada@example.test'],
      ['Jonas', 'jonas@example.test'],
    ]) {
      const card = await createCard(app.strapi, sender, {
        title: `For ${first}`,
        canvas_data: design('Happy birthday!'),
        inside_message: `Dear ${first},\nhave a wonderful day!`,
      });
      const recipient = await createRecipient(app.strapi, sender, { first_name: first, last_name: 'Reader', email });
      await app
        .http()
        .post('/api/orders/add_to_cart/')
        .set(sender.auth)
        .send({ card_id: card.id, recipient_id: recipient.id })
        .expect(200);
      const cart = (await app.http().get('/api/orders/cart/').set(sender.auth).expect(200)).body;
      await app.http().post(`/api/orders/${cart.uuid}/checkout/`).set(sender.auth).send({}).expect(200);
      await app.http().post(`/api/orders/${cart.uuid}/pay/`).set(sender.auth).send({}).expect(200);
      await fulfilment(app.strapi).drain();
      const [delivery] = await deliveriesOf(app.strapi, cart.uuid);
      bought.push({ uuid: cart.uuid, token: delivery.view_token });
    }
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await smtp?.stop();
  });

  it('English, 1280 px: types a reply, picks a sticker with the keyboard, sends it and sees it', async () => {
    const page = await recipientPage(1280, 'en');
    await page.goto(`${app.baseUrl}/cards/view/${bought[0].token}/`, { waitUntil: 'load' });
    expect(await text(page, '#reply-heading')).toBe('Say thank you');
    expect(await text(page, '.reply-intro')).toBe('Send Sam Jones a short reply. It goes to them by e-mail.');
    await page.$eval('#reply', (e) => e.scrollIntoView());
    await shot(page, 'thank-you-form-en-desktop');

    await page.click('#reply-message');
    await page.keyboard.type('Thank you so much, Sam! The card made my day.\nSee you soon,\nAda', { delay: 5 });
    // The stickers are radio tiles: Tab into the group, then arrow keys, as a keyboard user picks one.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe('sticker_id');
    await page.keyboard.press('ArrowRight');
    const picked = await page.$eval('input[name="sticker_id"]:checked', (e) => ({
      value: (e as HTMLInputElement).value,
      name: (e.closest('label') as HTMLElement).title,
    }));
    expect(picked.value).not.toBe('');
    await shot(page, 'thank-you-typed-en-desktop');
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('.reply-form button[type="submit"]')]);

    expect(new URL(page.url()).search).toBe('?reply=sent');
    expect(await text(page, '.reply-notice')).toBe('Thank you! Your reply is on its way to Sam Jones.');
    expect(await text(page, '#reply-heading')).toBe('Your reply');
    expect(await text(page, '.reply-message')).toBe(
      'Thank you so much, Sam! The card made my day.\nSee you soon,\nAda',
    );
    expect(await page.$eval('.reply-sticker', (e) => e.getAttribute('aria-label'))).toBe(`Sticker: ${picked.name}`);
    expect(await text(page, '.reply-when')).toMatch(/^You can change it until /);
    // The form to change it is folded away until asked for.
    expect(await page.$eval('.reply-edit', (e) => (e as HTMLDetailsElement).open)).toBe(false);
    // The panel sits in view, in the page's column, under the card.
    const panel = await page.$eval('.reply-panel', (e) => e.getBoundingClientRect().toJSON());
    expect(panel.width).toBeLessThanOrEqual(640);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await shot(page, 'thank-you-sent-en-desktop');
    expect(await allA11yViolations(page)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);

    const [mail] = await smtp.waitFor((m) => String(m.subject).includes('replied to your card'), 1);
    expect(mail.subject).toBe('Ada Reader replied to your card');
    expect(mail.text).toContain('> Thank you so much, Sam! The card made my day.');
  });

  it('German, 390 px: a blank reply comes back marked, then the typed one goes', async () => {
    const page = await recipientPage(390, 'de');
    await page.goto(`${app.baseUrl}/cards/view/${bought[1].token}/`, { waitUntil: 'load' });
    expect(await text(page, '#reply-heading')).toBe('Danke sagen');
    await page.$eval('#reply', (e) => e.scrollIntoView());
    await shot(page, 'thank-you-form-de-phone');
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.tap('.reply-form button[type="submit"]')]);
    expect(await text(page, '#message-error')).not.toBe('');
    expect(await page.$eval('#reply-message', (e) => e.getAttribute('aria-invalid'))).toBe('true');
    await page.$eval('#reply', (e) => e.scrollIntoView());
    await shot(page, 'thank-you-error-de-phone');

    await page.tap('#reply-message');
    await page.keyboard.type('Vielen Dank, Sam! Ich habe mich riesig gefreut.', { delay: 5 });
    await page.tap('.sticker-choice .tile:nth-child(3)');
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.tap('.reply-form button[type="submit"]')]);
    expect(await text(page, '.reply-notice')).toBe('Danke! Deine Antwort ist unterwegs zu Sam Jones.');
    expect(await text(page, '.reply-message')).toBe('Vielen Dank, Sam! Ich habe mich riesig gefreut.');
    expect(await text(page, '.reply-when')).toMatch(/^Du kannst sie bis /);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.$eval('#reply', (e) => e.scrollIntoView());
    await shot(page, 'thank-you-sent-de-phone');

    // Changing it within the day: open "Antwort ändern", edit, save.
    await page.tap('.reply-edit summary');
    await page.tap('#reply-message');
    await page.keyboard.down('Control');
    await page.keyboard.press('End');
    await page.keyboard.up('Control');
    await page.keyboard.type(' Bis bald!', { delay: 5 });
    await shot(page, 'thank-you-edit-de-phone');
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.tap('.reply-form button[type="submit"]')]);
    expect(await text(page, '.reply-notice')).toBe('Deine Antwort wurde geändert.');
    expect(await text(page, '.reply-message')).toBe('Vielen Dank, Sam! Ich habe mich riesig gefreut. Bis bald!');
    expect(await allA11yViolations(page)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
  });

  it('the sender sees the replies on the order page and in the library (1280 and 390 px)', async () => {
    for (const width of [1280, 390]) {
      const page = await signedInPage(browser, app.baseUrl, sender.token, {
        width,
        height: 900,
        ...(width > 500 ? {} : { isMobile: true, hasTouch: true }),
      });
      await page.setBypassCSP(true);
      await page.goto(`${app.baseUrl}/orders/${bought[0].uuid}/`, { waitUntil: 'load' });
      expect(await text(page, '.reply-snippet')).toContain('Ada Reader replied');
      expect(await text(page, '.reply-snippet blockquote')).toContain('Thank you so much, Sam!');
      await shot(page, `thank-you-order-${width}`);
      await page.goto(`${app.baseUrl}/library/?type=sent`, { waitUntil: 'load' });
      const snippets = await page.$$eval('.library-card .reply-snippet', (els) =>
        els.map((e) => (e as HTMLElement).innerText),
      );
      expect(snippets.join('\n')).toContain('Bis bald!');
      expect(snippets.join('\n')).toContain('Thank you so much, Sam!');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await shot(page, `thank-you-library-${width}`);
      expect(await allA11yViolations(page)).toEqual([]);
      await page.close();
    }
  });
});
