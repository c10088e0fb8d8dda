import { appForSuite, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { createPlan, endPeriods } from '../helpers/subscriptions';

const ASSET = 'plugin::greeting-cards.asset';
const design = (objects: unknown[] = []) => ({ version: '7.0.0', background: '#FFFFFF', objects });
// A sticker draws its asset's own emoji: premium is judged by what an object draws, so a free asset id
// on the crown's emoji is premium too (tests/security/premium-stickers.test.ts).
const sticker = (asset: { id: number; emoji?: string | null }) => ({
  type: 'emoji',
  text: asset.emoji ?? '',
  left: 10,
  top: 10,
  fontSize: 40,
  assetId: asset.id,
});

// Seeded sample data: classic-gold-birthday is a premium template, balloon-party is not; the Crown
// sticker is premium; the "premium" plan grants premium.
describe('premium gating', () => {
  let app: TestApp;
  let crown: { id: number; emoji?: string | null };
  let heart: { id: number; emoji?: string | null };
  const http = () => app.http();
  const personalize = (u: TestUser, slug: string) => http().post(`/api/templates/${slug}/personalize/`).set(u.auth);
  const saveDesign = (u: TestUser, id: number, canvas: unknown) =>
    http().post(`/api/cards/${id}/save_design/`).set(u.auth).send({ canvas_data: canvas });
  const newCard = async (u: TestUser) =>
    (await http().post('/api/cards/').set(u.auth).send({ title: 'Plain', canvas_data: design() }).expect(201)).body;
  const subscribe = (u: TestUser, slug = 'premium') =>
    http().post('/api/subscriptions/checkout/').set(u.auth).send({ plan_slug: slug }).expect(200);

  appForSuite({ SERVICE_RENDERER: 'memory' }, async (booted) => {
    app = booted;
    crown = await app.strapi.db.query(ASSET).findOne({ where: { name: 'Crown', publishedAt: { $notNull: true } } });
    heart = await app.strapi.db
      .query(ASSET)
      .findOne({ where: { is_premium: false, asset_type: 'sticker', publishedAt: { $notNull: true } } });
  });

  it('lists premium templates and assets for everyone, marked is_premium', async () => {
    const templates = (await http().get('/api/templates/?page_size=100').expect(200)).body.results;
    expect(templates.find((t: any) => t.slug === 'classic-gold-birthday')).toMatchObject({ is_premium: true });
    expect(templates.find((t: any) => t.slug === 'balloon-party')).toMatchObject({ is_premium: false });
    const assets = (await http().get('/api/assets/?asset_type=sticker&page_size=100').expect(200)).body.results;
    expect(assets.find((a: any) => a.id === crown.id)).toMatchObject({ is_premium: true });
  });

  it('refuses premium content without a subscription (403 saying where to subscribe); non-premium is always allowed', async () => {
    const user = await createUser(app.strapi);
    const denied = await personalize(user, 'classic-gold-birthday').expect(403);
    expect(denied.body).toEqual({
      detail: 'This template is premium. Subscribe at /subscriptions/ to use premium designs.',
    });
    await personalize(user, 'balloon-party').expect(201);

    const card = await newCard(user);
    const withCrown = await saveDesign(user, card.id, design([sticker(crown)])).expect(403);
    expect(withCrown.body).toEqual({
      detail: 'This design uses premium stickers or assets. Subscribe at /subscriptions/ to use premium designs.',
    });
    await http()
      .post('/api/cards/')
      .set(user.auth)
      .send({ canvas_data: design([sticker(crown)]) })
      .expect(403);
    await saveDesign(user, card.id, design([sticker(heart)])).expect(200);
    expect((await http().get(`/api/cards/${card.id}/`).set(user.auth)).body.canvas_data.objects[0].assetId).toBe(
      heart.id,
    );
  });

  it('allows premium content with a premium subscription (201/200), and refuses it again after the period ends', async () => {
    const user = await createUser(app.strapi);
    await subscribe(user);
    const personalized = await personalize(user, 'classic-gold-birthday').expect(201);
    const card = await newCard(user);
    await saveDesign(user, card.id, design([sticker(crown)])).expect(200);
    await saveDesign(user, personalized.body.id, design([sticker(crown)])).expect(200);

    await endPeriods(app.strapi, user.id);
    await personalize(user, 'classic-gold-birthday').expect(403);
    await saveDesign(user, card.id, design([sticker(crown)])).expect(403);
    await saveDesign(user, card.id, design([sticker(heart)])).expect(200);
  });

  it('a subscription to a plan that does not grant premium does not open premium content', async () => {
    await createPlan(app.strapi, { slug: 'cards-only', grants_premium: false });
    const user = await createUser(app.strapi);
    await subscribe(user, 'cards-only');
    await personalize(user, 'classic-gold-birthday').expect(403);
    await personalize(user, 'balloon-party').expect(201);
  });

  it("another user's subscription does not count", async () => {
    const paying = await createUser(app.strapi);
    const other = await createUser(app.strapi);
    await subscribe(paying);
    await personalize(paying, 'classic-gold-birthday').expect(201);
    await personalize(other, 'classic-gold-birthday').expect(403);
  });
});
