import { startApp, TestApp } from '../helpers/strapi';
import { createUser } from '../helpers/users';

const TEMPLATE = 'plugin::greeting-cards.template';
const ASSET = 'plugin::greeting-cards.asset';
const OCCASION = 'plugin::greeting-cards.occasion';
// The curated types have draft & publish: the shop lists published rows; a fixture written straight to
// the table is made published (a published row with no draft, as Strapi's own migration leaves them).
// Templates, occasions and assets are localized (Strapi i18n): the shop lists one row per document, its
// default-locale row (a fixture written straight to the table has no locale, and counts as one).
const PUBLISHED = { publishedAt: { $notNull: true }, $or: [{ locale: 'en' }, { locale: { $null: true } }] };
const published = () => ({ publishedAt: new Date() });

describe('catalogue: occasions, templates, assets', () => {
  let app: TestApp;
  const q = (uid: string) => app.strapi.db.query(uid as any);

  beforeAll(async () => {
    app = await startApp();
    await q(TEMPLATE).create({
      data: {
        ...published(),
        name: 'Hidden Draft',
        slug: 'hidden-draft',
        style: 'funny',
        is_active: false,
        popularity: 10_000,
        canvas_data: { version: '7.0.0', background: '#FFFFFF', objects: [] },
      },
    });
    await q(ASSET).create({
      data: { ...published(), name: 'Retired sticker', asset_type: 'sticker', emoji: '👻', is_active: false },
    });
  });
  afterAll(async () => {
    await app?.stop();
  });

  describe('GET /api/templates/', () => {
    it('lists active templates, most popular first, in the documented shape', async () => {
      const res = await app.http().get('/api/templates/').expect(200);
      const active = await q(TEMPLATE).count({ where: { is_active: true, ...PUBLISHED } });
      expect(res.body).toEqual({ count: active, next: null, previous: null, results: expect.any(Array) });
      expect(res.body.results).toHaveLength(active);
      expect(res.body.results.map((t: any) => t.slug)).not.toContain('hidden-draft');
      const first = res.body.results[0];
      // What a grid needs; the design itself (canvas_data) is only on the detail route.
      expect(Object.keys(first).sort()).toEqual(
        [
          'background',
          'description',
          'documentId',
          'id',
          'is_premium',
          'name',
          'occasion',
          'product',
          'slug',
          'style',
          'thumbnail_url',
        ].sort(),
      );
      const balloon = res.body.results.find((t: any) => t.slug === 'balloon-party');
      expect(balloon).toMatchObject({
        id: expect.any(Number),
        name: 'Balloon Party',
        occasion: 'birthday',
        style: 'funny',
        is_premium: false,
        thumbnail_url: null,
        background: '#FFF4D6',
      });
      const rows = await q(TEMPLATE).findMany({
        where: { is_active: true, ...PUBLISHED },
        select: ['slug', 'popularity'],
      });
      const popularity = new Map(rows.map((r: any) => [r.slug, r.popularity]));
      const listed = res.body.results.map((t: any) => popularity.get(t.slug) as number);
      expect(listed).toEqual([...listed].sort((a, b) => b - a));
    });

    it('answers without the trailing slash too', async () => {
      const res = await app.http().get('/api/templates').expect(200);
      expect(res.body.count).toBeGreaterThan(0);
    });

    it('filters by occasion slug; an unknown slug gives an empty list', async () => {
      const res = await app.http().get('/api/templates/?occasion=birthday').expect(200);
      expect(res.body.count).toBeGreaterThanOrEqual(2);
      expect(new Set(res.body.results.map((t: any) => t.occasion))).toEqual(new Set(['birthday']));
      const none = await app.http().get('/api/templates/?occasion=no-such-occasion').expect(200);
      expect(none.body).toEqual({ count: 0, next: null, previous: null, results: [] });
    });

    it('filters by style and rejects an unknown style', async () => {
      const res = await app.http().get('/api/templates/?style=luxury').expect(200);
      expect(res.body.count).toBeGreaterThanOrEqual(1);
      expect(new Set(res.body.results.map((t: any) => t.style))).toEqual(new Set(['luxury']));
      const both = await app.http().get('/api/templates/?style=funny&occasion=birthday').expect(200);
      expect(both.body.results.map((t: any) => t.slug)).toContain('balloon-party');
      expect(both.body.results.every((t: any) => t.style === 'funny' && t.occasion === 'birthday')).toBe(true);
      const bad = await app.http().get('/api/templates/?style=gothic').expect(400);
      expect(bad.body).toEqual({ style: ['"gothic" is not a valid choice.'] });
      const repeated = await app.http().get('/api/templates/?style=funny&style=kids').expect(400);
      expect(Object.keys(repeated.body)).toEqual(['style']);
    });

    it('paginates with page and page_size', async () => {
      const all = (await app.http().get('/api/templates/').expect(200)).body;
      const first = await app.http().get('/api/templates/?page_size=2').expect(200);
      expect(first.body.count).toBe(all.count);
      expect(first.body.results.map((t: any) => t.slug)).toEqual(all.results.slice(0, 2).map((t: any) => t.slug));
      expect(first.body.previous).toBeNull();
      const next = new URL(first.body.next);
      expect(next.pathname).toBe('/api/templates/');
      expect(next.searchParams.get('page')).toBe('2');
      expect(next.searchParams.get('page_size')).toBe('2');
      const second = await app.http().get(`${next.pathname}${next.search}`).expect(200);
      expect(second.body.results.map((t: any) => t.slug)).toEqual(all.results.slice(2, 4).map((t: any) => t.slug));
      expect(new URL(second.body.previous).searchParams.get('page')).toBeNull();
      const lastPage = Math.ceil(all.count / 2);
      const last = await app.http().get(`/api/templates/?page_size=2&page=${lastPage}`).expect(200);
      expect(last.body.next).toBeNull();
      expect(new URL(last.body.previous).searchParams.get('page')).toBe(
        lastPage - 1 === 1 ? null : String(lastPage - 1),
      );
    });

    it('answers 404 Invalid page. for pages out of range and 400 for a bad page_size', async () => {
      for (const page of ['999', '0', 'abc', '-1', '99999999999999999999', '1e3']) {
        const res = await app.http().get(`/api/templates/?page=${page}`).expect(404);
        expect(res.body).toEqual({ detail: 'Invalid page.' });
      }
      const bad = await app.http().get('/api/templates/?page_size=zero').expect(400);
      expect(Object.keys(bad.body)).toEqual(['page_size']);
    });
  });

  describe('GET /api/templates/{slug}/', () => {
    it('returns one active template', async () => {
      const res = await app.http().get('/api/templates/classic-gold-birthday/').expect(200);
      expect(res.body).toMatchObject({
        slug: 'classic-gold-birthday',
        is_premium: true,
        style: 'luxury',
        occasion: 'birthday',
      });
      // Premium: the design itself only for subscribers (tests/security/premium-designs.test.ts).
      expect(res.body.canvas_data).toBeNull();
      const free = await app.http().get('/api/templates/balloon-party/').expect(200);
      expect(free.body.canvas_data.objects.length).toBeGreaterThan(0);
    });
    it('answers 404 for unknown and inactive templates', async () => {
      for (const slug of ['no-such-template', 'hidden-draft']) {
        const res = await app.http().get(`/api/templates/${slug}/`).expect(404);
        expect(res.body).toEqual({ detail: 'Not found.' });
      }
    });
  });

  describe('GET /api/occasions/', () => {
    it('lists occasions by sort_order', async () => {
      await q(OCCASION).create({
        data: { ...published(), name: 'First Of All', slug: 'first-of-all', sort_order: -5 },
      });
      const res = await app.http().get('/api/occasions/').expect(200);
      expect(res.body.count).toBe(await q(OCCASION).count({ where: PUBLISHED }));
      expect(res.body.results[0]).toEqual({
        id: expect.any(Number),
        documentId: expect.any(String),
        name: 'First Of All',
        slug: 'first-of-all',
        sort_order: -5,
        month: null,
        day: null,
      });
      const orders = res.body.results.map((o: any) => o.sort_order);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
      expect(res.body.results.find((o: any) => o.slug === 'christmas')).toMatchObject({ month: 12, day: 25 });
    });
  });

  describe('GET /api/assets/', () => {
    it('lists active assets in the documented shape', async () => {
      const res = await app.http().get('/api/assets/?page_size=100').expect(200);
      expect(res.body.count).toBe(await q(ASSET).count({ where: { is_active: true, ...PUBLISHED } }));
      expect(res.body.results.map((a: any) => a.name)).not.toContain('Retired sticker');
      const sticker = res.body.results.find((a: any) => a.asset_type === 'sticker');
      expect(Object.keys(sticker).sort()).toEqual(
        ['asset_type', 'documentId', 'emoji', 'id', 'image_url', 'is_premium', 'name', 'svg', 'tags'].sort(),
      );
      expect(sticker.emoji).toEqual(expect.any(String));
      expect(Array.isArray(sticker.tags)).toBe(true);
      const background = res.body.results.find((a: any) => a.asset_type === 'background');
      expect(background.svg).toEqual(expect.any(String));
    });

    it('filters by asset_type and rejects an unknown one', async () => {
      const res = await app.http().get('/api/assets/?asset_type=background&page_size=100').expect(200);
      expect(res.body.count).toBeGreaterThan(0);
      expect(new Set(res.body.results.map((a: any) => a.asset_type))).toEqual(new Set(['background']));
      const bad = await app.http().get('/api/assets/?asset_type=hat').expect(400);
      expect(bad.body).toEqual({ asset_type: ['"hat" is not a valid choice.'] });
    });

    it('caps page_size at 100 and defaults to 24', async () => {
      await q(ASSET).createMany({
        data: Array.from({ length: 110 }, (_, i) => ({
          ...published(),
          name: `Bulk ${i}`,
          asset_type: 'pattern',
          is_active: true,
          is_premium: false,
        })),
      });
      const total = await q(ASSET).count({ where: { is_active: true, ...PUBLISHED } });
      expect(total).toBeGreaterThan(100);
      const capped = await app.http().get('/api/assets/?page_size=1000').expect(200);
      expect(capped.body.count).toBe(total);
      expect(capped.body.results).toHaveLength(100);
      expect(new URL(capped.body.next).searchParams.get('page')).toBe('2');
      const byDefault = await app.http().get('/api/assets/').expect(200);
      expect(byDefault.body.results).toHaveLength(24);
    });
  });

  it("gives every public catalogue entry its documentId (a string, Strapi's id for it) beside the numeric id", async () => {
    const routes: Array<[route: string, uid: string]> = [
      ['/api/templates/?page_size=100', TEMPLATE],
      ['/api/occasions/?page_size=100', OCCASION],
      ['/api/assets/?page_size=100&asset_type=sticker', ASSET],
      ['/api/gift_addons/?page_size=100', 'plugin::greeting-cards.gift-addon'],
      ['/api/subscriptions/plans/', 'plugin::greeting-cards.subscription-plan'],
    ];
    for (const [route, uid] of routes) {
      const res = await app.http().get(route).expect(200);
      expect({ route, count: res.body.results.length }).toEqual({ route, count: expect.any(Number) });
      expect(res.body.results.length).toBeGreaterThan(0);
      for (const entry of res.body.results) {
        expect({ route, id: entry.id, documentId: entry.documentId }).toEqual({
          route,
          id: expect.any(Number),
          documentId: expect.stringMatching(/^\w{10,}$/),
        });
        // The same entry as Strapi's Document Service knows it.
        const row = await q(uid).findOne({ where: { id: entry.id }, select: ['documentId'] });
        expect({ route, documentId: entry.documentId }).toEqual({ route, documentId: row.documentId });
      }
    }
    const detail = await app.http().get('/api/templates/balloon-party/').expect(200);
    expect(detail.body).toMatchObject({
      id: expect.any(Number),
      documentId: expect.any(String),
      slug: 'balloon-party',
    });
    const doc = await app.strapi.documents(TEMPLATE as any).findOne({ documentId: detail.body.documentId });
    expect(doc).toMatchObject({ slug: 'balloon-party' });
  });

  it('serves the catalogue to signed-in users too', async () => {
    const user = await createUser(app.strapi);
    const res = await app.http().get('/api/templates/').set(user.auth).expect(200);
    expect(res.body.count).toBeGreaterThan(0);
  });
});
