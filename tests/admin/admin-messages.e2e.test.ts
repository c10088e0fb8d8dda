import type { Browser, Page } from 'puppeteer-core';
import { startApp, TestApp } from '../helpers/strapi';
import { createUser } from '../helpers/users';
import { createCard } from '../helpers/order-fixtures';
import { mp3, webm } from '../helpers/media-files';
import { launchBrowser } from '../e2e/browser';
import { allA11yViolations } from '../e2e/baseline';
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

// Issue 45 item 3: an operator whose role may manage deliveries opens Greeting cards → Messages, sees the
// newest video or voice messages (card, the owner's e-mail masked, kind, length, status), removes one with
// a reason (the dialog refuses an empty one), and the message page then says it was removed and why.

const DELIVERIES = 'plugin::greeting-cards.deliveries.manage';
const MESSAGE = 'plugin::greeting-cards.media-message';

describe('admin: remove a card’s video or voice message', () => {
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

  it('lists the messages with masked owners and removes one with a required reason', async () => {
    const owner = await createUser(app.strapi, { email: `annabel.${Date.now()}@example.test` });
    const card = await createCard(app.strapi, owner, { title: 'Rude Birthday' });
    const kept = await createCard(app.strapi, owner, { title: 'Kind Birthday' });
    const http = () => app.http();
    const saved = await http()
      .post(`/editor/${card.id}/message/`)
      .set(owner.auth)
      .attach('media', mp3(7), 'voice.mp3')
      .expect(201);
    await http()
      .post(`/editor/${kept.id}/message/`)
      .set(owner.auth)
      .attach('media', webm(4, 'video'), 'clip.webm')
      .expect(201);
    await http().get(`/messages/${saved.body.token}/`).expect(200);

    const role = await createRole(app.strapi, 'Message moderator', [DELIVERIES]);
    const operator = await createPanelUser(app.strapi, role, 'Mona');
    const page = await pages.newPage();
    await logIn(page, app.baseUrl, operator, `/plugins/greeting-cards/messages`);
    await waitForText(page, 'Rude Birthday');
    await waitForText(page, 'Kind Birthday');
    const text = await mainText(page);
    // The owner's address masked; kind and length in words.
    expect(text).toContain('an***@example.test');
    expect(text).not.toContain(owner.email);
    expect(text).toContain('Voice');
    expect(text).toContain('Video');
    expect(text).toContain('7 s');
    await page.mouse.move(0, 0);
    await adminScreenshot(page, 'messages-list');
    await phoneScreenshot(page, 'messages-list');
    expect(await allA11yViolations(page, { include: ['main'] })).toEqual([]);

    await page.click('button[aria-label="Remove the message on “Rude Birthday”"]');
    await waitForDialog(page);
    await waitForText(page, 'Its file is deleted for good');
    // No reason: refused in the dialog, nothing removed.
    await clickByText(page, 'Remove message', '[role="alertdialog"] button');
    await waitForText(page, 'Give a reason: the message page shows it.');
    const row = (await app.strapi.db.query(MESSAGE).findOne({ where: { card_id: card.id } })) as {
      removed_at: string | null;
    };
    expect(row.removed_at).toBeNull();
    await page.type('[role="alertdialog"] textarea', 'Offensive language reported by the recipient');
    await adminScreenshot(page, 'messages-remove');
    await clickByText(page, 'Remove message', '[role="alertdialog"] button');
    await waitForText(page, 'The message on “Rude Birthday” is removed.');
    await waitForText(page, 'Offensive language reported by the recipient');
    // The other message is untouched and can still be removed.
    expect(await page.$('button[aria-label="Remove the message on “Kind Birthday”"]')).not.toBeNull();
    expect(await page.$('button[aria-label="Remove the message on “Rude Birthday”"]')).toBeNull();

    // The message page says so, with the reason; the file is gone.
    const messagePage = await http().get(`/messages/${saved.body.token}/`).expect(200);
    expect(messagePage.text).toContain('This message was removed by the shop.');
    expect(messagePage.text).toContain('Offensive language reported by the recipient');
    await http().get(saved.body.url).expect(404);
  });
});
