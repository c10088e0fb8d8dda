import { appForSuite, TestApp } from '../helpers/strapi';

const UIDS = [
  'occasion',
  'template',
  'asset',
  'card',
  'library-entry',
  'recipient',
  'reminder',
  'gift-addon',
  'promo-code',
  'promo-use',
  'order',
  'order-status-change',
  'order-item',
  'delivery',
  'delivery-event',
  'refund',
  'subscription-plan',
  'subscription',
  'billing-profile',
  'payment-event',
  'payment-issue',
  'catalogue-version',
  'photo',
  'email-proof',
].map((n) => `plugin::greeting-cards.${n}`);

const CURATED = ['occasion', 'template', 'asset', 'gift-addon', 'promo-code', 'subscription-plan'].map(
  (n) => `plugin::greeting-cards.${n}`,
);

describe('foundation: content types and sample data', () => {
  let app: TestApp;
  appForSuite({}, (booted) => {
    app = booted;
  });

  it('registers every content type with its fields', () => {
    for (const uid of UIDS) {
      const ct = app.strapi.contentType(uid as any);
      expect(ct).toBeDefined();
    }
    const delivery = app.strapi.contentType('plugin::greeting-cards.delivery' as any) as any;
    expect(Object.keys(delivery.attributes)).toEqual(
      expect.arrayContaining([
        'status',
        'scheduled_for',
        'sent_at',
        'delivered_at',
        'tracking_reference',
        'view_token',
        'attempts',
        'last_error',
        'first_viewed_at',
        'view_count',
      ]),
    );
    const recipient = app.strapi.contentType('plugin::greeting-cards.recipient' as any) as any;
    expect(recipient.attributes.country.default).toBe('GB');
    expect(recipient.attributes.owner.target).toBe('plugin::users-permissions.user');
  });

  it('shows curated types in the Content Manager and hides internal ones', () => {
    for (const uid of UIDS) {
      const ct = app.strapi.contentType(uid as any) as any;
      const visible = ct.pluginOptions?.['content-manager']?.visible !== false;
      expect({ uid, visible }).toEqual({ uid, visible: CURATED.includes(uid) });
    }
  });

  it('seeds the sample catalogue on first boot', async () => {
    const q = (uid: string) => app.strapi.db.query(uid as any);
    expect(await q('plugin::greeting-cards.occasion').count()).toBeGreaterThanOrEqual(8);
    const templates = await q('plugin::greeting-cards.template').findMany({ populate: ['occasion'] });
    expect(templates.length).toBeGreaterThanOrEqual(12);
    expect(templates.filter((t: any) => t.is_premium).length).toBeGreaterThanOrEqual(2);
    expect(new Set(templates.map((t: any) => t.style)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(templates.map((t: any) => t.occasion?.slug).filter(Boolean)).size).toBeGreaterThanOrEqual(8);
    for (const t of templates) {
      expect(t.documentId).toEqual(expect.any(String));
      expect(t.canvas_data.background).toMatch(/^#[0-9A-Fa-f]{6}$/);
    }
    const types = new Set(templates.flatMap((t: any) => t.canvas_data.objects.map((o: any) => o.type)));
    expect(types).toEqual(expect.objectContaining({}));
    expect([...types]).toEqual(expect.arrayContaining(['textbox', 'emoji']));
    const stickers = await q('plugin::greeting-cards.asset').findMany({ where: { asset_type: 'sticker' } });
    expect(stickers.length).toBeGreaterThanOrEqual(24);
    expect(stickers.every((s: any) => typeof s.emoji === 'string' && s.emoji.length > 0)).toBe(true);
    // Draft & publish: each sample entry is a draft row and its published copy.
    expect(await q('plugin::greeting-cards.gift-addon').count({ where: { publishedAt: { $notNull: true } } })).toBe(3);
    expect(await q('plugin::greeting-cards.gift-addon').count({ where: { publishedAt: { $null: true } } })).toBe(3);
    const plan = await q('plugin::greeting-cards.subscription-plan').findOne({ where: { slug: 'premium' } });
    expect(plan).toMatchObject({ interval: 'month', grants_premium: true, is_active: true });
    const promo = await q('plugin::greeting-cards.promo-code').findOne({ where: { code: 'FIRSTCARD' } });
    expect(promo).toMatchObject({ kind: 'free_ecard', is_active: true });
  });

  it('changes nothing when seeding runs again', async () => {
    const {
      seedSampleData,
    } = require('../../plugins/greeting-cards/dist/server/areas/catalogue/seed/seed-sample-data');
    const count = () => app.strapi.db.query('plugin::greeting-cards.template').count();
    const before = await count();
    const result = await seedSampleData(app.strapi);
    expect(result).toEqual({ seeded: false, created: 0 });
    expect(await count()).toBe(before);
  });

  it('enforces database-level uniqueness of webhook event ids', async () => {
    const q = app.strapi.db.query('plugin::greeting-cards.payment-event' as any);
    await q.create({ data: { provider: 'stripe', event_id: 'evt_same', type: 'x' } });
    // Not `rejects.toThrow()`: the driver's error comes from another realm, and jest then sometimes
    // reports "did not throw" although the insert was refused. Read the error itself.
    const error = await q.create({ data: { provider: 'stripe', event_id: 'evt_same', type: 'x' } }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(String((error as Error | null)?.message ?? error)).toMatch(/unique|duplicate/i);
    expect(await q.count({ where: { event_id: 'evt_same' } })).toBe(1);
  });
});
