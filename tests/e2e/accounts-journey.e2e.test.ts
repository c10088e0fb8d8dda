import fs from 'fs';
import os from 'os';
import path from 'path';
import sharp from 'sharp';
import JSZip from 'jszip';
import type { Browser, BrowserContext, Page } from 'puppeteer-core';
import type { ParsedMail } from 'mailparser';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { PRODUCTION_SECRETS as SECRETS, startApp, type TestApp } from '../helpers/strapi';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp';
import { pendingOrder } from '../helpers/order-fixtures';
import type { TestUser } from '../helpers/users';
import { freePort, launchBrowser, SCREENSHOT_DIR } from './browser';
import { allA11yViolations } from './baseline';

const S3rver = require('s3rver');

// Issue 42, "Done when", as one shopper's life on a production boot (NODE_ENV=production, the built
// plugin, its own secrets) with every e-mail caught by a real SMTP server and the uploads in a real
// bucket (s3rver, through Strapi's S3 provider): register with confirmation on → confirm → signed in;
// forgot → e-mail → reset → signed in; change the e-mail address (the link to the new one, the notice
// to the old) and the password (another browser signed out); export and find the photo and the order
// in the zip; delete, after which signing in fails, the photo is gone from the bucket and the order is
// kept without its personal fields. Each feature's own browser test covers its pages in both languages
// and widths; this one walks them together, in the order a shopper would.
jest.setTimeout(600_000);

const BUCKET = 'shop-uploads';
const FIRST_EMAIL = 'journey.shopper@example.test';
const NEW_EMAIL = 'journey.moved@example.test';
const PASSWORDS = ['first-long-password', 'after-the-reset-1', 'changed-on-account-2'];

describe('a shopper’s account from sign-up to deletion (Chromium, production boot, SMTP, S3)', () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let s3dir = '';
  let s3server: { close(): Promise<void> };
  let s3: S3Client;
  let endpoint = '';
  let browser: Browser;
  let base: string;
  let downloads: string;
  const serverErrors: string[] = [];

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    s3dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gc-s3rver-'));
    const server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3dir,
      configureBuckets: [{ name: BUCKET }],
    });
    endpoint = `http://127.0.0.1:${(await server.run()).port}`;
    s3server = server;
    s3 = new S3Client({
      endpoint,
      forcePathStyle: true,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await startApp({
      ...SECRETS,
      ...smtp.env,
      NODE_ENV: 'production',
      PORT: String(port),
      SERVICE_PUBLIC_URL: base,
      SERVICE_SEED_SAMPLE_DATA: 'false',
      // The real renderer (a production boot refuses the test double); no thumbnails at boot.
      SERVICE_RENDERER: undefined,
      SERVICE_RENDER_THUMBNAILS_ON_BOOT: 'false',
      SERVICE_DEMO_PAYMENTS: 'true',
      SERVICE_STRIPE_SECRET_KEY: '',
      UPLOAD_S3_BUCKET: BUCKET,
      UPLOAD_S3_ENDPOINT: endpoint,
      UPLOAD_S3_FORCE_PATH_STYLE: 'true',
      UPLOAD_S3_ACCESS_KEY_ID: 'S3RVER',
      UPLOAD_S3_SECRET_ACCESS_KEY: 'S3RVER',
      UPLOAD_S3_ACL: 'public-read',
    });
    // Confirmation on, as a shop that wants real addresses sets it in the admin.
    const store = app.strapi.store({ type: 'plugin', name: 'users-permissions' });
    const advanced = (await store.get({ key: 'advanced' })) as Record<string, unknown>;
    await store.set({ key: 'advanced', value: { ...advanced, email_confirmation: true } });
    downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'gc-journey-export-'));
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await smtp?.stop();
    s3?.destroy();
    await s3server?.close().catch(() => undefined);
    for (const dir of [s3dir, downloads]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const to = (m: ParsedMail) => (m.to as { text: string } | undefined)?.text ?? '';
  const text = (page: Page, selector: string) => page.$eval(selector, (el) => (el as HTMLElement).innerText);
  const pathOf = (page: Page) => new URL(page.url()).pathname;
  const linkIn = (mail: ParsedMail, pagePath: string) => {
    const match = new RegExp(`(${base.replace(/\./g, '\\.')}${pagePath}[^\\s"<>]+)`).exec(mail.text ?? '');
    if (!match) throw new Error(`no ${pagePath} link in: ${mail.text}`);
    return match[1];
  };
  const bucketKeys = async () =>
    ((await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key as string);

  async function newPage(context: BrowserContext): Promise<Page> {
    const page = await context.newPage();
    // Only so the test can inject axe-core; the pages run under the production CSP unchanged.
    await page.setBypassCSP(true);
    await page.setViewport({ width: 1280, height: 900 });
    await page.setExtraHTTPHeaders({ 'Accept-Language': 'en-GB,en;q=0.9' });
    page.setDefaultTimeout(20_000);
    page.on('response', (r) => {
      if (r.status() >= 500) serverErrors.push(`${r.status()} ${r.url()}`);
    });
    return page;
  }

  /** A screenshot at 1280 and 390 px (nothing wider than the phone) and axe-core. */
  async function review(page: Page, name: string) {
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    for (const [label, viewport] of [
      ['desktop', { width: 1280, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      await page.setViewport(viewport);
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `account-journey-${name}-${label}.png`) as `${string}.png`,
        fullPage: true,
      });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect([name, label, overflow]).toEqual([name, label, 0]);
    }
    await page.setViewport({ width: 1280, height: 900 });
    expect([name, await allA11yViolations(page)]).toEqual([name, []]);
  }

  async function submit(page: Page, selector: string) {
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click(selector)]);
  }

  async function signIn(page: Page, email: string, password: string) {
    await page.goto(`${base}/login/`, { waitUntil: 'load' });
    await page.type('#identifier', email);
    await page.type('#password', password);
    await submit(page, 'form[action$="/login/"] button[type="submit"]');
  }

  it('walks sign-up, reset, changes, export and deletion', async () => {
    // 1. Register with confirmation on → the link → signed in.
    const first = await browser.createBrowserContext();
    let page = await newPage(first);
    await page.goto(`${base}/register/`, { waitUntil: 'load' });
    await page.type('#email', FIRST_EMAIL);
    await page.type('#username', 'Journey Shopper');
    await page.type('#password', PASSWORDS[0]);
    await submit(page, 'form[action="/register/"] button[type="submit"]');
    expect(await text(page, 'h1')).toBe('Check your e-mail');
    const [confirmation] = await smtp.waitFor((m) => to(m) === FIRST_EMAIL && /confirm/i.test(m.subject ?? ''));
    await page.goto(linkIn(confirmation, '/confirm-email/'), { waitUntil: 'load' });
    expect(pathOf(page)).toBe('/catalogue/');
    expect(await text(page, 'header')).toContain('Sign out');
    await first.close();

    // What the shopper makes along the way: a photo (into the bucket) and a paid order.
    const signedIn = await app.http().post('/api/auth/local').send({ identifier: FIRST_EMAIL, password: PASSWORDS[0] });
    expect(signedIn.status).toBe(200);
    const shopper: TestUser = {
      id: signedIn.body.user.id,
      email: FIRST_EMAIL,
      username: signedIn.body.user.username,
      token: signedIn.body.jwt,
      auth: { Authorization: `Bearer ${signedIn.body.jwt}` },
    };
    const jpeg = await sharp({ create: { width: 96, height: 64, channels: 3, background: '#1F77B4' } })
      .jpeg()
      .toBuffer();
    const uploaded = await app.http().post('/editor/photos/').set(shopper.auth).attach('photo', jpeg, 'garden.jpg');
    expect(uploaded.status).toBe(201);
    const photoKey = (uploaded.body.url as string).slice(`${endpoint}/${BUCKET}/`.length);
    expect(await bucketKeys()).toContain(photoKey);
    const order = await pendingOrder(app.strapi, () => app.http(), shopper, [
      { delivery_method: 'ecard', scheduled_for: new Date(Date.now() + 5 * 86400_000).toISOString() },
    ]);
    expect((await app.http().post(`/api/orders/${order.uuid}/pay/`).set(shopper.auth).send({})).status).toBe(200);

    // 2. Forgotten password → the e-mail → a new one → signed in.
    const second = await browser.createBrowserContext();
    page = await newPage(second);
    await page.goto(`${base}/login/`, { waitUntil: 'load' });
    await submit(page, 'a[href="/forgot-password/"]');
    await page.type('#email', FIRST_EMAIL);
    await submit(page, 'form[action="/forgot-password/"] button[type="submit"]');
    expect(await text(page, 'h1')).toBe('Check your e-mail');
    const [reset] = await smtp.waitFor((m) => to(m) === FIRST_EMAIL && m.subject === 'Reset your password');
    await page.goto(linkIn(reset, '/reset-password/'), { waitUntil: 'load' });
    await page.type('#password', PASSWORDS[1]);
    await submit(page, 'form[action="/reset-password/"] button[type="submit"]');
    expect(pathOf(page)).toBe('/library/');
    expect(await text(page, 'header')).toContain('Sign out');

    // 3. Another browser signed in; the e-mail address changed (both e-mails), then the password.
    const elsewhere = await browser.createBrowserContext();
    const other = await newPage(elsewhere);
    await signIn(other, FIRST_EMAIL, PASSWORDS[1]);
    expect(pathOf(other)).not.toBe('/login/');
    await page.goto(`${base}/account/`, { waitUntil: 'load' });
    await review(page, 'account');
    await page.type('#new-email', NEW_EMAIL);
    await page.type('#email-current-password', PASSWORDS[1]);
    await submit(page, 'form[action$="/account/email/"] button[type="submit"]');
    const [change] = await smtp.waitFor((m) => to(m) === NEW_EMAIL);
    await page.goto(linkIn(change, '/account/email/'), { waitUntil: 'load' });
    await submit(page, 'main form button[type="submit"]');
    expect(await text(page, 'main')).toContain(`Your account now uses ${NEW_EMAIL}`);
    const [notice] = await smtp.waitFor((m) => to(m) === FIRST_EMAIL && (m.text ?? '').includes(NEW_EMAIL));
    expect(notice.subject).toBeTruthy();
    await page.goto(`${base}/account/`, { waitUntil: 'load' });
    await page.type('#password-current-password', PASSWORDS[1]);
    await page.type('#new-password', PASSWORDS[2]);
    await submit(page, 'form[action$="/account/password/"] button[type="submit"]');
    expect(pathOf(page)).toBe('/account/');
    await other.goto(`${base}/account/`, { waitUntil: 'load' });
    expect(pathOf(other)).toBe('/login/');
    await elsewhere.close();

    // 4. Export: the zip holds the photo (read back from the bucket) and the order.
    const cdp = await page.createCDPSession();
    // A context of its own keeps its own download setting: name it.
    const contextId = (second as unknown as { id?: string }).id;
    await cdp.send('Browser.setDownloadBehavior', {
      behavior: 'allow',
      downloadPath: downloads,
      ...(contextId ? { browserContextId: contextId } : {}),
    });
    await page.goto(`${base}/account/export/`, { waitUntil: 'load' });
    await review(page, 'export');
    await page.type('#password', PASSWORDS[2]);
    await page.click('main form button[type="submit"]');
    const file = await waitFor(() => fs.readdirSync(downloads).find((f) => f.endsWith('.zip')));
    const zip = await JSZip.loadAsync(fs.readFileSync(path.join(downloads, file)));
    const data = JSON.parse(await zip.file('data.json')!.async('string'));
    expect(data.sections.orders.map((o: { uuid: string }) => o.uuid)).toEqual([order.uuid]);
    const photo = data.sections.photos[0];
    expect((await sharp(await zip.file(photo.file)!.async('nodebuffer')).metadata()).width).toBe(96);

    // 5. Delete: signing in fails, the photo has left the bucket, the order stays without personal fields.
    await page.goto(`${base}/account/delete/`, { waitUntil: 'load' });
    await review(page, 'delete');
    await page.type('#password', PASSWORDS[2]);
    await page.click('#confirm');
    await submit(page, 'main form button[type="submit"]');
    expect(await text(page, 'h1')).toBe('Account deleted');
    await signIn(page, NEW_EMAIL, PASSWORDS[2]);
    expect(pathOf(page)).toBe('/login/');
    expect(await text(page, '.form-alert')).toBe('That e-mail address and password do not match an account.');
    expect(await bucketKeys()).not.toContain(photoKey);
    const kept = await app.strapi.db.query('plugin::greeting-cards.order').findOne({ where: { uuid: order.uuid } });
    expect(kept.total_pence).toBeGreaterThan(0);
    const items = await app.strapi.db
      .query('plugin::greeting-cards.order-item')
      .findMany({ where: { order: { id: kept.id } } });
    expect(items[0].snapshot.recipient).toBeNull();
    expect(items[0].snapshot.card_title).toBe('[deleted]');
    expect(JSON.stringify(kept)).not.toContain(FIRST_EMAIL);
    expect(JSON.stringify(kept)).not.toContain(NEW_EMAIL);
    await second.close();
    expect(serverErrors).toEqual([]);
  });
});

/** Polls `probe` until it returns something (a download finishing), failing after 30 s. */
async function waitFor<T>(probe: () => T | undefined | null): Promise<T> {
  const until = Date.now() + 30_000;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}
