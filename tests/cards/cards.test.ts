import { appForSuite, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { inEnglish } from '../helpers/in-english';

const CARD = 'plugin::greeting-cards.card';
const TEMPLATE = 'plugin::greeting-cards.template';
const ORDER = 'plugin::greeting-cards.order';
const ORDER_ITEM = 'plugin::greeting-cards.order-item';

const text = (extra: Record<string, unknown> = {}) => ({
  type: 'textbox',
  text: 'Hello',
  left: 10,
  top: 20,
  fontSize: 30,
  fill: '#112233',
  fontFamily: 'Georgia',
  ...extra,
});
const design = (objects: unknown[] = [text()], extra: Record<string, unknown> = {}) => ({
  version: '7.0.0',
  background: '#FFFFFF',
  objects,
  ...extra,
});

const CARD_KEYS = [
  'id',
  'title',
  'status',
  'canvas_data',
  'inside_message',
  'template',
  'occasion',
  'product',
  'preview_url',
  'is_favorite',
  'sent_at',
  'created_at',
  'updated_at',
].sort();

describe('cards API', () => {
  let app: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  const cards = () => app.strapi.plugin('greeting-cards').service('cards');
  const post = (path: string, user: TestUser | null, body?: unknown) => {
    const req = app.http().post(path);
    if (user) req.set(user.auth);
    return body === undefined ? req : req.send(body as object);
  };
  const newCard = async (user: TestUser, body: Record<string, unknown> = { title: 'Mine', canvas_data: design() }) =>
    (await post('/api/cards/', user, body).expect(201)).body;

  appForSuite({ SERVICE_RENDERER: 'memory' }, async (booted) => {
    app = booted;
    alice = await createUser(app.strapi);
    bob = await createUser(app.strapi);
  });

  it('answers 401 to anonymous callers on every private route', async () => {
    const card = await newCard(alice);
    const calls = [
      app.http().get('/api/cards/'),
      app.http().post('/api/cards/').send({ title: 'x' }),
      app.http().get(`/api/cards/${card.id}/`),
      app.http().patch(`/api/cards/${card.id}/`).send({ title: 'x' }),
      app.http().delete(`/api/cards/${card.id}/`),
      app.http().post(`/api/cards/${card.id}/save_design/`).send({ canvas_data: design() }),
      app.http().post(`/api/cards/${card.id}/favorite/`),
      app.http().post('/api/templates/balloon-party/personalize/'),
      app.http().get('/api/library/'),
    ];
    for (const call of calls) {
      const res = await call;
      expect({ url: res.req.path, status: res.status, body: res.body }).toEqual({
        url: res.req.path,
        status: 401,
        body: { detail: 'Authentication credentials were not provided.' },
      });
    }
    const bad = await app.http().get('/api/cards/').set({ Authorization: 'Bearer nope' });
    expect(bad.status).toBe(401);
    expect(await app.strapi.db.query(CARD as any).findOne({ where: { id: card.id } })).toMatchObject({ title: 'Mine' });
  });

  describe('POST /api/cards/', () => {
    it('creates a draft card and answers 201 with the card body', async () => {
      const res = await post('/api/cards/', alice, {
        title: 'For Gran',
        canvas_data: design(),
        inside_message: 'Love you',
      }).expect(201);
      expect(Object.keys(res.body).sort()).toEqual(CARD_KEYS);
      expect(res.body).toMatchObject({
        id: expect.any(Number),
        title: 'For Gran',
        status: 'draft',
        canvas_data: design(),
        inside_message: 'Love you',
        template: null,
        occasion: null,
        preview_url: null,
        is_favorite: false,
        sent_at: null,
      });
      expect(Date.parse(res.body.created_at)).not.toBeNaN();
      expect(Date.parse(res.body.updated_at)).not.toBeNaN();
    });

    it('starts from a blank canvas when none is given', async () => {
      const res = await post('/api/cards', alice, {}).expect(201);
      expect(res.body).toMatchObject({ title: '', status: 'draft', inside_message: '' });
      expect(res.body.canvas_data).toEqual({
        version: '7.0.0',
        width: 600,
        height: 850,
        background: '#FFFFFF',
        objects: [],
      });
    });

    it('stores only the keys the design format knows', async () => {
      const res = await post('/api/cards/', alice, {
        canvas_data: {
          ...design([{ ...text(), clipPath: { type: 'image', src: 'https://x.test/a.png' } }]),
          junk: true,
        },
      }).expect(201);
      expect(res.body.canvas_data).toEqual(design());
    });

    it('rejects bad field types with field errors', async () => {
      expect((await post('/api/cards/', alice, { title: 42 }).expect(400)).body).toEqual({
        title: ['Not a valid string.'],
      });
      expect((await post('/api/cards/', alice, { title: 'x'.repeat(201) }).expect(400)).body).toEqual({
        title: ['Ensure this field has no more than 200 characters.'],
      });
      expect((await post('/api/cards/', alice, { inside_message: ['x'] }).expect(400)).body).toEqual({
        inside_message: ['Not a valid string.'],
      });
      expect((await post('/api/cards/', alice, [1, 2]).expect(400)).body).toEqual({
        non_field_errors: ['Invalid data. Expected a dictionary.'],
      });
      expect((await post('/api/cards/', alice, { canvas_data: 'x' }).expect(400)).body).toEqual({
        canvas_data: ['must be a JSON object'],
      });
      expect((await post('/api/cards/', alice, { canvas_data: null }).expect(400)).body).toEqual({
        canvas_data: ['must be a JSON object'],
      });
    });

    it('answers 400, never 500, to malformed JSON', async () => {
      const res = await app
        .http()
        .post('/api/cards/')
        .set(alice.auth)
        .set('Content-Type', 'application/json')
        .send('{"title": ');
      expect(res.status).toBe(400);
    });

    it('validates canvas_data and names the field that is wrong', async () => {
      const cases: Array<[unknown, string[]]> = [
        [design([], { background: 'red' }), ['background: must be a colour in #RRGGBB form']],
        [
          design([text(), { type: 'polygon', left: 0, top: 0 }]),
          ['objects[1].type: must be one of text, textbox, i-text, emoji, image, rect, circle, path'],
        ],
        [design([text(), text(), text(), text({ fontSize: 'big' })]), ['objects[3].fontSize: must be a number']],
        [design(Array.from({ length: 501 }, () => text())), ['objects: must hold at most 500 objects (got 501)']],
        [
          design([{ type: 'image', src: 'data:image/svg+xml;base64,PHN2Zz4=', left: 0, top: 0, width: 1, height: 1 }]),
          ['objects[0].src: must be a base64 data URL of a PNG, JPEG, GIF or WebP image'],
        ],
        [
          design([
            { type: 'image', src: 'https://elsewhere.test/uploads/cat.png', left: 0, top: 0, width: 1, height: 1 },
          ]),
          ['objects[0].src: must be an upload of this service (/uploads/...) or an image data URL'],
        ],
        [{ background: '#FFFFFF', objects: [] }, ['version: is required']],
      ];
      for (const [canvas, errors] of cases) {
        const res = await post('/api/cards/', alice, { canvas_data: canvas });
        expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { canvas_data: errors } });
      }
    });

    it('refuses a design over the size limit without a server error', async () => {
      // Just over 1 MiB: refused either by the body parser (413) or by the validator (400).
      const big = design(
        [text({ text: 'x'.repeat(9_000) })].concat(
          Array.from({ length: 120 }, () => text({ text: 'y'.repeat(9_000) })),
        ),
      );
      const res = await post('/api/cards/', alice, { canvas_data: big });
      expect([400, 413]).toContain(res.status);
    });
  });

  describe('GET /api/cards/', () => {
    it("lists only the caller's cards, newest first, paginated", async () => {
      const carol = await createUser(app.strapi);
      const made = [];
      for (let i = 0; i < 3; i++) made.push(await newCard(carol, { title: `Card ${i}` }));
      await newCard(bob, { title: 'Not yours' });
      const res = await app.http().get('/api/cards/').set(carol.auth).expect(200);
      expect(res.body).toMatchObject({ count: 3, next: null, previous: null });
      expect(res.body.results.map((c: any) => c.title)).toEqual(['Card 2', 'Card 1', 'Card 0']);
      expect(Object.keys(res.body.results[0]).sort()).toEqual(CARD_KEYS);
      const page = await app.http().get('/api/cards/?page_size=2&page=2').set(carol.auth).expect(200);
      expect(page.body.results.map((c: any) => c.id)).toEqual([made[0].id]);
      expect(page.body.next).toBeNull();
      expect(new URL(page.body.previous).searchParams.get('page')).toBeNull();
      expect((await app.http().get('/api/cards/?page=3&page_size=2').set(carol.auth).expect(404)).body).toEqual({
        detail: 'Invalid page.',
      });
    });

    it('gives an empty first page to a user with no cards', async () => {
      const dave = await createUser(app.strapi);
      expect((await app.http().get('/api/cards').set(dave.auth).expect(200)).body).toEqual({
        count: 0,
        next: null,
        previous: null,
        results: [],
      });
    });
  });

  describe('GET/PATCH/DELETE /api/cards/{id}/', () => {
    it("returns the caller's card", async () => {
      const card = await newCard(alice);
      const res = await app.http().get(`/api/cards/${card.id}/`).set(alice.auth).expect(200);
      // The detail adds the preflight report and the photos' print resolutions (issue 21) to the card as
      // the other routes give it.
      expect(res.body).toEqual({ ...card, preflight: expect.any(Array), photo_resolutions: expect.any(Array) });
      await app.http().get(`/api/cards/${card.id}`).set(alice.auth).expect(200);
    });

    it("answers 404 for another user's card, unknown ids and ids that cannot exist", async () => {
      const card = await newCard(alice);
      const nf = { detail: 'Not found.' };
      expect((await app.http().get(`/api/cards/${card.id}/`).set(bob.auth).expect(404)).body).toEqual(nf);
      expect(
        (await app.http().patch(`/api/cards/${card.id}/`).set(bob.auth).send({ title: 'Mine now' }).expect(404)).body,
      ).toEqual(nf);
      expect((await app.http().delete(`/api/cards/${card.id}/`).set(bob.auth).expect(404)).body).toEqual(nf);
      expect(
        (await post(`/api/cards/${card.id}/save_design/`, bob, { canvas_data: design() }).expect(404)).body,
      ).toEqual(nf);
      expect((await post(`/api/cards/${card.id}/favorite/`, bob, {}).expect(404)).body).toEqual(nf);
      for (const id of ['999999', 'abc', '99999999999999999999', '0', '-1', '1.5']) {
        expect((await app.http().get(`/api/cards/${id}/`).set(alice.auth).expect(404)).body).toEqual(nf);
      }
      const unchanged = await app.http().get(`/api/cards/${card.id}/`).set(alice.auth).expect(200);
      expect(unchanged.body).toMatchObject({ title: 'Mine', is_favorite: false, status: 'draft' });
    });

    it('PATCH changes title, canvas_data and inside_message', async () => {
      const card = await newCard(alice);
      const canvas = design([text({ text: 'Changed' })], { background: '#000000' });
      const res = await app
        .http()
        .patch(`/api/cards/${card.id}/`)
        .set(alice.auth)
        .send({ title: 'New', canvas_data: canvas, inside_message: 'Inside' })
        .expect(200);
      expect(res.body).toMatchObject({
        id: card.id,
        title: 'New',
        canvas_data: canvas,
        inside_message: 'Inside',
        status: 'draft',
      });
      const partial = await app
        .http()
        .patch(`/api/cards/${card.id}`)
        .set(alice.auth)
        .send({ title: 'Only title' })
        .expect(200);
      expect(partial.body).toMatchObject({ title: 'Only title', canvas_data: canvas, inside_message: 'Inside' });
    });

    it('PATCH validates its fields', async () => {
      const card = await newCard(alice);
      expect(
        (
          await app
            .http()
            .patch(`/api/cards/${card.id}/`)
            .set(alice.auth)
            .send({ canvas_data: design([], { background: '#12' }) })
            .expect(400)
        ).body,
      ).toEqual({ canvas_data: ['background: must be a colour in #RRGGBB form'] });
      expect(
        (
          await app
            .http()
            .patch(`/api/cards/${card.id}/`)
            .set(alice.auth)
            .send({ canvas_data: design([], { pattern: { name: 'tartan', color: '#D6336C' } }) })
            .expect(400)
        ).body,
      ).toEqual({ canvas_data: ['pattern.name: must be one of dots, stripes, checks, hearts, stars, confetti'] });
      const patterned = design([], { pattern: { name: 'stars', color: '#D6336C' } });
      expect(
        (await app.http().patch(`/api/cards/${card.id}/`).set(alice.auth).send({ canvas_data: patterned }).expect(200))
          .body.canvas_data,
      ).toEqual(patterned);
      expect(
        (await app.http().patch(`/api/cards/${card.id}/`).set(alice.auth).send({ title: null }).expect(400)).body,
      ).toEqual({ title: ['Not a valid string.'] });
      expect(
        (await app.http().patch(`/api/cards/${card.id}/`).set(alice.auth).send({ status: 5 }).expect(400)).body,
      ).toEqual({ status: ['Not a valid string.'] });
    });

    it('PATCH may archive and un-archive, but not set order or fulfilment statuses', async () => {
      const card = await newCard(alice);
      const archived = await app
        .http()
        .patch(`/api/cards/${card.id}/`)
        .set(alice.auth)
        .send({ status: 'archived' })
        .expect(200);
      expect(archived.body.status).toBe('archived');
      const back = await app
        .http()
        .patch(`/api/cards/${card.id}/`)
        .set(alice.auth)
        .send({ status: 'saved' })
        .expect(200);
      expect(back.body.status).toBe('saved');
      for (const status of ['ordered', 'sent', 'delivered', 'lost']) {
        const res = await app.http().patch(`/api/cards/${card.id}/`).set(alice.auth).send({ status }).expect(400);
        expect(res.body).toEqual({
          status: [`"${status}" is not a status you can set; choose one of draft, saved, archived.`],
        });
      }
      expect((await app.http().get(`/api/cards/${card.id}/`).set(alice.auth)).body.status).toBe('saved');
    });

    it('an ordered card can be archived but not un-archived, edited or deleted', async () => {
      const card = await newCard(alice);
      // What orders does on payment: a placed order holds the card, whose status becomes ordered.
      const order = await app.strapi.db
        .query(ORDER as any)
        .create({ data: { uuid: `paid-${card.id}`, user: alice.id, status: 'paid' } });
      await app.strapi.db
        .query(ORDER_ITEM as any)
        .create({ data: { order: order.id, card: card.id, delivery_method: 'ecard' } });
      await cards().setStatus(card.id, 'ordered');
      expect(
        (await app.http().patch(`/api/cards/${card.id}/`).set(alice.auth).send({ inside_message: 'later' }).expect(409))
          .body,
      ).toEqual({ detail: expect.any(String) });
      expect(
        (await post(`/api/cards/${card.id}/save_design/`, alice, { canvas_data: design() }).expect(409)).body,
      ).toEqual({ detail: expect.any(String) });
      const del = await app.http().delete(`/api/cards/${card.id}/`).set(alice.auth).expect(409);
      expect(del.body).toEqual({ detail: 'This card has been ordered and cannot be deleted. Archive it instead.' });
      await app.http().patch(`/api/cards/${card.id}/`).set(alice.auth).send({ status: 'archived' }).expect(200);
      const back = await app
        .http()
        .patch(`/api/cards/${card.id}/`)
        .set(alice.auth)
        .send({ status: 'saved' })
        .expect(400);
      expect(back.body).toEqual({ status: ['A card that has been ordered can only be archived.'] });
      await app.http().patch(`/api/cards/${card.id}/`).set(alice.auth).send({ title: 'Renamed' }).expect(200);
      await app.http().delete(`/api/cards/${card.id}/`).set(alice.auth).expect(409);
      expect((await app.http().get(`/api/cards/${card.id}/`).set(alice.auth).expect(200)).body).toMatchObject({
        status: 'archived',
        title: 'Renamed',
      });
    });

    it('a sent card that was archived stays frozen even without an order row', async () => {
      const card = await newCard(alice);
      await cards().setStatus(card.id, 'sent');
      await app.http().patch(`/api/cards/${card.id}/`).set(alice.auth).send({ status: 'archived' }).expect(200);
      await app.http().patch(`/api/cards/${card.id}/`).set(alice.auth).send({ status: 'draft' }).expect(400);
      await post(`/api/cards/${card.id}/save_design/`, alice, { canvas_data: design() }).expect(409);
      await app.http().delete(`/api/cards/${card.id}/`).set(alice.auth).expect(409);
    });

    it('DELETE removes a card (204); sent cards and cards in an order cannot be deleted', async () => {
      const card = await newCard(alice);
      const res = await app.http().delete(`/api/cards/${card.id}/`).set(alice.auth).expect(204);
      expect(res.text).toBe('');
      await app.http().get(`/api/cards/${card.id}/`).set(alice.auth).expect(404);
      await app.http().delete(`/api/cards/${card.id}/`).set(alice.auth).expect(404);

      const sent = await newCard(alice);
      await cards().setStatus(sent.id, 'sent');
      await app.http().delete(`/api/cards/${sent.id}/`).set(alice.auth).expect(409);

      const inCart = await newCard(alice);
      const order = await app.strapi.db
        .query(ORDER as any)
        .create({ data: { uuid: `u-${inCart.id}`, user: alice.id, status: 'cart' } });
      await app.strapi.db
        .query(ORDER_ITEM as any)
        .create({ data: { order: order.id, card: inCart.id, delivery_method: 'ecard' } });
      const cartRes = await app.http().delete(`/api/cards/${inCart.id}/`).set(alice.auth).expect(409);
      expect(cartRes.body).toEqual({
        detail: 'This card is in your cart. Remove it from the cart before deleting it.',
      });
      await app.http().get(`/api/cards/${inCart.id}/`).set(alice.auth).expect(200);
    });
  });

  describe('POST /api/cards/{id}/save_design/', () => {
    it('saves the design and marks the card saved', async () => {
      const card = await newCard(alice);
      const canvas = design([text({ text: 'Saved!' })]);
      const res = await post(`/api/cards/${card.id}/save_design/`, alice, {
        canvas_data: canvas,
        inside_message: 'With love',
        title: 'Final',
      }).expect(200);
      expect(Object.keys(res.body).sort()).toEqual(CARD_KEYS);
      expect(res.body).toMatchObject({
        id: card.id,
        status: 'saved',
        canvas_data: canvas,
        inside_message: 'With love',
        title: 'Final',
      });
      const again = await post(`/api/cards/${card.id}/save_design`, alice, { canvas_data: design() }).expect(200);
      expect(again.body).toMatchObject({
        status: 'saved',
        inside_message: 'With love',
        title: 'Final',
        canvas_data: design(),
      });
    });

    it('renders and records a preview of the saved design, once per distinct design', async () => {
      const provider = app.strapi.plugin('greeting-cards').service('rendering').provider() as {
        calls: Array<{ method: string; detail: unknown }>;
      };
      const card = await newCard(alice);
      const words = `Preview ${card.id}-${Date.now()}`;
      const canvas = design([text({ text: words })]);
      // Renders of this design only: creating a card (and earlier tests' edits) also queue debounced
      // background renders of other designs, which may land while this test runs.
      const pngs = () =>
        provider.calls.filter((c) => c.method === 'designPng' && JSON.stringify(c.detail).includes(words)).length;
      const before = pngs();
      const res = await post(`/api/cards/${card.id}/save_design/`, alice, { canvas_data: canvas }).expect(200);
      expect(res.body.preview_url).toMatch(/^\/uploads\/greeting-cards\/previews\/[0-9a-f]+\.png$/);
      expect(pngs()).toBe(before + 1);
      const again = await post(`/api/cards/${card.id}/save_design/`, alice, { canvas_data: canvas }).expect(200);
      expect(again.body.preview_url).toBe(res.body.preview_url);
      expect(pngs()).toBe(before + 1);
      const library = (await app.http().get('/api/library/?type=saved&page_size=100').set(alice.auth).expect(200)).body;
      expect(library.results.find((e: any) => e.card.id === card.id).card.preview_url).toBe(res.body.preview_url);
      await app.http().get(res.body.preview_url).expect(200).expect('Content-Type', /png/);
    });

    it('requires canvas_data and validates every field', async () => {
      const card = await newCard(alice);
      expect((await post(`/api/cards/${card.id}/save_design/`, alice, {}).expect(400)).body).toEqual({
        canvas_data: ['This field is required.'],
      });
      expect(
        (
          await post(`/api/cards/${card.id}/save_design/`, alice, {
            canvas_data: design([{ type: 'blob', left: 0, top: 0 }]),
          }).expect(400)
        ).body,
      ).toEqual({
        canvas_data: ['objects[0].type: must be one of text, textbox, i-text, emoji, image, rect, circle, path'],
      });
      expect(
        (
          await post(`/api/cards/${card.id}/save_design/`, alice, { canvas_data: design(), inside_message: 3 }).expect(
            400,
          )
        ).body,
      ).toEqual({ inside_message: ['Not a valid string.'] });
      expect((await app.http().get(`/api/cards/${card.id}/`).set(alice.auth)).body.status).toBe('draft');
    });
  });

  describe('POST /api/cards/{id}/favorite/', () => {
    it('marks and unmarks the favourite', async () => {
      const card = await newCard(alice);
      expect((await post(`/api/cards/${card.id}/favorite/`, alice).expect(200)).body).toEqual({
        id: card.id,
        is_favorite: true,
      });
      expect((await app.http().get(`/api/cards/${card.id}/`).set(alice.auth)).body.is_favorite).toBe(true);
      expect((await post(`/api/cards/${card.id}/favorite/`, alice, { is_favorite: false }).expect(200)).body).toEqual({
        id: card.id,
        is_favorite: false,
      });
      expect((await app.http().get(`/api/cards/${card.id}/`).set(alice.auth)).body.is_favorite).toBe(false);
      expect((await post(`/api/cards/${card.id}/favorite/`, alice, { is_favorite: 'yes' }).expect(400)).body).toEqual({
        is_favorite: ['Must be a valid boolean.'],
      });
    });
  });

  describe('POST /api/templates/{slug}/personalize/', () => {
    it('creates a draft holding a deep copy of the template design', async () => {
      const template = await app.strapi.db
        .query(TEMPLATE as any)
        .findOne({ where: { slug: 'balloon-party', publishedAt: { $notNull: true } }, populate: ['occasion'] });
      const res = await post('/api/templates/balloon-party/personalize/', alice).expect(201);
      expect(Object.keys(res.body).sort()).toEqual(CARD_KEYS);
      expect(res.body).toMatchObject({
        status: 'draft',
        template: 'balloon-party',
        occasion: 'birthday',
        title: 'Balloon Party',
        canvas_data: template.canvas_data,
      });

      const changed = { ...res.body.canvas_data, background: '#000000', objects: [text({ text: 'Mine' })] };
      await app.http().patch(`/api/cards/${res.body.id}/`).set(alice.auth).send({ canvas_data: changed }).expect(200);
      const after = await app.strapi.db
        .query(TEMPLATE as any)
        .findOne({ where: { slug: 'balloon-party', publishedAt: { $notNull: true } } });
      expect(after.canvas_data).toEqual(template.canvas_data);
      expect(after.popularity).toBe(template.popularity + 1);

      const second = await post('/api/templates/balloon-party/personalize', alice).expect(201);
      expect(second.body.id).not.toBe(res.body.id);
      expect(second.body.canvas_data).toEqual(template.canvas_data);
    });

    it('answers 404 for unknown and inactive templates', async () => {
      await app.strapi.db.query(TEMPLATE as any).create({
        data: { name: 'Withdrawn', slug: 'withdrawn', style: 'funny', is_active: false, canvas_data: design() },
      });
      for (const slug of ['nope', 'withdrawn']) {
        expect((await post(`/api/templates/${slug}/personalize/`, alice).expect(404)).body).toEqual({
          detail: 'Not found.',
        });
      }
    });

    it('refuses premium templates and assets without a subscription (403), and reports what is involved', async () => {
      const res = await post('/api/templates/classic-gold-birthday/personalize/', alice).expect(403);
      expect(res.body.detail).toMatch(/subscribe at \/subscriptions\//i);
      const premium = app.strapi.plugin('greeting-cards').service('premium');
      const template = await app.strapi.db.query(TEMPLATE as any).findOne({ where: { slug: 'classic-gold-birthday' } });
      const sticker = await app.strapi.db.query('plugin::greeting-cards.asset' as any).create({
        data: { name: 'Gold star', asset_type: 'sticker', emoji: '🌟', is_premium: true, publishedAt: new Date() },
      });
      const canvas = design([{ type: 'emoji', text: '🌟', left: 0, top: 0, fontSize: 40, assetId: sticker.id }]);
      expect(await premium.premiumContent({ templateId: template.id, canvasData: canvas })).toEqual({
        premiumTemplate: true,
        premiumAssetIds: [sticker.id],
      });
      expect(await premium.assertAccess(alice.id, { canvasData: design() })).toEqual({
        premiumTemplate: false,
        premiumAssetIds: [],
      });
      await post('/api/cards/', alice, { canvas_data: canvas }).expect(403);
    });
  });

  describe('cards.setStatus and cards.findOwned', () => {
    it('sets the status and stamps sent_at once', async () => {
      const card = await newCard(alice);
      await cards().setStatus(card.id, 'ordered');
      expect((await app.http().get(`/api/cards/${card.id}/`).set(alice.auth)).body).toMatchObject({
        status: 'ordered',
        sent_at: null,
      });
      await cards().setStatus(card.id, 'sent');
      const sent = (await app.http().get(`/api/cards/${card.id}/`).set(alice.auth)).body;
      expect(sent.status).toBe('sent');
      expect(Date.parse(sent.sent_at)).not.toBeNaN();
      await cards().setStatus(card.id, 'delivered');
      const delivered = (await app.http().get(`/api/cards/${card.id}/`).set(alice.auth)).body;
      expect(delivered).toMatchObject({ status: 'delivered', sent_at: sent.sent_at });
      await expect(cards().setStatus(987654, 'sent')).rejects.toMatchObject({ status: 404 });
    });

    it('setStatusMany (a batch of sends) stamps sent_at once, in the status UPDATE', async () => {
      const [one, two] = [await newCard(alice), await newCard(alice)];
      await cards().setStatusMany([one.id, two.id], 'ordered');
      const read = async (id: number) => (await app.http().get(`/api/cards/${id}/`).set(alice.auth)).body;
      expect(await read(one.id)).toMatchObject({ status: 'ordered', sent_at: null });
      await cards().setStatusMany([one.id], 'sent');
      const first = await read(one.id);
      expect(Date.parse(first.sent_at)).not.toBeNaN();
      expect(await read(two.id)).toMatchObject({ status: 'ordered', sent_at: null });
      await cards().setStatusMany([one.id, two.id], 'delivered');
      expect(await read(one.id)).toMatchObject({ status: 'delivered', sent_at: first.sent_at });
      const second = await read(two.id);
      expect(second.status).toBe('delivered');
      expect(Date.parse(second.sent_at)).not.toBeNaN();
    });

    it('findOwned returns the card or throws the 404 error', async () => {
      const card = await newCard(alice);
      expect(await cards().findOwned(alice.id, card.id)).toMatchObject({ id: card.id, title: 'Mine' });
      // The service throws the message by code; the edge writes it in the request's language.
      const refused = (await cards()
        .findOwned(bob.id, card.id)
        .then(
          () => null,
          (e: unknown) => e,
        )) as { status: number; body: unknown } | null;
      expect(refused?.status).toBe(404);
      expect(inEnglish(refused?.body)).toEqual({ detail: 'Not found.' });
    });
  });
});
