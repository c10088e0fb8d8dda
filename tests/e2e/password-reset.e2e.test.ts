import path from 'path';
import type { Browser, Page } from 'puppeteer-core';
import type { ParsedMail } from 'mailparser';
import { startApp, TestApp, QUIET_APP } from '../helpers/strapi';
import { startSmtpCapture, SmtpCapture } from '../helpers/smtp';
import { createUser, TestUser } from '../helpers/users';
import { freePort, launchBrowser, screenshots, SCREENSHOT_DIR } from './browser';
import { allA11yViolations } from './baseline';

// Issue 42, items 1 and 2 in real Chromium with the e-mails caught by a real SMTP server:
// forgot → e-mail → reset → signed in (English), and register with confirmation on → sign-in offers
// the link again → confirm → signed in (German). Every page is looked at on a desktop and a phone,
// and axe-core finds nothing, at any severity.
describe('password reset and e-mail confirmation (Chromium)', () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let browser: Browser;
  let page: Page;
  let base: string;
  let shopper: TestUser;
  const serverErrors: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await startApp({ ...QUIET_APP, ...smtp.env, PORT: String(port), SERVICE_PUBLIC_URL: base });
    shopper = await createUser(app.strapi, { username: 'Robin Forgetful' });
    browser = await launchBrowser();
    page = await browser.newPage();
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

  const to = (m: ParsedMail) => (m.to as { text: string }).text;
  const text = (selector: string) => page.$eval(selector, (el) => (el as HTMLElement).innerText);
  const linkIn = (mail: ParsedMail, pagePath: string) => {
    const match = new RegExp(`(${base.replace(/\./g, '\\.')}${pagePath}\\?\\w+=[^\\s"<]+)`).exec(mail.text ?? '');
    if (!match) throw new Error(`no ${pagePath} link in: ${mail.text}`);
    return match[1];
  };

  async function review(name: string) {
    await screenshots(page, name);
    // The phone width of the issue too (the helper's phone is 360 px).
    await page.setViewport({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-390.png`) as `${string}.png`, fullPage: true });
    await page.setViewport({ width: 1280, height: 800 });
    expect([name, await allA11yViolations(page)]).toEqual([name, []]);
  }

  async function clickAndNavigate(selector: string) {
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click(selector)]);
  }

  it('forgot → e-mail → reset → signed in, and the link works once (English)', async () => {
    await page.setExtraHTTPHeaders({ 'Accept-Language': 'en-GB,en;q=0.9' });
    await page.goto(`${base}/login/`, { waitUntil: 'load' });
    await clickAndNavigate('a[href="/forgot-password/"]');
    expect(await text('h1')).toBe('Reset your password');
    await review('reset-forgot-en');
    await page.type('#email', shopper.email);
    await clickAndNavigate('form[action="/forgot-password/"] button[type="submit"]');
    expect(await text('h1')).toBe('Check your e-mail');
    expect(await text('main')).toContain(shopper.email);
    await review('reset-sent-en');

    const [mail] = await smtp.waitFor((m) => to(m) === shopper.email && m.subject === 'Reset your password');
    const link = linkIn(mail, '/reset-password/');
    await page.goto(link, { waitUntil: 'load' });
    expect(await text('h1')).toBe('Choose a new password');
    await review('reset-form-en');
    await page.type('#password', 'short');
    await clickAndNavigate('form[action="/reset-password/"] button[type="submit"]');
    expect(await text('#password-error')).toContain('Use at least 8 characters.');
    await page.$eval('#password', (el) => ((el as HTMLInputElement).value = ''));
    await page.type('#password', 'a-brand-new-password');
    await clickAndNavigate('form[action="/reset-password/"] button[type="submit"]');
    expect(new URL(page.url()).pathname).toBe('/library/');
    expect(await text('header')).toContain('Sign out');

    // The same link again, now signed in or not: it says plainly that it has been used.
    await page.goto(link, { waitUntil: 'load' });
    expect(await text('h1')).toBe('This link no longer works');
    await review('reset-used-en');
    expect(serverErrors).toEqual([]);
  });

  it('register with confirmation on → "send the link again" → confirm → signed in (German)', async () => {
    const store = app.strapi.store({ type: 'plugin', name: 'users-permissions' });
    const advanced = (await store.get({ key: 'advanced' })) as Record<string, unknown>;
    await store.set({ key: 'advanced', value: { ...advanced, email_confirmation: true } });
    const fresh = await browser.createBrowserContext();
    page = await fresh.newPage();
    await page.setBypassCSP(true);
    page.setDefaultTimeout(15000);
    await page.setExtraHTTPHeaders({ 'Accept-Language': 'de-DE,de;q=0.9' });
    const email = 'neue.kundin@example.test';

    await page.goto(`${base}/register/`, { waitUntil: 'load' });
    await page.type('#email', email);
    await page.type('#username', 'Neue Kundin');
    await page.type('#password', 'ein-langes-passwort');
    await clickAndNavigate('form[action="/register/"] button[type="submit"]');
    expect(await text('h1')).toBe('Schau in dein E-Mail-Postfach');
    await review('confirm-check-de');
    await smtp.waitFor((m) => to(m) === email && m.subject === 'Bestätige deine E-Mail-Adresse');

    // Signing in before confirming offers the link again.
    await page.goto(`${base}/login/`, { waitUntil: 'load' });
    await page.type('#identifier', email);
    await page.type('#password', 'ein-langes-passwort');
    await clickAndNavigate('form[action="/login/"] button[type="submit"]');
    expect(await text('.form-alert')).toContain('bestätige');
    await review('confirm-unconfirmed-de');
    await clickAndNavigate('form[action="/confirm-email/resend/"] button[type="submit"]');
    expect(await text('main')).toContain('neuen Link');
    const mails = await smtp.waitFor((m) => to(m) === email && m.subject === 'Bestätige deine E-Mail-Adresse', 2);

    await page.goto(linkIn(mails[1], '/confirm-email/'), { waitUntil: 'load' });
    expect(new URL(page.url()).pathname).toBe('/catalogue/');
    expect(await text('header')).toContain('Abmelden');
    // The first link was replaced by the second.
    await page.goto(linkIn(mails[0], '/confirm-email/'), { waitUntil: 'load' });
    expect(await text('h1')).toBe('Dieser Bestätigungslink funktioniert nicht mehr');
    await review('confirm-used-de');

    // The German reset pages, for the record.
    await page.goto(`${base}/forgot-password/`, { waitUntil: 'load' });
    expect(await text('h1')).toBe('Passwort zurücksetzen');
    await review('reset-forgot-de');
    await store.set({ key: 'advanced', value: advanced });
    await fresh.close();
    expect(serverErrors).toEqual([]);
  });
});
