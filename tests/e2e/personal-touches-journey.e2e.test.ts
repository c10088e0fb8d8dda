import type { ParsedMail } from 'mailparser';
import type { Browser, Page } from 'puppeteer-core';
import { startApp, type TestApp } from '../helpers/strapi';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp';
import { createUser, type TestUser } from '../helpers/users';
import { deliveriesOf } from '../helpers/order-fixtures';
import { ShopAddress } from '../helpers/fake-print-provider';
import { startFakeProdigi, type FakeProdigi } from '../helpers/fake-prodigi';
import { startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai';
import { flatten, inspectPdf } from '../helpers/pdf';
import { qrOn } from '../helpers/qr';
import { until } from '../fulfilment/helpers';
import { allA11yViolations } from './baseline';
import { freePort } from './browser';
import { launchBrowser, layersAre, recordMessage, saveMessage, saveStatus, startCard } from './editor-browser';
import { checkoutAndPay, productionEnv, sendFromEditor, shotsAtWidths, signIn, visitorPage, WIDTHS } from './journey';

// Issue 45, "Done when", as one journey on a production boot (NODE_ENV=production, the built plugin, its
// own secrets, the real renderer) with every e-mail caught by a real SMTP server, the posted card printed
// by the fake Prodigi and the AI suggestion written by a fake OpenAI-compatible server. In real Chromium
// with a fake microphone: the shopper asks the editor's Ideas panel for a message and puts it inside the
// card, writes on the inside by hand with the mouse, records a voice message, and sends the card as an
// e-card in a chosen envelope and as a posted card (demo payment). The recipient opens the link from the
// e-mail, opens the envelope with Enter, plays the message and replies; the reply reaches the sender by
// e-mail and shows on the order page and in the library. The printer's PDF of the posted card carries a
// QR code that reads back as the message page's address; with reduced motion the card shows with no
// envelope step. Each feature's own tests cover its pages in both languages; this one walks them together.
// Screenshots: .tmp/screenshots/personal-*.png at 1280 and 390 px.
jest.setTimeout(300_000);

const AI_KEY = 'sk-journey-0123456789abcdef';
const AI_IDEA = 'Happy birthday, Ada! May this year bring you music, sunshine and cake.';
const RECIPIENT = { first: 'Ada', last: 'Byron', email: 'ada.personal@example.test' };
const REPLY = 'Thank you, Sam! I played your message three times. See you on Sunday, Ada';
const CALLBACK_SECRET = 'test-callback-secret-0123456789abcdef';

describe('cards that feel personal: an idea, handwriting and a voice message, opened from an envelope and answered', () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let prodigi: FakeProdigi;
  let ai: FakeOpenAi;
  let browser: Browser;
  let base: string;
  let sender: TestUser;
  const serverErrors: string[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    ai = await startFakeOpenAi(AI_KEY);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const shop = new ShopAddress(base);
    prodigi = await startFakeProdigi('prodigi-test-key', shop);
    app = await startApp({
      ...productionEnv(port),
      ...smtp.env,
      // The curated catalogue: templates, message ideas and envelopes.
      SERVICE_SEED_SAMPLE_DATA: 'true',
      SERVICE_AI_BASE_URL: ai.baseUrl,
      SERVICE_AI_API_KEY: AI_KEY,
      SERVICE_AI_MODEL: 'tiny-writer',
      SERVICE_POSTAL_PROVIDER: 'prodigi',
      SERVICE_PRODIGI_API_KEY: 'prodigi-test-key',
      SERVICE_PRODIGI_API_BASE: prodigi.url,
      SERVICE_PRODIGI_SKU_MAP: '{"card":"GLOBAL-GRE-TEST-A5"}',
      SERVICE_POSTAL_CALLBACK_SECRET: CALLBACK_SECRET,
    });
    shop.listenOn(app.baseUrl);
    sender = await createUser(app.strapi, { first_name: 'Sam', last_name: 'Jones' });
    browser = await launchBrowser({ fakeMedia: true });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await prodigi?.close();
    await ai?.close();
    await smtp?.stop();
  });

  const to = (address: string) => (m: ParsedMail) => JSON.stringify(m.to ?? '').includes(address);
  const text = (page: Page, selector: string) => page.$eval(selector, (e) => (e as HTMLElement).innerText.trim());
  const shots = (page: Page, name: string) => shotsAtWidths(page, 'personal', name);
  /** axe-core's findings of every severity on the whole page: none expected. */
  const axe = async (page: Page, name: string) => expect([name, await allA11yViolations(page)]).toEqual([name, []]);
  /** Whether an element is laid out and visible. */
  const shown = (page: Page, selector: string) =>
    page.evaluate((s) => {
      const e = document.querySelector(s);
      if (!e) return false;
      const box = e.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && e.checkVisibility({ visibilityProperty: true });
    }, selector);

  let orderUuid = '';
  let cardId = 0;
  let viewUrl = '';
  let replied = false;
  /** A later step stops at once when the step it builds on failed (instead of waiting out its timeouts). */
  const after = (done: unknown, step: string) => {
    if (!done) throw new Error(`not run: ${step} failed`);
  };

  it('the shopper puts an AI idea inside, writes by hand, records a voice message, and sends it two ways', async () => {
    const page = await visitorPage(await browser.createBrowserContext(), serverErrors, pageErrors);
    await signIn(page, base, sender.email, 'correct-horse-battery');
    cardId = await startCard(page, `${base}/editor/template/balloon-party/`);

    // The Ideas panel on the inside right: the birthday ideas, then one the AI service writes for Ada.
    await page.click('.ed-page[data-page="inside_right"]');
    await page.click('#ideas-toggle');
    await page.waitForSelector('#ideas-list .ed-idea');
    expect(await page.$eval('#ideas-occasion', (e) => (e as HTMLSelectElement).value)).toBe('birthday');
    expect((await page.$$('#ideas-list .ed-idea')).length).toBeGreaterThanOrEqual(8);
    await page.type('#ideas-first-name', 'Ada');
    ai.answers.push(`**${AI_IDEA}**`);
    await page.click('#ideas-ai');
    await page.waitForFunction(
      (idea) => document.querySelector('#ideas-list .ed-idea')?.textContent === idea,
      {},
      AI_IDEA,
    );
    const said = JSON.stringify(ai.completions().at(-1).messages);
    expect(said).toContain("Occasion: birthday. Tone: warm. Recipient's first name: Ada.");
    expect(said).not.toContain(sender.email);
    await page.click('#ideas-list .ed-idea');
    expect(await text(page, '#ideas-status')).toBe('Added to the Inside right.');

    // By hand, under the message: the pen, then a wave with the mouse.
    await page.click('#pen');
    await page.waitForFunction(() => document.getElementById('pen')?.getAttribute('aria-pressed') === 'true');
    await page.$eval('#canvas-wrap', (e) => e.scrollIntoView({ block: 'start' }));
    const box = await page.$eval('#canvas-wrap .upper-canvas', (e) => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y, zoom: r.width / 600 };
    });
    const wave = Array.from({ length: 20 }, (_, i) => ({
      x: box.x + (180 + i * 12) * box.zoom,
      y: box.y + (640 + Math.sin(i / 2) * 25) * box.zoom,
    }));
    await page.mouse.move(wave[0].x, wave[0].y);
    await page.mouse.down();
    for (const p of wave.slice(1)) await page.mouse.move(p.x, p.y, { steps: 2 });
    await page.mouse.up();
    await page.click('#pen');
    // (The layers list shortens a long text to its first 28 characters.)
    await layersAre(page, ['Handwriting', `Text: ${AI_IDEA.slice(0, 28)}...`]);
    await saveStatus(page, 'Saved');

    // A voice message from the fake microphone.
    await page.$eval('#media-message', (e) => e.scrollIntoView());
    await recordMessage(page, '#media-record-audio', 2);
    await saveMessage(page, /^Message saved \(\d+ s\)\.$/);

    const card = (await app.http().get(`/api/cards/${cardId}/`).set(sender.auth).expect(200)).body;
    expect(card.canvas_data.pages.inside_right.objects).toEqual([
      expect.objectContaining({ type: 'textbox', text: AI_IDEA }),
      expect.objectContaining({ type: 'path' }),
    ]);

    // An e-card in the midnight blue envelope, and the same card posted: one order, paid (demo).
    await sendFromEditor(page, RECIPIENT, 'ecard', { envelope: 'Midnight blue' });
    await page.goto(`${base}/editor/${cardId}/`, { waitUntil: 'load' });
    await page.waitForSelector('#editor[data-ready="true"]');
    await sendFromEditor(
      page,
      { first: 'Grace', last: 'Hopper', line1: '1 Harbour Row', city: 'Bristol', postcode: 'BS1 4DJ' },
      'post',
    );
    orderUuid = await checkoutAndPay(page, base);
    await page.close();
  });

  it('the recipient opens the e-mail’s link, opens the envelope with Enter, plays the message and replies', async () => {
    after(orderUuid, 'the shopper’s order');
    const [mail] = await smtp.waitFor(to(RECIPIENT.email), 1, 60_000);
    const link = new RegExp(`${base.replace(/\./g, '\\.')}/cards/view/[^\\s"<>]+`).exec(mail.text ?? '');
    expect(link).not.toBeNull();
    viewUrl = link![0];
    const page = await visitorPage(await browser.createBrowserContext(), serverErrors, pageErrors);
    await page.goto(viewUrl, { waitUntil: 'load' });

    // The envelope the sender chose, closed; the card waits under it.
    await page.waitForSelector('.envelope-stage .envelope');
    expect(await page.$eval('.envelope-stage', (e) => (e as HTMLElement).style.getPropertyValue('--env'))).toBe(
      '#1f2e4d',
    );
    expect(await shown(page, '.card-book')).toBe(false);
    await shots(page, 'envelope');
    await axe(page, 'envelope');
    await page.focus('.envelope');
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () =>
        !document.querySelector('.envelope-stage') &&
        document.querySelector('.card-view')!.classList.contains('envelope-opened') &&
        document.activeElement === document.querySelector('.card-book'),
    );
    // Settled (for the pictures): the card's own animation has ended.
    await page.waitForFunction(() =>
      document
        .querySelector('.card-book')!
        .getAnimations()
        .every((a) => a.playState === 'finished'),
    );

    // Inside: the AI's words and the handwriting, drawn by the real renderer.
    await page.click('.card-opener summary');
    await page.waitForSelector('.card-opener[open]');
    const inside = await page.$eval('.card-inside-right svg', (svg) => ({
      text: svg.textContent?.replace(/\s+/g, ' ') ?? '',
      paths: svg.querySelectorAll('path').length,
    }));
    expect(inside.text).toContain('Happy birthday, Ada!');
    expect(inside.paths).toBeGreaterThan(0);
    // Unfolded (for the pictures).
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.card-inside-left, .card-inside-right')].every((e) =>
        e.getAnimations().every((a) => a.playState === 'finished'),
      ),
    );

    // The voice message plays when its play button is pressed: the browser decodes what the editor stored.
    await page.$eval('.media-message audio', (el) => {
      const audio = el as HTMLAudioElement;
      audio.addEventListener('playing', () => (audio.dataset.playing = 'yes'));
      audio.addEventListener('timeupdate', () => {
        if (audio.currentTime > 0.3) audio.dataset.heard = 'yes';
      });
    });
    await page.$eval('.media-message audio', (e) => e.scrollIntoView({ block: 'center' }));
    const player = (await (await page.$('.media-message audio'))!.boundingBox())!;
    // The native player's play button sits at its left end.
    await page.mouse.click(player.x + 20, player.y + player.height / 2);
    await page.waitForSelector('.media-message audio[data-playing="yes"][data-heard="yes"]', { timeout: 20_000 });
    await page.$eval('.media-message audio', (a) => (a as HTMLAudioElement).pause());
    await page.$eval('.media-message', (e) => e.scrollIntoView());
    await shots(page, 'opened-with-player');
    await axe(page, 'opened card');

    // A thank-you back: 1 to 500 characters.
    expect(await page.$eval('#reply-message', (e) => (e as HTMLTextAreaElement).maxLength)).toBe(500);
    await page.click('#reply-message');
    await page.keyboard.type(REPLY);
    await shots(page, 'reply-form');
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('.reply-form button[type="submit"]')]);
    expect(new URL(page.url()).search).toBe('?reply=sent');
    expect(await text(page, '.reply-notice')).toBe('Thank you! Your reply is on its way to Sam Jones.');
    expect(await text(page, '.reply-message')).toBe(REPLY);
    replied = true;
    await axe(page, 'reply sent');
    await page.close();
  });

  it('the sender gets the reply by e-mail and sees it on the order page and in the library', async () => {
    after(replied, 'the recipient’s reply');
    const [mail] = await smtp.waitFor(
      (m) => to(sender.email)(m) && String(m.subject).endsWith('replied to your card'),
      1,
      30_000,
    );
    expect(mail.subject).toBe('Ada Byron replied to your card');
    expect(flatten(mail.text ?? '')).toContain(`> ${REPLY}`);

    const page = await visitorPage(await browser.createBrowserContext(), serverErrors, pageErrors);
    await signIn(page, base, sender.email, 'correct-horse-battery');
    await page.goto(`${base}/orders/${orderUuid}/`, { waitUntil: 'load' });
    expect(await text(page, '.reply-snippet')).toContain('Ada Byron replied');
    expect(await text(page, '.reply-snippet blockquote')).toBe(REPLY);
    await page.goto(`${base}/library/?type=sent`, { waitUntil: 'load' });
    expect(
      await page.$$eval('.library-card .reply-snippet blockquote', (els) => els.map((e) => e.textContent)),
    ).toEqual([REPLY]);
    await shots(page, 'library');
    await page.close();
  });

  it('the printer’s PDF of the posted card carries a QR code of the message page, which plays it', async () => {
    after(orderUuid, 'the shopper’s order');
    const posted = (await deliveriesOf(app.strapi, orderUuid)).find(
      (d: { order_item: { delivery_method: string } }) => d.order_item.delivery_method === 'post',
    );
    await until(
      async () => prodigi.created().length,
      (n) => n > 0,
      60_000,
    );
    const pdf = prodigi.printFileOf(posted.id);
    const message = await app.strapi.db
      .query('plugin::greeting-cards.media-message' as never)
      .findOne({ where: { card_id: cardId } });
    const messageUrl = `${base}/messages/${message.token}/`;
    expect(await qrOn(pdf, 4)).toBe(messageUrl);
    expect(flatten((await inspectPdf(pdf)).pageTexts[3])).toContain('Scan to play your message');

    const page = await visitorPage(await browser.createBrowserContext(), serverErrors, pageErrors);
    await page.goto(messageUrl, { waitUntil: 'load' });
    expect(await text(page, 'h1')).toBe('A message for you');
    await page.waitForFunction(() => (document.querySelector('audio')?.readyState ?? 0) >= 1);
    await shots(page, 'message-page');
    await axe(page, 'message page');
    await page.close();
  });

  it('with reduced motion, the card shows at once, with no envelope step', async () => {
    after(viewUrl, 'the e-card’s e-mail');
    const page = await visitorPage(await browser.createBrowserContext(), serverErrors, pageErrors);
    await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
    await page.goto(viewUrl, { waitUntil: 'load' });
    await page.waitForFunction(() => document.querySelector('.card-view')!.classList.contains('envelope-settled'));
    expect(await page.$('.envelope-stage')).toBeNull();
    expect(await shown(page, '.card-front svg')).toBe(true);
    expect(await shown(page, '.media-message audio')).toBe(true);
    await page.setViewport(WIDTHS[1]);
    expect(await shown(page, '.card-front svg')).toBe(true);
    await page.close();
    expect(serverErrors).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
