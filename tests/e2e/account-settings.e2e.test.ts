import fs from 'fs';
import path from 'path';
import type { Browser, BrowserContext, Page } from 'puppeteer-core';
import type { ParsedMail } from 'mailparser';
import { startApp, TestApp, QUIET_APP } from '../helpers/strapi';
import { startSmtpCapture, SmtpCapture } from '../helpers/smtp';
import { createUser } from '../helpers/users';
import { freePort, launchBrowser, SCREENSHOT_DIR } from './browser';
import { allA11yViolations } from './baseline';

// Issue 42 item 3 in real Chromium, in English and in German: a shopper signs in on two browsers,
// changes their e-mail address on the account page (the link arrives at the new address, the old one
// is told), changes their password (the other browser is signed out) and their e-mail choices.
// Screenshots at 1280 and 390 px; axe-core on every page of the journey.

const PASSWORD = 'correct-horse-battery';
const WIDTHS = { desktop: { width: 1280, height: 900 }, phone: { width: 390, height: 844 } };

describe('account page (Chromium)', () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let browser: Browser;
  let base: string;
  const serverErrors: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await startApp({ ...QUIET_APP, ...smtp.env, PORT: String(port), SERVICE_PUBLIC_URL: base });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await smtp?.stop();
  });

  const to = (m: ParsedMail) => (m.to as { text: string } | undefined)?.text ?? '';

  async function newPage(context: BrowserContext): Promise<Page> {
    const page = await context.newPage();
    // Only so the test can inject axe-core; the pages run under Strapi's CSP unchanged.
    await page.setBypassCSP(true);
    await page.setViewport(WIDTHS.desktop);
    page.setDefaultTimeout(15000);
    page.on('response', (r) => {
      if (r.status() >= 500) serverErrors.push(`${r.status()} ${r.url()}`);
    });
    return page;
  }

  /** Screenshots at both widths (nothing may stick out sideways on the phone) and axe-core. */
  async function review(page: Page, name: string) {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    for (const [kind, size] of Object.entries(WIDTHS)) {
      await page.setViewport(size);
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `${name}-${kind}.png`) as `${string}.png`,
        fullPage: true,
      });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect([name, kind, overflow]).toEqual([name, kind, 0]);
    }
    await page.setViewport(WIDTHS.desktop);
    expect([name, await allA11yViolations(page)]).toEqual([name, []]);
  }

  async function submit(page: Page, selector: string) {
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click(selector)]);
  }

  async function signIn(page: Page, email: string, password: string, locale: string) {
    await page.goto(`${base}/login/?locale=${locale}`, { waitUntil: 'load' });
    await page.type('#identifier', email);
    await page.type('#password', password);
    await submit(page, 'form[action$="/login/"] button[type="submit"]');
  }

  const toastText = (page: Page) => page.$eval('.toast', (el) => (el as HTMLElement).innerText);

  it.each([
    [
      'en',
      {
        changed: 'Your account now uses',
        pwDone: 'Your password is changed',
        prefsDone: 'e-mail choices are saved',
        wrong: 'Your current password is not correct.',
      },
    ],
    [
      'de',
      {
        changed: 'Dein Konto verwendet jetzt',
        pwDone: 'Dein Passwort ist geändert',
        prefsDone: 'E-Mail-Auswahl ist gespeichert',
        wrong: 'Dein aktuelles Passwort stimmt nicht.',
      },
    ],
  ])('changes e-mail, password and choices in %s', async (locale, texts) => {
    const user = await createUser(app.strapi);
    const here = await browser.createBrowserContext();
    const there = await browser.createBrowserContext();
    try {
      const page = await newPage(here);
      const other = await newPage(there);
      await signIn(page, user.email, PASSWORD, locale);
      await signIn(other, user.email, PASSWORD, locale);

      // The navigation leads to the account page.
      await page.goto(`${base}/catalogue/`, { waitUntil: 'load' });
      await submit(page, '#main-nav a[href="/account/"]');
      expect(new URL(page.url()).pathname).toBe('/account/');
      expect(await page.$eval('html', (el) => el.lang)).toBe(locale);
      await review(page, `account-${locale}`);

      // A wrong password is refused beside its field.
      const newEmail = `moved-${locale}-${user.id}@example.test`;
      await page.type('#new-email', newEmail);
      await page.type('#email-current-password', 'not-my-password');
      await submit(page, 'form[action$="/account/email/"] button[type="submit"]');
      expect(await page.$eval('#email-current-password-error', (el) => (el as HTMLElement).innerText)).toBe(
        texts.wrong,
      );
      expect(await page.$eval('#new-email', (el) => (el as HTMLInputElement).value)).toBe(newEmail);
      await review(page, `account-error-${locale}`);

      // The e-mail address: the link goes to the new address; nothing changes until it is opened.
      await page.type('#email-current-password', PASSWORD);
      await submit(page, 'form[action$="/account/email/"] button[type="submit"]');
      expect(await toastText(page)).toContain(newEmail);
      const [link] = await smtp.waitFor((m) => to(m) === newEmail);
      const url = /(http:\/\/127\.0\.0\.1:\d+\/account\/email\/[A-Za-z0-9_-]+\/)/.exec(String(link.text))![1];
      await page.goto(url, { waitUntil: 'load' });
      await review(page, `account-email-confirm-${locale}`);
      await submit(page, 'main form button[type="submit"]');
      expect(await page.$eval('main', (el) => (el as HTMLElement).innerText)).toContain(`${texts.changed} ${newEmail}`);
      const [notice] = await smtp.waitFor((m) => to(m) === user.email);
      expect(notice.text).toContain(newEmail);

      // The password: this browser stays signed in, the other one is signed out.
      await page.goto(`${base}/account/`, { waitUntil: 'load' });
      await page.type('#password-current-password', PASSWORD);
      await page.type('#new-password', 'a-brand-new-secret');
      await submit(page, 'form[action$="/account/password/"] button[type="submit"]');
      expect(new URL(page.url()).pathname).toBe('/account/');
      expect(await toastText(page)).toContain(texts.pwDone);
      await other.goto(`${base}/account/`, { waitUntil: 'load' });
      expect(new URL(other.url()).pathname).toBe('/login/');
      await signIn(other, newEmail, 'a-brand-new-secret', locale);
      expect(new URL(other.url()).pathname).not.toBe('/login/');

      // E-mail choices: one box ticked, stored with its wording.
      await page.click('#pref-marketing');
      await page.click('#pref-reminders');
      await submit(page, 'form[action$="/account/preferences/"] button[type="submit"]');
      expect(await toastText(page)).toContain(texts.prefsDone);
      expect(await page.$eval('#pref-marketing', (el) => (el as HTMLInputElement).checked)).toBe(true);
      expect(await page.$eval('#pref-group_invitations', (el) => (el as HTMLInputElement).checked)).toBe(false);
      await review(page, `account-saved-${locale}`);
      const consents = await app.strapi.db
        .query('plugin::greeting-cards.account-consent')
        .findMany({ where: { user_id: user.id, granted: true } });
      expect(consents.map((c: { topic: string; locale: string }) => `${c.topic}:${c.locale}`).sort()).toEqual([
        `marketing:${locale}`,
        `reminders:${locale}`,
      ]);
    } finally {
      await here.close();
      await there.close();
    }
    expect(serverErrors).toEqual([]);
  });
});
