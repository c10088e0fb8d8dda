import fs from 'fs';
import path from 'path';
import { startApp, TestApp } from '../helpers/strapi';
import { createTestDatabase, APP_DIR, type TestDatabase } from '../helpers/database';
import { createUser, TestUser } from '../helpers/users';
import { decodePng, pixelAt } from '../helpers/png';
import { createRecipient } from '../helpers/order-fixtures';

// Issue 21, item 6: every card shows its design wherever it is listed. A card made through the API,
// a design changed by PATCH (the editor's autosave) and a personalised card all get a preview, drawn
// by the real renderer (Chromium) in the background, debounced, and never a stale design over a newer
// one. A restart picks up what it interrupted.
jest.setTimeout(180_000);

// Long enough that a burst of five PATCHes on a loaded CI machine stays inside one delay (a burst is
// drawn at the latest five delays after its first change; at 300 ms, five slow PATCHes crossed that).
const DELAY = 1500;
const design = (background: string, text = 'Hello') => ({
  version: '7.0.0',
  background,
  objects: [{ type: 'textbox', text, left: 100, top: 100, fontSize: 40, fill: '#000000', fontFamily: 'Georgia' }],
});
const PREVIEWS = path.join(APP_DIR, 'public', 'uploads', 'greeting-cards', 'previews');

/** Polls `read` until `done` holds for its value (no fixed sleeps), or fails after `timeoutMs`. */
async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
  timeoutMs = 60_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: T = await read();
  while (!done(last)) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; last value: ${JSON.stringify(last)}`);
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setTimeout(r, 50));
    last = await read();
  }
  return last;
}

describe('card previews follow the design', () => {
  let app: TestApp;
  let shopper: TestUser;
  const card = async (id: number) => (await app.http().get(`/api/cards/${id}/`).set(shopper.auth).expect(200)).body;
  const row = (id: number) => app.strapi.db.query('plugin::greeting-cards.card').findOne({ where: { id } });
  const libraryHtml = async () =>
    (await app.http().get('/library/').set('Cookie', `gc_session=${shopper.token}`).expect(200)).text;
  const previewPng = async (url: string) => decodePng((await app.http().get(url).expect(200)).body as Buffer);
  const fileOf = (canvas: unknown) => {
    const { url } = app.strapi.plugin('greeting-cards').service('rendering').previewLocation(canvas) as { url: string };
    return path.join(PREVIEWS, path.basename(url));
  };

  beforeAll(async () => {
    app = await startApp({ SERVICE_SEED_SAMPLE_DATA: 'false', SERVICE_CARD_PREVIEW_DELAY_MS: String(DELAY) });
    shopper = await createUser(app.strapi);
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('draws a preview for a card made through POST /api/cards/ and redraws it after PATCH, without holding up the request', async () => {
    const created = (
      await app
        .http()
        .post('/api/cards/')
        .set(shopper.auth)
        .send({ title: 'Made by API', canvas_data: design('#D62828') })
        .expect(201)
    ).body;
    // Off the request path: the answer comes before the render.
    expect(created.preview_url).toBeNull();
    const first = await until(
      () => card(created.id),
      (c) => Boolean(c.preview_url),
      'the first preview',
    );
    expect(pixelAt(await previewPng(first.preview_url), 5, 5).slice(0, 3)).toEqual([0xd6, 0x28, 0x28]);

    const patched = (
      await app
        .http()
        .patch(`/api/cards/${created.id}/`)
        .set(shopper.auth)
        .send({ canvas_data: design('#1D4ED8') })
        .expect(200)
    ).body;
    expect(patched.preview_url).toBe(first.preview_url);
    const second = await until(
      () => card(created.id),
      (c) => c.preview_url !== first.preview_url,
      'the preview of the patched design',
    );
    expect(pixelAt(await previewPng(second.preview_url), 5, 5).slice(0, 3)).toEqual([0x1d, 0x4e, 0xd8]);
    // The library page lists the card with the current front.
    expect(await libraryHtml()).toContain(`<img src="${second.preview_url}" alt="Preview of “Made by API”"`);
  });

  it('shows the current front in the basket', async () => {
    const created = (
      await app
        .http()
        .post('/api/cards/')
        .set(shopper.auth)
        .send({ title: 'In the basket', canvas_data: design('#F4A261') })
        .expect(201)
    ).body;
    const recipient = await createRecipient(app.strapi, shopper);
    await app
      .http()
      .post('/api/orders/add_to_cart/')
      .set(shopper.auth)
      .send({ card_id: created.id, recipient_id: recipient.id })
      .expect(200);
    await app
      .http()
      .patch(`/api/cards/${created.id}/`)
      .set(shopper.auth)
      .send({ canvas_data: design('#264653') })
      .expect(200);
    const current = design('#264653');
    const shown = await until(
      () => card(created.id),
      (c) => Boolean(c.preview_url) && c.preview_url.endsWith(path.basename(fileOf(current))),
      "the patched design's preview",
    );
    const basket = (await app.http().get('/cart/').set('Cookie', `gc_session=${shopper.token}`).expect(200)).text;
    expect(basket).toContain(`<img class="entry-thumb" src="${shown.preview_url}"`);
  });

  it('draws a burst of autosaves once, with the last design', async () => {
    const created = (
      await app
        .http()
        .post('/api/cards/')
        .set(shopper.auth)
        .send({ title: 'Burst', canvas_data: design('#2B9348') })
        .expect(201)
    ).body;
    await until(
      () => card(created.id),
      (c) => Boolean(c.preview_url),
      'the first preview',
    );
    const colours = ['#101010', '#202020', '#303030', '#404040', '#505050'];
    const started = Date.now();
    let longestGap = 0;
    for (const colour of colours) {
      const before = Date.now();
      await app
        .http()
        .patch(`/api/cards/${created.id}/`)
        .set(shopper.auth)
        .send({ canvas_data: design(colour, 'Burst') })
        .expect(200);
      longestGap = Math.max(longestGap, Date.now() - before);
    }
    const burstMs = Date.now() - started;
    const last = design('#505050', 'Burst');
    const done = await until(
      () => card(created.id),
      (c) => c.preview_url && fs.existsSync(fileOf(last)) && c.preview_url.endsWith(path.basename(fileOf(last))),
      "the last design's preview",
    );
    expect(pixelAt(await previewPng(done.preview_url), 5, 5).slice(0, 3)).toEqual([0x50, 0x50, 0x50]);
    // The designs in between were never drawn (each would have its own file), provided the burst was a
    // burst: no PATCH took a whole delay and all five fit in the longest wait (five delays). A machine
    // too slow for that says so instead of failing on timing.
    if (longestGap < DELAY && burstMs < DELAY * 5) {
      for (const colour of colours.slice(0, -1)) expect(fs.existsSync(fileOf(design(colour, 'Burst')))).toBe(false);
    } else {
      console.warn(`burst not checked for skipped renders: ${burstMs} ms in all, longest PATCH ${longestGap} ms`);
    }
    const stored = (await row(created.id)) as { design_revision: number; preview_revision: number };
    expect(stored.preview_revision).toBe(stored.design_revision);
  });

  it("never writes an older design's preview over a newer one", async () => {
    const created = (
      await app
        .http()
        .post('/api/cards/')
        .set(shopper.auth)
        .send({ title: 'Race', canvas_data: design('#F77F00') })
        .expect(201)
    ).body;
    await until(
      () => card(created.id),
      (c) => Boolean(c.preview_url),
      'the first preview',
    );
    await app
      .http()
      .patch(`/api/cards/${created.id}/`)
      .set(shopper.auth)
      .send({ canvas_data: design('#003049') })
      .expect(200);
    const stored = (await row(created.id)) as { design_revision: number };
    // Another instance finished a newer revision's render first.
    await app.strapi.db.query('plugin::greeting-cards.card').update({
      where: { id: created.id },
      data: { preview_url: '/uploads/greeting-cards/previews/newer.png', preview_revision: stored.design_revision + 1 },
    });
    const outcome = await app.strapi.plugin('greeting-cards').service('cardPreviews').refreshNow(created.id);
    expect(outcome).toBe('current');
    expect((await card(created.id)).preview_url).toBe('/uploads/greeting-cards/previews/newer.png');
  });

  it("shows a personalised card with its template's preview at once", async () => {
    const canvas = design('#7B2CBF', 'Template');
    const thumbnail = await app.strapi.plugin('greeting-cards').service('rendering').storePreview(canvas);
    await app.strapi.db.query('plugin::greeting-cards.template').create({
      data: {
        name: 'Purple wishes',
        slug: 'purple-wishes',
        canvas_data: canvas,
        thumbnail_url: thumbnail,
        is_active: true,
        product: 'a5',
        publishedAt: new Date(),
      },
    });
    const made = (await app.http().post('/api/templates/purple-wishes/personalize/').set(shopper.auth).expect(201))
      .body;
    expect(made.preview_url).toBe(thumbnail);
    expect(await libraryHtml()).toContain(`<img src="${thumbnail}" alt="Preview of “Purple wishes”"`);
    // It is exactly the card's design: nothing to redraw until the design changes.
    const stored = (await row(made.id)) as { design_revision: number; preview_revision: number };
    expect(stored.preview_revision).toBe(stored.design_revision);
    expect(app.strapi.plugin('greeting-cards').service('cardPreviews').pending()).toBe(0);
  });
});

describe('card previews across a restart', () => {
  let db: TestDatabase;
  let app: TestApp | undefined;

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    await app?.stop();
    await db?.drop();
  });

  it('draws at the next boot a preview the previous run was still waiting to draw', async () => {
    // A delay far longer than the test: the render is still waiting when Strapi stops.
    app = await startApp({ SERVICE_SEED_SAMPLE_DATA: 'false', SERVICE_CARD_PREVIEW_DELAY_MS: '600000' }, { db });
    const shopper = await createUser(app.strapi);
    const created = (
      await app
        .http()
        .post('/api/cards/')
        .set(shopper.auth)
        .send({ title: 'Interrupted', canvas_data: design('#E63946') })
        .expect(201)
    ).body;
    expect(app.strapi.plugin('greeting-cards').service('cardPreviews').pending()).toBe(1);
    await app.stop();
    app = undefined;

    app = await startApp({ SERVICE_SEED_SAMPLE_DATA: 'false', SERVICE_CARD_PREVIEW_DELAY_MS: '600000' }, { db });
    const booted = app;
    const done = await until(
      async () => (await booted.http().get(`/api/cards/${created.id}/`).set(shopper.auth).expect(200)).body,
      (c) => Boolean(c.preview_url),
      'the resumed preview',
    );
    const png = decodePng((await booted.http().get(done.preview_url).expect(200)).body as Buffer);
    expect(pixelAt(png, 5, 5).slice(0, 3)).toEqual([0xe6, 0x39, 0x46]);
  });
});
