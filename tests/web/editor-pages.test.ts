import { csrfTokenOfPage } from './editor-csrf';
import sharp from 'sharp';
import { startApp, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';

// The editor's pages and photo upload route over HTTP: who may open what, the premium refusal,
// the blank card, static files, and every way an upload can be wrong.
describe('editor pages and photo uploads', () => {
  let app: TestApp;
  let owner: TestUser;
  let other: TestUser;
  const cookie = (u: TestUser) => `gc_session=${u.token}`;
  const tokens = new Map<number, string>();
  const csrf = (u: TestUser) => tokens.get(u.id) as string;
  const page = (path: string, u?: TestUser) => {
    const req = app.http().get(path).redirects(0);
    return u ? req.set('Cookie', cookie(u)) : req;
  };
  const upload = (u: TestUser | null, file: Buffer, name = 'photo.jpg', token?: string) => {
    const req = app.http().post('/editor/photos/');
    if (u) req.set('Cookie', cookie(u)).set('X-CSRF-Token', token ?? csrf(u));
    return req.attach('photo', file, name);
  };

  beforeAll(async () => {
    app = await startApp({ SERVICE_SEED_SAMPLE_DATA: 'true', SERVICE_RENDERER: 'memory' });
    owner = await createUser(app.strapi);
    other = await createUser(app.strapi);
    for (const u of [owner, other]) tokens.set(u.id, await csrfTokenOfPage(app, u.token));
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('sends anonymous visitors to the login page and back', async () => {
    for (const path of ['/editor/', '/editor/12/', '/editor/template/balloon-party/']) {
      const res = await page(path);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(`/login/?next=${encodeURIComponent(path)}`);
    }
  });

  /** Starts a card the way the shop's buttons do: a form POST with the page's CSRF field. */
  const start = (path: string, u: TestUser, token = csrf(u)) =>
    app.http().post(path).set('Cookie', cookie(u)).type('form').send({ _csrf: token }).redirects(0);
  const newCardId = async (path: string, u: TestUser) => {
    const res = await start(path, u);
    expect(res.status).toBe(303);
    return Number(/^\/editor\/(\d+)\/$/.exec(res.headers.location)![1]);
  };
  const cardCount = () => app.strapi.db.query('plugin::greeting-cards.card').count();

  it('creates nothing on GET: the new-card pages show a button that POSTs', async () => {
    const before = await cardCount();
    for (const path of ['/editor/', '/editor/template/balloon-party/']) {
      for (let i = 0; i < 3; i += 1) {
        const res = await page(path, owner);
        expect(res.status).toBe(200);
        expect(res.text).toContain(`<form method="post" action="${path}">`);
        expect(res.text).toContain(`name="_csrf" value="${csrf(owner)}"`);
      }
    }
    expect(await cardCount()).toBe(before);
    // Without the CSRF field (a cross-site form) nothing is created either.
    const forged = await start('/editor/', owner, csrf(other));
    expect(forged.status).toBe(403);
    expect(await cardCount()).toBe(before);
  });

  it('POST /editor/ starts a blank draft card and opens it', async () => {
    const id = await newCardId('/editor/', owner);
    const card = await app.http().get(`/api/cards/${id}/`).set(owner.auth);
    expect(card.body).toMatchObject({
      status: 'draft',
      canvas_data: { width: 600, height: 850, background: '#FFFFFF', objects: [] },
    });
  });

  it('POST /editor/template/<slug>/ starts a draft card from the template', async () => {
    const id = await newCardId('/editor/template/balloon-party/', owner);
    const card = await app.http().get(`/api/cards/${id}/`).set(owner.auth);
    expect(card.body.status).toBe('draft');
    expect(card.body.canvas_data.objects.some((o: { text?: string }) => o.text === 'Happy Birthday!')).toBe(true);
    const anonymous = await app.http().post('/editor/template/balloon-party/').type('form').send({}).redirects(0);
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.location).toMatch(/^\/login\//);
  });

  it('serves the editor page of an own card with its CSRF token, script file and labelled tools', async () => {
    const id = await newCardId('/editor/template/balloon-party/', owner);
    const res = await page(`/editor/${id}/`, owner);
    expect(res.status).toBe(200);
    expect(res.text).toContain(`<meta name="csrf-token" content="${csrf(owner)}">`);
    expect(csrf(owner)).toMatch(/^\S{16,}$/);
    expect(csrf(owner)).not.toBe(csrf(other));
    expect(res.text).toMatch(/<script src="\/greeting-cards\/static\/editor\/editor\.js\?v=[\w.-]+" defer><\/script>/);
    // The shop's own header and navigation, so the shopper can get back.
    expect(res.text).toContain('<nav class="main-nav" id="main-nav" aria-label="Main">');
    expect(res.text).toContain('href="/library/"');
    // No inline scripts or handlers; a JSON data block (the editor's messages) is data, never run.
    expect(res.text).not.toMatch(/<script>|<script(?![^>]*\b(?:src=|type="application\/json"))[^>]*>|\son[a-z]+=/i);
    for (const label of [
      'font-family',
      'font-size',
      'text-colour',
      'text-align',
      'inside-message',
      'background-colour',
      'photo-input',
    ]) {
      expect(res.text).toContain(`for="${label}"`);
    }
    const script = await app.http().get('/static/editor/editor.js');
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['cache-control']).toMatch(/max-age=\d{5,}/);
  });

  it("serves the admin panel's template designer: the editor without card, send form or shop navigation, framable by this origin only", async () => {
    const before = await cardCount();
    // Anonymous: the page holds nothing private and saves nothing; the admin page feeds it the design.
    const res = await page('/editor/design/?embed=admin');
    expect(res.status).toBe(200);
    expect(res.text).toContain('data-embed="admin"');
    expect(res.text).toContain('>Use this design</button>');
    expect(res.text).toContain('src="/greeting-cards/static/editor/editor.js');
    for (const absent of ['id="send-dialog"', 'id="open-send"', 'class="site-header"'])
      expect(res.text).not.toContain(absent);
    // Photos can be added (the admin page uploads them with the admin's sign-in).
    expect(res.text).toContain('id="photo-input"');
    expect(res.text).toContain('id="crop-photo"');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    // The shopper's own editor is unchanged.
    const own = await page(`/editor/${await newCardId('/editor/', owner)}/`, owner);
    expect(own.text).not.toContain('data-embed');
    expect(own.text).toContain('id="send-dialog"');
    expect(own.text).toContain('class="site-header"');
    expect(await cardCount()).toBe(before + 1);
  });

  it("answers 404 for someone else's card or a card that does not exist", async () => {
    const id = await newCardId('/editor/', owner);
    for (const path of [`/editor/${id}/`, '/editor/999999/', '/editor/abc/']) {
      const res = await page(path, other);
      expect(res.status).toBe(404);
      expect(res.text).toContain('Card not found');
    }
  });

  it('refuses a premium template without a subscription, with a link to subscribe', async () => {
    const before = await cardCount();
    for (const res of [
      await page('/editor/template/classic-gold-birthday/', owner),
      await start('/editor/template/classic-gold-birthday/', owner),
    ]) {
      expect(res.status).toBe(403);
      expect(res.text).toContain('This design is premium');
      expect(res.text).toContain('href="/subscriptions/"');
    }
    expect(await cardCount()).toBe(before);
    expect((await page('/editor/template/no-such-template/', owner)).status).toBe(404);
    expect((await start('/editor/template/no-such-template/', owner)).status).toBe(404);
  });

  it('serves static files without listings or path tricks', async () => {
    expect((await app.http().get('/static/fonts/fonts.css')).text).toContain("font-family:'Lobster'");
    const font = await app.http().get('/static/fonts/lobster-latin-400-normal.woff2');
    expect(font.status).toBe(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    for (const path of [
      '/static/',
      '/static/fonts/',
      '/static/..%2f..%2fpackage.json',
      '/static/%2e%2e/package.json',
      '/static/editor/../../package.json',
      '/static/.hidden.js',
    ]) {
      // A path with no file of ours falls through to the host's public folder (strapi::public), which
      // answers 404, or 403 for a path leaving the folder: never a file from outside either.
      const res = await app.http().get(path);
      expect([path, [403, 404].includes(res.status)]).toEqual([path, true]);
      expect(res.text).not.toContain('"devDependencies"');
    }
  });

  it('accepts a photo, strips its metadata and turns it upright', async () => {
    // 300x200 stored sideways: EXIF orientation 6 says "rotate 90 degrees" to show it upright.
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#C0392B' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Make: 'SpyCam' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).orientation).toBe(6);
    const res = await upload(owner, photo);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ url: expect.stringMatching(/^\/uploads\/.+\.jpg$/), width: 200, height: 300 });
    const stored = await app.http().get(res.body.url);
    const meta = await sharp(stored.body).metadata();
    expect(meta).toMatchObject({ width: 200, height: 300, format: 'jpeg' });
    expect(meta.exif).toBeUndefined();
    // The stored URL is a valid image src for a design.
    const card = await app
      .http()
      .post('/api/cards/')
      .set(owner.auth)
      .send({
        canvas_data: {
          version: '7.0.0',
          background: '#FFFFFF',
          objects: [{ type: 'image', src: res.body.url, left: 0, top: 0, width: 200, height: 300 }],
        },
      });
    expect(card.status).toBe(201);
  });

  it('refuses uploads that are not pictures, too large, anonymous or without the CSRF token', async () => {
    const notImage = await upload(owner, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'x.svg');
    expect(notImage.status).toBe(400);
    expect(notImage.body).toEqual({ photo: ['Please upload a JPEG, PNG, WebP or GIF picture.'] });
    const huge = await upload(owner, Buffer.alloc(10 * 1024 * 1024 + 1, 1), 'big.jpg');
    expect(huge.status).toBe(400);
    expect(huge.body).toEqual({ photo: ['The photo is larger than 10 MB. Please choose a smaller one.'] });
    const missing = await app
      .http()
      .post('/editor/photos/')
      .set('Cookie', cookie(owner))
      .set('X-CSRF-Token', csrf(owner))
      .send({});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ photo: ['Choose a photo to upload.'] });
    const png = await sharp({ create: { width: 10, height: 10, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
    const anonymous = await upload(null, png, 'a.png');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ detail: 'Authentication credentials were not provided.' });
    const forged = await upload(owner, png, 'a.png', csrf(other));
    expect(forged.status).toBe(403);
    expect(forged.body).toEqual({ detail: 'CSRF token missing or incorrect.' });
    const bearer = await app.http().post('/editor/photos/').set(owner.auth).attach('photo', png, 'a.png');
    expect(bearer.status).toBe(201);
    expect(bearer.body.url).toMatch(/\.png$/);
  });
});
