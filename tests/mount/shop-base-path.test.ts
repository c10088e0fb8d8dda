import fs from 'fs';
import path from 'path';
import { APP_DIR } from '../helpers/database';
import { startApp, type TestApp } from '../helpers/strapi';
import { startSmtpCapture, type SmtpCapture } from '../helpers/smtp';
import { createUser, type TestUser } from '../helpers/users';
import { createCard, createRecipient, deliveriesOf } from '../helpers/order-fixtures';
import { fulfilment } from '../fulfilment/helpers';
import { metaCsrf } from '../web/session';
import { launchBrowser, screenshots } from '../e2e/browser';

// The shop moved to /shop, its API to /api/greeting-cards, with its own brand and one view of the
// host's: every link, redirect and form of the shop stays under /shop, the e-mailed view link too,
// and the host's public/ folder is still served, at /static/ as anywhere else.

const PUBLIC_URL = 'https://host.example.test';
const BRAND = {
  SERVICE_SHOP_NAME: 'Paper & Post',
  SERVICE_SHOP_TAGLINE: 'Letters worth keeping',
  SERVICE_FOOTER_TEXT: 'A shop inside the host app.',
  SERVICE_LOGO_URL: '/brand-test/logo.svg',
  SERVICE_ACCENT_COLOUR: '#1d5c63',
};
// Written into the host's public/ folder for this test (and removed after): files the host serves.
const HOST_FILES: Record<string, string> = {
  'static/host-note.txt': 'the host serves this file',
  'brand-test/logo.svg':
    '<svg xmlns="http://www.w3.org/2000/svg" width="34" height="34"><circle cx="17" cy="17" r="16" fill="#1d5c63"/></svg>',
};

/** Every path a page links to, posts to or loads (href, src, action, hx-*), with its attribute. */
function pathsOf(html: string): string[] {
  return [...html.matchAll(/\s(?:href|src|action|hx-get|hx-post|hx-delete)="([^"]*)"/g)]
    .map((m) => m[1])
    .filter((p) => p.startsWith('/'));
}

/** True for a path the moved shop may print: its own pages, its static files, the host's logo, or its API. */
const underShop = (p: string) =>
  p.startsWith('/shop/') ||
  p.startsWith('/greeting-cards/static/') ||
  p === BRAND.SERVICE_LOGO_URL ||
  p.startsWith('/api/greeting-cards/');

describe('mount points: the shop at /shop with its own brand and views', () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let user: TestUser;
  const publicDir = path.join(APP_DIR, 'public');

  beforeAll(async () => {
    for (const [file, text] of Object.entries(HOST_FILES)) {
      fs.mkdirSync(path.dirname(path.join(publicDir, file)), { recursive: true });
      fs.writeFileSync(path.join(publicDir, file), text);
    }
    smtp = await startSmtpCapture();
    app = await startApp({
      ...smtp.env,
      ...BRAND,
      SERVICE_SEED_SAMPLE_DATA: 'true',
      SERVICE_RENDERER: 'memory',
      SERVICE_PUBLIC_URL: PUBLIC_URL,
      SERVICE_STOREFRONT_BASE_PATH: '/shop',
      SERVICE_API_PREFIX: '/api/greeting-cards',
      SERVICE_VIEWS_DIR: 'tests/fixtures/views-override',
    });
    user = await createUser(app.strapi);
  });
  afterAll(async () => {
    await app?.stop();
    await smtp?.stop();
    for (const file of Object.keys(HOST_FILES)) fs.rmSync(path.join(publicDir, file), { force: true });
    for (const dir of ['static', 'brand-test']) fs.rmSync(path.join(publicDir, dir), { recursive: true, force: true });
  });

  it('home: /shop leads to /shop/, the host view override with the brand, every link under /shop; / is not the shop', async () => {
    const bare = await app.http().get('/shop');
    expect([301, 302]).toContain(bare.status);
    expect(bare.headers.location).toBe('/shop/');
    const home = await app.http().get('/shop/');
    expect(home.status).toBe(200);
    // The host's home.eta replaced the plugin's; the layout (the plugin's) carries the brand.
    expect(home.text).toContain('<h1 id="override-home">The host\'s own home page for Paper &amp; Post</h1>');
    expect(home.text).toContain('<title>Cards for every moment · Paper &amp; Post</title>');
    expect(home.text).toContain('Letters worth keeping');
    expect(home.text).toContain('<p>Paper &amp; Post · A shop inside the host app.</p>');
    expect(home.text).toContain('<img class="brand-logo" src="/brand-test/logo.svg"');
    expect(home.text).toContain('--accent: #1d5c63;');
    expect(home.text).not.toContain('Kindred Cards');
    // The override's include of the plugin's own partial: template cards link under /shop.
    expect(home.text).toMatch(/href="\/shop\/templates\/[\w-]+\/"/);
    const paths = pathsOf(home.text);
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((p) => !underShop(p))).toEqual([]);
    // The root and the old page paths are not the shop's any more.
    expect((await app.http().get('/')).headers.location).toBe('/admin');
    expect((await app.http().get('/catalogue/')).status).toBe(404);
  });

  it('a template and the catalogue: the plugin views, links under /shop', async () => {
    const home = await app.http().get('/shop/');
    const templatePath = /href="(\/shop\/templates\/[\w-]+\/)"/.exec(home.text)![1];
    for (const page of [templatePath, '/shop/catalogue/']) {
      const res = await app.http().get(page);
      expect([page, res.status]).toEqual([page, 200]);
      expect(res.text).not.toContain('override-home');
      expect([page, pathsOf(res.text).filter((p) => !underShop(p))]).toEqual([page, []]);
    }
  });

  it('sign-in: a private page sends to /shop/login/ with next under /shop, and signing in comes back there', async () => {
    const library = await app.http().get('/shop/library/');
    expect(library.status).toBe(302);
    expect(library.headers.location).toBe(`/shop/login/?next=${encodeURIComponent('/shop/library/')}`);
    const agent = app.http();
    const form = await agent.get(library.headers.location);
    expect(form.status).toBe(200);
    expect(form.text).toContain('action="/shop/login/"');
    expect(form.text).toContain('value="/shop/library/"');
    expect(pathsOf(form.text).filter((p) => !underShop(p))).toEqual([]);
    const csrf = /name="_csrf" value="([^"]*)"/.exec(form.text)![1];
    const signedIn = await agent
      .post('/shop/login/')
      .type('form')
      .send({ _csrf: csrf, identifier: user.email, password: 'correct-horse-battery', next: '/shop/library/' });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.location).toBe('/shop/library/');
    const page = await agent.get('/shop/library/');
    expect(page.status).toBe(200);
    expect(pathsOf(page.text).filter((p) => !underShop(p))).toEqual([]);
    // A next pointing at the shop's own sign-in page falls back to the shop's library.
    const again = await agent.get(`/shop/login/?next=${encodeURIComponent('/shop/login/')}`);
    expect(again.status).toBe(302);
    expect(again.headers.location).toBe('/shop/library/');
    // Signing out leads back to the shop's sign-in page.
    const out = await agent
      .post('/shop/logout/')
      .type('form')
      .send({ _csrf: metaCsrf(page.text) });
    expect(out.status).toBe(303);
    expect(out.headers.location).toBe('/shop/login/?signed_out=1');
  });

  it('cart and checkout: links and redirects under /shop; the e-mailed view link and the view page too', async () => {
    const cookie = `gc_session=${user.token}`;
    const friend = await createRecipient(app.strapi, user, { email: 'friend@example.test' });
    const card = await createCard(app.strapi, user);
    // The editor's calls, at the moved API.
    const added = await app
      .http()
      .post('/api/greeting-cards/orders/add_to_cart/')
      .set(user.auth)
      .send({ card_id: card.id, recipient_id: friend.id });
    expect(added.status).toBe(200);
    const cart = await app.http().get('/shop/cart/').set('Cookie', cookie);
    expect(cart.status).toBe(200);
    expect(cart.text).toContain('action="/shop/cart/checkout/"');
    expect(pathsOf(cart.text).filter((p) => !underShop(p))).toEqual([]);
    const checkout = await app
      .http()
      .post('/shop/cart/checkout/')
      .set('Cookie', cookie)
      .type('form')
      .send({ _csrf: metaCsrf(cart.text) });
    expect(checkout.status).toBe(303);
    expect(checkout.headers.location).toMatch(/^\/shop\/checkout\/[\w-]+\/$/);
    const pay = await app.http().get(checkout.headers.location).set('Cookie', cookie);
    expect(pay.text).toMatch(/action="\/shop\/checkout\/[\w-]+\/pay\/"/);
    const paid = await app
      .http()
      .post(`${checkout.headers.location}pay/`)
      .set('Cookie', cookie)
      .type('form')
      .send({ _csrf: metaCsrf(pay.text) });
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toMatch(/^\/shop\/orders\/[\w-]+\/\?paid=1$/);
    await fulfilment(app.strapi).drain();
    const uuid = /^\/shop\/checkout\/([\w-]+)\/$/.exec(checkout.headers.location)![1];
    const [delivery] = await deliveriesOf(app.strapi, uuid);
    const [mail] = await smtp.waitFor((m) => (m.to as { text?: string })?.text === 'friend@example.test');
    expect(mail.text).toContain(`${PUBLIC_URL}/shop/cards/view/${delivery.view_token}/`);
    const view = await app.http().get(`/shop/cards/view/${delivery.view_token}/`);
    expect(view.status).toBe(200);
    expect(view.text).toContain(`href="/shop/cards/view/${delivery.view_token}/card.pdf"`);
    expect(pathsOf(view.text).filter((p) => !underShop(p))).toEqual([]);
    expect((await app.http().get(`/cards/view/${delivery.view_token}/`)).status).toBe(404);
  });

  it("static files: the shop's under its path; the host's public/ files served, /static/ included; unknown paths fall through", async () => {
    const css = await app.http().get('/greeting-cards/static/css/shop.css');
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toMatch(/text\/css/);
    // An old link to the plugin's file still works...
    expect((await app.http().get('/static/css/shop.css')).status).toBe(200);
    // ...and the host's own files under /static/ and elsewhere are the host's.
    const note = await app.http().get('/static/host-note.txt');
    expect(note.status).toBe(200);
    expect(note.text).toBe('the host serves this file');
    expect((await app.http().get('/brand-test/logo.svg')).status).toBe(200);
    // A file the plugin does not have is the host's 404, not a page of ours.
    const missing = await app.http().get('/greeting-cards/static/css/none.css');
    expect(missing.status).toBe(404);
    expect(missing.text).not.toContain('Not found.');
  });

  it('the branded home page in Chromium, desktop and phone', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      const res = await page.goto(`${app.baseUrl}/shop/`, { waitUntil: 'networkidle0' });
      expect(res?.status()).toBe(200);
      // The brand's accent reached the page's CSS (the stylesheet and the override both loaded).
      const accent = await page.evaluate(
        () => getComputedStyle(document.querySelector('.hero-actions .button')!).backgroundColor,
      );
      expect(accent).toBe('rgb(29, 92, 99)');
      const logo = await page.evaluate(() => (document.querySelector('.brand-logo') as HTMLImageElement).naturalWidth);
      expect(logo).toBeGreaterThan(0);
      await screenshots(page, 'mount-branded-home');
      // A page of the plugin's own views under the same brand.
      await page.goto(`${app.baseUrl}/shop/catalogue/`, { waitUntil: 'networkidle0' });
      expect(await page.evaluate(() => document.querySelector('.brand')!.textContent!.trim())).toBe('Paper & Post');
      await screenshots(page, 'mount-branded-catalogue');
    } finally {
      await browser.close();
    }
  });
});
