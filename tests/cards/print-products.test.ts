import type { Core } from '@strapi/strapi';
import { appForSuite, bootFailure, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { UID } from '../../plugins/greeting-cards/server/src/platform/uids';

// Issue 21, items 1 and 2 through the API: a template's product (its canvas follows it), cards keep
// their template's product, blank cards start on SERVICE_DEFAULT_PRODUCT, and canvas_data carries the
// folded card's pages, checked like the front and counted by the premium rules.
type Json = ReturnType<typeof JSON.parse>;
const text = (t = 'Hello') => ({
  type: 'textbox',
  text: t,
  left: 60,
  top: 60,
  fontSize: 30,
  fill: '#112233',
  fontFamily: 'Georgia',
});
const design = (extra: Record<string, unknown> = {}) => ({
  version: '7.0.0',
  background: '#FFFFFF',
  objects: [text()],
  ...extra,
});
const documents = (strapi: Core.Strapi) => strapi.documents(UID.template as Parameters<Core.Strapi['documents']>[0]);
const q = (app: TestApp, uid: string) => app.strapi.db.query(uid);

describe('card products and pages', () => {
  let app: TestApp;
  let alice: TestUser;
  const http = () => app.http();

  appForSuite({ SERVICE_RENDERER: 'memory', SERVICE_DEFAULT_PRODUCT: 'square' }, async (booted) => {
    app = booted;
    alice = await createUser(app.strapi);
  });

  it("stores a template's product, sizes its canvas to it, and shows it in the catalogue", async () => {
    const created = await documents(app.strapi).create({
      data: { name: 'Tall', slug: 'tall-one', product: 'in5x7', canvas_data: design({ width: 600, height: 850 }) },
      status: 'published',
    });
    const row = await q(app, UID.template).findOne({ where: { documentId: created.documentId } });
    expect(row).toMatchObject({ product: 'in5x7', canvas_data: { width: 600, height: 841 } });
    expect((await http().get('/api/templates/tall-one/').expect(200)).body).toMatchObject({
      product: 'in5x7',
      canvas_data: { height: 841 },
    });
    const listed = (await http().get('/api/templates/?page_size=100').expect(200)).body.results.find(
      (t: Json) => t.slug === 'tall-one',
    );
    expect(listed.product).toBe('in5x7');
    // Without a product a template is the A5 every design was made for.
    await documents(app.strapi).create({
      data: { name: 'Plain', slug: 'plain-one', canvas_data: design() },
      status: 'published',
    });
    expect((await http().get('/api/templates/plain-one/').expect(200)).body.product).toBe('a5');
  });

  it('follows a product change made alone (the editor switches the template to another size)', async () => {
    const created = await documents(app.strapi).create({
      data: { name: 'Switch', slug: 'switch-me', canvas_data: design({ width: 600, height: 850 }) },
    });
    await documents(app.strapi).update({ documentId: created.documentId, data: { product: 'a6' } });
    expect(await q(app, UID.template).findOne({ where: { documentId: created.documentId } })).toMatchObject({
      product: 'a6',
      canvas_data: { width: 600, height: 846, objects: [text()] },
    });
    await expect(
      documents(app.strapi).update({ documentId: created.documentId, data: { product: 'a3' } }),
    ).rejects.toMatchObject({ name: 'ValidationError' });
  });

  it("gives a personalised card its template's product, kept when the template changes size later", async () => {
    const card = (await http().post('/api/templates/tall-one/personalize/').set(alice.auth).expect(201)).body;
    expect(card).toMatchObject({ product: 'in5x7', canvas_data: { width: 600, height: 841 } });
    const template = await q(app, UID.template).findOne({ where: { slug: 'tall-one' } });
    await documents(app.strapi).update({
      documentId: template.documentId,
      data: { product: 'square' },
      status: 'published',
    });
    expect((await http().get(`/api/cards/${card.id}/`).set(alice.auth).expect(200)).body.product).toBe('in5x7');
  });

  it("starts blank cards on SERVICE_DEFAULT_PRODUCT with that product's canvas", async () => {
    const card = (await http().post('/api/cards/').set(alice.auth).send({ title: 'Blank' }).expect(201)).body;
    expect(card).toMatchObject({ product: 'square', canvas_data: { width: 600, height: 600, objects: [] } });
  });

  it('answers A5 for cards made before products existed', async () => {
    const card = (await http().post('/api/cards/').set(alice.auth).send({ title: 'Old' }).expect(201)).body;
    await q(app, UID.card).update({ where: { id: card.id }, data: { product: null } });
    expect((await http().get(`/api/cards/${card.id}/`).set(alice.auth).expect(200)).body.product).toBe('a5');
  });

  it("keeps a folded card's pages, and refuses a bad page with the spec's error shape", async () => {
    const card = (await http().post('/api/cards/').set(alice.auth).send({ title: 'Folded' }).expect(201)).body;
    const pages = { inside_left: { background: '#EEEEEE', objects: [text('Left')] }, back: { objects: [] } };
    const saved = (
      await http()
        .post(`/api/cards/${card.id}/save_design/`)
        .set(alice.auth)
        .send({ canvas_data: design({ pages }) })
        .expect(200)
    ).body;
    expect(saved.canvas_data.pages).toEqual({
      inside_left: pages.inside_left,
      back: { background: '#FFFFFF', objects: [] },
    });
    expect(saved.canvas_data.objects).toEqual([text()]);
    const bad = await http()
      .patch(`/api/cards/${card.id}/`)
      .set(alice.auth)
      .send({
        canvas_data: design({ pages: { back: { objects: [{ type: 'script', left: 0, top: 0 }] }, cover: {} } }),
      });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      canvas_data: [
        expect.stringMatching(/^pages\.back\.objects\[0\]\.type: must be one of/),
        'pages.cover: is not a page: pages are inside_left, inside_right, back',
      ],
    });
  });

  it('treats a premium sticker on an inner page as premium', async () => {
    const crown = await q(app, UID.asset).create({
      data: {
        name: 'Crown',
        asset_type: 'sticker',
        emoji: '👑',
        is_premium: true,
        is_active: true,
        publishedAt: new Date(),
      },
    });
    const sticker = { type: 'emoji', text: '👑', left: 1, top: 1, fontSize: 50 };
    const res = await http()
      .post('/api/cards/')
      .set(alice.auth)
      .send({ title: 'Sneaky', canvas_data: design({ pages: { back: { objects: [sticker] } } }) });
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/premium/);
    const named = await http()
      .post('/api/cards/')
      .set(alice.auth)
      .send({
        title: 'Named',
        canvas_data: design({
          pages: {
            inside_right: {
              objects: [{ type: 'emoji', text: '🙂', left: 1, top: 1, fontSize: 40, assetId: crown.id }],
            },
          },
        }),
      });
    expect(named.status).toBe(403);
  });
});

describe('preflight on card detail', () => {
  let app: TestApp;
  let bob: TestUser;
  const http = () => app.http();

  appForSuite(
    { SERVICE_RENDERER: 'memory', SERVICE_SEED_SAMPLE_DATA: 'false', SERVICE_PHOTO_MIN_DPI: '200' },
    async (booted) => {
      app = booted;
      bob = await createUser(app.strapi);
    },
  );

  it('reports placeholder text, a low-resolution photo, the safe margin and objects off the card as {code, page, object, message}', async () => {
    await documents(app.strapi).create({
      data: {
        name: 'Named',
        slug: 'named',
        canvas_data: design({ objects: [{ ...text('Your name here'), placeholder: true }] }),
      },
      status: 'published',
    });
    await q(app, 'plugin::upload.file').create({
      data: {
        name: 'small.jpg',
        hash: 'small',
        ext: '.jpg',
        mime: 'image/jpeg',
        size: 10,
        url: '/uploads/small.jpg',
        provider: 'local',
        width: 600,
        height: 450,
      },
    });
    const card = (await http().post('/api/templates/named/personalize/').set(bob.auth).expect(201)).body;
    const tidy = (await http().get(`/api/cards/${card.id}/`).set(bob.auth).expect(200)).body;
    expect(tidy.preflight).toEqual([
      {
        code: 'placeholder_text',
        severity: 'warning',
        page: 'front',
        object: 0,
        message: 'The front still says "Your name here": replace the template\'s sample text with your own.',
        message_key: 'preflight.placeholder_text',
        message_vars: { text: 'Your name here' },
      },
    ]);
    // In the reader's language: the same issue, its message and the page's name in German.
    const german = (
      await http().get(`/api/cards/${card.id}/`).set(bob.auth).set('Accept-Language', 'de-DE,de;q=0.9').expect(200)
    ).body.preflight;
    expect(german).toEqual([
      {
        ...tidy.preflight[0],
        message:
          'Auf der Seite „Vorderseite“ steht noch „Your name here“: Ersetze den Beispieltext der Vorlage durch deinen eigenen.',
      },
    ]);
    // The listed cards stay as they were: preflight is on the detail only.
    expect((await http().get('/api/cards/').set(bob.auth).expect(200)).body.results[0]).not.toHaveProperty('preflight');
    expect(tidy.photo_resolutions).toEqual([]);
    expect((await http().get('/api/cards/').set(bob.auth).expect(200)).body.results[0]).not.toHaveProperty(
      'photo_resolutions',
    );

    const canvas = design({
      objects: [
        text('Ada'),
        { type: 'image', src: '/uploads/small.jpg', left: 100, top: 100, width: 400, height: 300 },
        { ...text('Lost'), left: 900 },
      ],
      pages: { back: { objects: [{ ...text('Edge'), left: 2 }] } },
    });
    await http().patch(`/api/cards/${card.id}/`).set(bob.auth).send({ canvas_data: canvas }).expect(200);
    const report = (await http().get(`/api/cards/${card.id}/`).set(bob.auth).expect(200)).body.preflight;
    expect(report.map((i: Json) => [i.code, i.severity, i.page, i.object])).toEqual([
      ['photo_low_resolution', 'warning', 'front', 1],
      ['outside_trim', 'error', 'front', 2],
      ['outside_safe_area', 'warning', 'back', 0],
    ]);
    expect(report[0].message).toMatch(/154 dpi.*under 200/);
    const germanReport = (await http().get(`/api/cards/${card.id}/?locale=de`).set(bob.auth).expect(200)).body
      .preflight;
    expect(germanReport.map((i: Json) => i.code)).toEqual(report.map((i: Json) => i.code));
    expect(germanReport[0].message).toMatch(/„Vorderseite“.*154 dpi \(weniger als 200\)/);
    expect(germanReport[2].message).toMatch(/„Rückseite“.*Sicherheitsrand/);
    // Every photo whose pixel size is known gets its effective resolution at print size, warned or not.
    const detail = (await http().get(`/api/cards/${card.id}/`).set(bob.auth).expect(200)).body;
    expect(detail.photo_resolutions).toEqual([
      { page: 'front', object: 1, width_px: 600, height_px: 450, printed_width_mm: 98.7, dpi: 154 },
    ]);
  });

  it('warns about an empty inside message once the card is in the basket to be posted', async () => {
    const card = (
      await http().post('/api/cards/').set(bob.auth).send({ title: 'Post me', canvas_data: design() }).expect(201)
    ).body;
    expect((await http().get(`/api/cards/${card.id}/`).set(bob.auth).expect(200)).body.preflight).toEqual([]);
    const recipient = (
      await http()
        .post('/api/recipients/')
        .set(bob.auth)
        .send({
          first_name: 'Gran',
          last_name: 'Smith',
          address_line_1: '1 Lane',
          city: 'York',
          postcode: 'YO1 1AA',
          country: 'GB',
        })
        .expect(201)
    ).body;
    await http()
      .post('/api/orders/add_to_cart/')
      .set(bob.auth)
      .send({ card_id: card.id, recipient_id: recipient.id, delivery_method: 'post' })
      .expect(200);
    const report = (await http().get(`/api/cards/${card.id}/`).set(bob.auth).expect(200)).body.preflight;
    expect(report).toEqual([
      {
        code: 'empty_inside_message',
        severity: 'warning',
        page: 'inside_right',
        object: null,
        message: expect.stringMatching(/empty/),
        message_key: 'preflight.empty_inside_message',
        message_vars: {},
      },
    ]);
    // The basket page says it in the shopper's language.
    const basket = await http()
      .get('/cart/')
      .set('Accept-Language', 'de')
      .set('Cookie', `gc_session=${bob.token}`)
      .expect(200);
    expect(basket.text).toContain('Die Innenseite dieser Postkarte ist leer');
    expect(basket.text).not.toContain('The inside of this posted card is empty');
  });
});

describe('SERVICE_DEFAULT_PRODUCT', () => {
  it('refuses to boot on an unknown product, naming the setting and the choices', async () => {
    const error = await bootFailure({ SERVICE_RENDERER: 'memory', SERVICE_DEFAULT_PRODUCT: 'a3' });
    expect(error.message).toMatch(/SERVICE_DEFAULT_PRODUCT/);
    expect(error.message).toMatch(/a6, a5, in5x7, square/);
  });
});
