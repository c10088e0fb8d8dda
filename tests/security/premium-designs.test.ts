import { appForSuite, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';

const ASSET = 'plugin::greeting-cards.asset';
const TEMPLATE = 'plugin::greeting-cards.template';

// Issue 9, item 4: premium designs are listed (with their preview) for everyone, but their drawable
// data only reaches subscribers, and pasting a premium design's objects into one's own card is 403.
describe('security: premium designs stay premium', () => {
  let app: TestApp;
  let premiumCanvas: { objects: unknown[] };
  let subscriber: TestUser;
  const http = () => app.http();
  type Listed = Record<string, unknown> & { slug?: string; name?: string };
  const templateIn = (body: { results: Listed[] }, slug: string) => body.results.find((t) => t.slug === slug)!;

  appForSuite({ SERVICE_RENDERER: 'memory' }, async (booted) => {
    app = booted;
    const premium = await app.strapi.db.query(TEMPLATE).findOne({ where: { slug: 'classic-gold-birthday' } });
    premiumCanvas = premium.canvas_data;
    // Every row of the sticker's document (its draft and published rows).
    await app.strapi.db.query(ASSET).updateMany({
      where: { name: 'Crown' },
      data: { svg: '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>' },
    });
    subscriber = await createUser(app.strapi);
    await http().post('/api/subscriptions/checkout/').set(subscriber.auth).send({ plan_slug: 'premium' }).expect(200);
  });

  it('lists premium templates with their preview; their design only on the detail route, for subscribers', async () => {
    expect(premiumCanvas.objects.length).toBeGreaterThan(0);
    const plain = await createUser(app.strapi);
    for (const auth of [{}, plain.auth]) {
      const list = (await http().get('/api/templates/?page_size=100').set(auth).expect(200)).body;
      expect(templateIn(list, 'classic-gold-birthday')).toMatchObject({ is_premium: true, name: expect.any(String) });
      expect(templateIn(list, 'classic-gold-birthday')).toHaveProperty('thumbnail_url');
      // Lists carry no designs at all, so one cached list serves everyone.
      expect(templateIn(list, 'classic-gold-birthday')).not.toHaveProperty('canvas_data');
      expect(templateIn(list, 'balloon-party')).not.toHaveProperty('canvas_data');
      expect((await http().get('/api/templates/balloon-party/').set(auth).expect(200)).body.canvas_data).toEqual(
        expect.objectContaining({ objects: expect.any(Array) }),
      );
      expect(
        (await http().get('/api/templates/classic-gold-birthday/').set(auth).expect(200)).body.canvas_data,
      ).toBeNull();
      const assets = (await http().get('/api/assets/?page_size=100').set(auth).expect(200)).body.results;
      expect((assets as Listed[]).find((a) => a.name === 'Crown')).toMatchObject({ is_premium: true, svg: null });
    }
    const full = (await http().get('/api/templates/classic-gold-birthday/').set(subscriber.auth).expect(200)).body;
    expect(full.canvas_data).toEqual(premiumCanvas);
    const assets = (await http().get('/api/assets/?page_size=100').set(subscriber.auth).expect(200)).body.results;
    expect((assets as Listed[]).find((a) => a.name === 'Crown')?.svg).toMatch(/<svg/);
  });

  it('refuses a card whose design copies a premium template, on create, PATCH and save_design', async () => {
    const user = await createUser(app.strapi);
    // Moved a little, as a copy would be.
    const copied = {
      ...premiumCanvas,
      objects: (premiumCanvas.objects as Array<{ left?: number }>).map((o) => ({ ...o, left: (o.left ?? 0) + 3 })),
    };
    const created = await http().post('/api/cards/').set(user.auth).send({ title: 'Mine', canvas_data: copied });
    expect(created.status).toBe(403);
    expect(created.body.detail).toMatch(/premium/);
    const card = (await http().post('/api/cards/').set(user.auth).send({ title: 'Mine' }).expect(201)).body;
    expect((await http().patch(`/api/cards/${card.id}/`).set(user.auth).send({ canvas_data: copied })).status).toBe(
      403,
    );
    expect(
      (await http().post(`/api/cards/${card.id}/save_design/`).set(user.auth).send({ canvas_data: copied })).status,
    ).toBe(403);
    // A subscriber may.
    await http().post('/api/cards/').set(subscriber.auth).send({ title: 'Mine', canvas_data: copied }).expect(201);
  });
});
