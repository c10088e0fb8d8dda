import path from 'path';
import type { Core } from '@strapi/strapi';
import { appForSuite, TestApp } from '../helpers/strapi';
import { createUser, TestUser } from '../helpers/users';
import { createCard, createRecipient } from '../helpers/order-fixtures';
import { createAdmin, TestAdmin } from '../helpers/admin';

// The curated catalogue uses Strapi's draft & publish: editors' drafts never reach the shop, and a
// shopper's records keep pointing at what they chose when an editor publishes again (Strapi deletes
// the published row and creates a new one, with a new id, on every publish).
const TEMPLATE = 'plugin::greeting-cards.template';
const OCCASION = 'plugin::greeting-cards.occasion';
const ASSET = 'plugin::greeting-cards.asset';
const ADDON = 'plugin::greeting-cards.gift-addon';
const PLAN = 'plugin::greeting-cards.subscription-plan';

const design = (background = '#224466') => ({ version: '7.0.0', background, objects: [] });

describe('catalogue: draft & publish', () => {
  let app: TestApp;
  let shopper: TestUser;
  let editor: TestAdmin;
  let operator: TestAdmin;
  const docs = (uid: string) => app.strapi.documents(uid as Parameters<Core.Strapi['documents']>[0]);
  const create = async (uid: string, data: Record<string, unknown>, status?: 'published') =>
    (await docs(uid).create({ data, ...(status ? { status } : {}) })) as unknown as { id: number; documentId: string };
  const rows = (uid: string, documentId: string) =>
    app.strapi.db.query(uid).findMany({ where: { documentId }, orderBy: { id: 'asc' } });
  const names = (body: { results: Array<{ name: string }> }) => body.results.map((r) => r.name);

  appForSuite({ SERVICE_RENDERER: 'memory' }, async (booted) => {
    app = booted;
    shopper = await createUser(app.strapi);
    const http = () => app.http();
    editor = await createAdmin(app.strapi, http, [
      { action: 'plugin::content-manager.explorer.read', subject: TEMPLATE },
      { action: 'plugin::content-manager.explorer.update', subject: TEMPLATE },
    ]);
    operator = await createAdmin(app.strapi, http, ['plugin::greeting-cards.orders.read']);
  });

  it('keeps drafts out of every catalogue route, with documentId on what is listed', async () => {
    const occasion = await create(OCCASION, { name: 'Draft Occasion', slug: 'draft-occasion', sort_order: -100 });
    await create(TEMPLATE, {
      name: 'Draft Template',
      slug: 'draft-template',
      is_active: true,
      popularity: 99_999,
      occasion: occasion.documentId,
      canvas_data: design(),
    });
    await create(ASSET, { name: 'Draft Sticker', asset_type: 'sticker', emoji: '🧪', is_active: true });
    await create(ADDON, { name: 'Draft Gift', price_pence: 1, is_active: true });
    await create(PLAN, { name: 'Draft Plan', slug: 'draft-plan', amount_pence: 1, is_active: true });
    // Each is one draft row and no published row.
    expect(
      (await rows(TEMPLATE, (await docs(TEMPLATE).findFirst({ filters: { slug: 'draft-template' } }))!.documentId)).map(
        (r: { publishedAt: unknown }) => r.publishedAt,
      ),
    ).toEqual([null]);

    const lists: Array<[string, string]> = [
      ['/api/templates/?page_size=100', 'Draft Template'],
      ['/api/occasions/?page_size=100', 'Draft Occasion'],
      ['/api/assets/?page_size=100', 'Draft Sticker'],
      ['/api/gift_addons/?page_size=100', 'Draft Gift'],
      ['/api/subscriptions/plans/?page_size=100', 'Draft Plan'],
    ];
    for (const [route, draft] of lists) {
      const res = await app.http().get(route).expect(200);
      expect({ route, draftListed: names(res.body).includes(draft) }).toEqual({ route, draftListed: false });
      expect(res.body.count).toBe(res.body.results.length);
      expect(res.body.results.length).toBeGreaterThan(0);
      // Sample entries are published ones: exactly one of each is listed (not its draft row too).
      expect(new Set(names(res.body)).size).toBe(res.body.results.length);
      if (!route.startsWith('/api/subscriptions/'))
        for (const r of res.body.results) expect(r.documentId).toEqual(expect.any(String));
    }
    expect((await app.http().get('/api/templates/draft-template/').expect(404)).body).toEqual({ detail: 'Not found.' });
    expect((await app.http().get('/api/templates/?occasion=draft-occasion').expect(200)).body.count).toBe(0);
  });

  it("refuses a draft everywhere a shopper can name one, with the spec's error shapes", async () => {
    const addon = await create(ADDON, { name: 'Unpublished Socks', price_pence: 500, is_active: true });
    await create(TEMPLATE, { name: 'Not Yet', slug: 'not-yet', is_active: true, canvas_data: design() });
    await create(PLAN, { name: 'Not Yet Plan', slug: 'not-yet-plan', amount_pence: 1, is_active: true });

    expect((await app.http().post('/api/templates/not-yet/personalize/').set(shopper.auth).expect(404)).body).toEqual({
      detail: 'Not found.',
    });

    const card = await createCard(app.strapi, shopper);
    const recipient = await createRecipient(app.strapi, shopper);
    const line = { card_id: card.id, recipient_id: recipient.id, delivery_method: 'post', gift_addon_id: addon.id };
    const refused = await app.http().post('/api/orders/add_to_cart/').set(shopper.auth).send(line).expect(400);
    expect(refused.body).toEqual({ gift_addon_id: [expect.any(String)] });
    // Once published, the same add-on (by its published row) is accepted.
    const published = (await docs(ADDON).publish({ documentId: addon.documentId })) as unknown as {
      entries: Array<{ id: number }>;
    };
    await app
      .http()
      .post('/api/orders/add_to_cart/')
      .set(shopper.auth)
      .send({ ...line, gift_addon_id: published.entries[0].id })
      .expect(200);

    const plan = await app
      .http()
      .post('/api/subscriptions/checkout/')
      .set(shopper.auth)
      .send({ plan_slug: 'not-yet-plan' });
    expect(plan.status).toBe(400);
    expect(plan.body).toEqual({ plan_slug: [expect.any(String)] });
  });

  it("keeps a shopper's card, reminder and cart line on their template, occasion and add-on when an editor publishes again", async () => {
    const occasion = await create(
      OCCASION,
      { name: 'Housewarming', slug: 'housewarming', sort_order: 50 },
      'published',
    );
    const template = await create(
      TEMPLATE,
      {
        name: 'New Keys',
        slug: 'new-keys',
        is_active: true,
        occasion: occasion.documentId,
        canvas_data: design('#335577'),
      },
      'published',
    );
    const addon = await create(ADDON, { name: 'Candle', price_pence: 600, is_active: true }, 'published');

    const card = (await app.http().post('/api/templates/new-keys/personalize/').set(shopper.auth).expect(201)).body;
    expect(card).toMatchObject({ template: 'new-keys', occasion: 'housewarming' });
    const reminder = (
      await app
        .http()
        .post('/api/reminders/')
        .set(shopper.auth)
        .send({ type: 'custom', occasion: 'housewarming', title: 'Sam moves in', event_date: '2031-05-01' })
        .expect(201)
    ).body;
    expect(reminder.occasion).toBe('housewarming');
    const recipient = await createRecipient(app.strapi, shopper);
    await app
      .http()
      .post('/api/orders/add_to_cart/')
      .set(shopper.auth)
      .send({ card_id: card.id, recipient_id: recipient.id, delivery_method: 'post', gift_addon_id: addon.id })
      .expect(200);
    const lineOf = async () =>
      (
        (await app.http().get('/api/orders/cart/').set(shopper.auth).expect(200)).body.items as Array<{
          card: number;
          gift_addon: number | null;
          gift_addon_name?: string | null;
        }>
      ).find((i) => i.card === card.id);
    expect((await lineOf())?.gift_addon).toBe(addon.id);

    // The editor changes and publishes each again: their published rows are replaced.
    await docs(OCCASION).update({ documentId: occasion.documentId, data: { sort_order: 51 }, status: 'published' });
    await docs(TEMPLATE).update({
      documentId: template.documentId,
      data: { name: 'New Keys (2)' },
      status: 'published',
    });
    await docs(ADDON).update({ documentId: addon.documentId, data: { price_pence: 650 }, status: 'published' });
    const publishedRow = async (uid: string, documentId: string) =>
      (await rows(uid, documentId)).find((r: { publishedAt: unknown }) => r.publishedAt !== null) as { id: number };
    expect((await publishedRow(TEMPLATE, template.documentId)).id).not.toBe(template.id);
    expect((await publishedRow(ADDON, addon.documentId)).id).not.toBe(addon.id);
    // The use counted when the card was made survives the publish (it is kept on the draft row too).
    expect(((await publishedRow(TEMPLATE, template.documentId)) as { popularity?: number }).popularity).toBe(1);

    // Strapi moved the shopper's links to the new published rows: nothing was lost.
    expect((await app.http().get(`/api/cards/${card.id}/`).set(shopper.auth).expect(200)).body).toMatchObject({
      template: 'new-keys',
      occasion: 'housewarming',
    });
    const stored = await app.strapi.db
      .query('plugin::greeting-cards.card')
      .findOne({ where: { id: card.id }, populate: ['template', 'occasion'] });
    expect(stored.template).toMatchObject({
      id: (await publishedRow(TEMPLATE, template.documentId)).id,
      name: 'New Keys (2)',
    });
    expect(stored.occasion).toMatchObject({ id: (await publishedRow(OCCASION, occasion.documentId)).id });
    expect((await app.http().get(`/api/reminders/${reminder.id}/`).set(shopper.auth).expect(200)).body.occasion).toBe(
      'housewarming',
    );
    expect((await lineOf())?.gift_addon).toBe((await publishedRow(ADDON, addon.documentId)).id);
  });

  it("keeps a shopper's card on its template while an editor unpublishes it, and on the new row once it is published again", async () => {
    const template = await create(
      TEMPLATE,
      { name: 'Short Lived', slug: 'short-lived', is_active: true, product: 'a6', canvas_data: design('#553311') },
      'published',
    );
    const card = (await app.http().post('/api/templates/short-lived/personalize/').set(shopper.auth).expect(201)).body;
    expect(card).toMatchObject({ template: 'short-lived', product: 'a6' });
    await docs(TEMPLATE).unpublish({ documentId: template.documentId });
    // Gone from the shop, still on the shopper's card (by the draft row, which survives an unpublish).
    await app.http().get('/api/templates/short-lived/').expect(404);
    expect((await app.http().get(`/api/cards/${card.id}/`).set(shopper.auth).expect(200)).body).toMatchObject({
      template: 'short-lived',
      product: 'a6',
    });
    await docs(TEMPLATE).publish({ documentId: template.documentId });
    const links = await app.strapi.db
      .query('plugin::greeting-cards.card')
      .findOne({ where: { id: card.id }, populate: { template: { select: ['id', 'documentId'] } } });
    expect(links.template.documentId).toBe(template.documentId);
    expect((await app.http().get(`/api/cards/${card.id}/`).set(shopper.auth).expect(200)).body).toMatchObject({
      template: 'short-lived',
      product: 'a6',
    });
  });

  it("opens a draft template through an editor's signed preview link only; without one it is a 404", async () => {
    const draft = await create(TEMPLATE, {
      name: 'Sneak Peek',
      slug: 'sneak-peek',
      is_active: true,
      description: 'Not out yet',
      canvas_data: design('#AA3366'),
    });
    // Strapi's preview panel asks the host's handler (config/admin.ts) through an admin-only route.
    const panel = await app
      .http()
      .get(`/content-manager/preview/url/${TEMPLATE}?documentId=${draft.documentId}&status=draft`)
      .set(editor.auth)
      .expect(200);
    // It frames the shop's template page (template-page-preview.test.ts), absolute on the admin's origin.
    expect(panel.body.data.url).toMatch(
      new RegExp(`^${app.baseUrl.replace(/[.]/g, '\\.')}/templates/sneak-peek/\\?preview=`),
    );
    // The plugin's admin API gives the same kind of link to whoever may edit templates, to no one else.
    const viaApi = await app
      .http()
      .get(`/greeting-cards/admin/templates/${draft.documentId}/preview-link`)
      .set(editor.auth)
      .expect(200);
    expect(viaApi.body).toEqual({
      url: expect.stringMatching(/^\/api\/templates\/sneak-peek\/\?preview=/),
      page_url: expect.stringMatching(
        new RegExp(`^${app.baseUrl.replace(/[.]/g, '\\.')}/templates/sneak-peek/\\?preview=`),
      ),
      expires_in: 3600,
    });
    const url = viaApi.body.url as string;
    await app
      .http()
      .get(`/greeting-cards/admin/templates/${draft.documentId}/preview-link`)
      .set(operator.auth)
      .expect(403);
    await app.http().get(`/greeting-cards/admin/templates/${draft.documentId}/preview-link`).expect(401);
    await app
      .http()
      .get(`/content-manager/preview/url/${TEMPLATE}?documentId=${draft.documentId}&status=draft`)
      .set(shopper.auth)
      .expect(401);

    const opened = await app.http().get(url).expect(200);
    expect(opened.body).toMatchObject({
      slug: 'sneak-peek',
      name: 'Sneak Peek',
      description: 'Not out yet',
      documentId: draft.documentId,
      canvas_data: { background: '#AA3366' },
    });
    expect(opened.headers['cache-control']).toBe('private, no-store');

    // Without the token, with a forged or another document's token, it does not exist.
    const token = new URL(url, 'http://x').searchParams.get('preview')!;
    const other = await create(TEMPLATE, {
      name: 'Other Draft',
      slug: 'other-draft',
      is_active: true,
      canvas_data: design(),
    });
    const otherToken = new URL(
      (
        await app
          .http()
          .get(`/greeting-cards/admin/templates/${other.documentId}/preview-link`)
          .set(editor.auth)
          .expect(200)
      ).body.url,
      'http://x',
    ).searchParams.get('preview')!;
    const refused = [
      '/api/templates/sneak-peek/',
      '/api/templates/sneak-peek/?preview=',
      `/api/templates/sneak-peek/?preview=${encodeURIComponent(token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA'))}`,
      `/api/templates/sneak-peek/?preview=${encodeURIComponent(token.replace(/\.(\d+)\./, (_m, exp) => `.${Number(exp) + 3600}.`))}`,
      `/api/templates/sneak-peek/?preview=${encodeURIComponent(otherToken)}`,
    ];
    for (const path of refused) {
      const res = await app.http().get(path).set(shopper.auth);
      expect({ path, status: res.status, body: res.body }).toEqual({
        path,
        status: 404,
        body: { detail: 'Not found.' },
      });
    }
    await app.http().post('/api/templates/sneak-peek/personalize/').set(shopper.auth).expect(404);

    // Published, the panel shows it at its shop address.
    await docs(TEMPLATE).publish({ documentId: draft.documentId });
    const live = await app
      .http()
      .get(`/content-manager/preview/url/${TEMPLATE}?documentId=${draft.documentId}&status=published`)
      .set(editor.auth)
      .expect(200);
    expect(live.body.data.url).toBe(`${app.baseUrl}/templates/sneak-peek/`);
    expect((await app.http().get('/api/templates/sneak-peek/').expect(200)).body.name).toBe('Sneak Peek');
  });

  it('takes ?locale= on every catalogue route: a shipped language is answered, any other is a 400 keyed by locale', async () => {
    for (const route of [
      '/api/templates/',
      '/api/templates/balloon-party/',
      '/api/occasions/',
      '/api/assets/',
      '/api/gift_addons/',
    ]) {
      const en = await app.http().get(route).expect(200);
      const de = await app.http().get(`${route}?locale=de`).expect(200);
      // The same documents, in the same order; the sample templates, occasions and stickers have German
      // names (Strapi i18n, tests/catalogue/localized-content.test.ts), gift add-ons are not translated.
      const documents = (body: {
        results?: Array<{ documentId?: string; id?: number }>;
        documentId?: string;
        id?: number;
      }) => (body.results ?? [body]).map((r) => r.documentId ?? r.id);
      expect(documents(de.body)).toEqual(documents(en.body));
      if (route === '/api/gift_addons/') expect(de.body.results).toEqual(en.body.results);
      if (route === '/api/templates/balloon-party/')
        expect([en.body.name, de.body.name]).toEqual(['Balloon Party', 'Luftballon-Party']);
      expect(de.headers.etag).not.toBe(en.headers.etag);
      const bad = await app.http().get(`${route}?locale=xx`).expect(400);
      expect(bad.body).toEqual({ locale: ['"xx" is not a supported language: use one of en, de.'] });
    }
  });

  it('changes the catalogue version (and so the ETag) on publish and unpublish', async () => {
    const etag = async () => (await app.http().get('/api/templates/?page_size=100').expect(200)).headers.etag as string;
    const before = await etag();
    const doc = await create(TEMPLATE, {
      name: 'Etag Check',
      slug: 'etag-check',
      is_active: true,
      canvas_data: design(),
    });
    await (app.strapi.plugin('greeting-cards').service('templateDesigns') as { drain(): Promise<void> }).drain();
    const draftSaved = await etag();
    await docs(TEMPLATE).publish({ documentId: doc.documentId });
    const published = await app
      .http()
      .get('/api/templates/?page_size=100')
      .set('If-None-Match', draftSaved)
      .expect(200);
    expect(names(published.body)).toContain('Etag Check');
    await docs(TEMPLATE).unpublish({ documentId: doc.documentId });
    const unpublished = await app
      .http()
      .get('/api/templates/?page_size=100')
      .set('If-None-Match', published.headers.etag)
      .expect(200);
    expect(names(unpublished.body)).not.toContain('Etag Check');
    expect(before).toEqual(expect.any(String));
  });

  // Last: Strapi's migration re-reads every published row of the type.
  it("publishes the rows of a database from before draft & publish and i18n as default-locale rows and keeps shoppers' links to them (Strapi's own migration)", async () => {
    const contentType = app.strapi.contentTypes[TEMPLATE as keyof typeof app.strapi.contentTypes] as unknown as {
      options: Record<string, unknown>;
      pluginOptions: Record<string, unknown>;
    };
    // A row as the plugin wrote it before: one row per document, published_at set (Strapi sets it on
    // every row of a type without draft & publish), no draft; a shopper's card points at it.
    const old = await app.strapi.db.query(TEMPLATE).create({
      data: {
        name: 'Old Timer',
        slug: 'old-timer',
        is_active: true,
        canvas_data: design('#123456'),
        publishedAt: new Date(),
      },
    });
    const card = await createCard(app.strapi, shopper, { template: old.id });
    // What Strapi runs at boot when a type's schema turns i18n and draft & publish on (core/dist/migrations):
    // first every row without a locale becomes a default-locale row, then each gets its draft.
    const { enable } = require(path.resolve(__dirname, '../../node_modules/@strapi/core/dist/migrations/index.js'));
    const before = {
      ...contentType,
      options: { ...contentType.options, draftAndPublish: false },
      pluginOptions: { ...contentType.pluginOptions, i18n: { localized: false } },
    };
    await enable({ oldContentTypes: { [TEMPLATE]: before }, contentTypes: { [TEMPLATE]: contentType } });

    const versions = (await rows(TEMPLATE, old.documentId)) as Array<{
      id: number;
      publishedAt: unknown;
      name: string;
      locale: string;
    }>;
    expect(
      versions.map((v) => ({
        id: v.id === old.id ? 'same' : 'new',
        draft: v.publishedAt === null,
        name: v.name,
        locale: v.locale,
      })),
    ).toEqual([
      { id: 'same', draft: false, name: 'Old Timer', locale: 'en' },
      { id: 'new', draft: true, name: 'Old Timer', locale: 'en' },
    ]);
    expect((await app.http().get('/api/templates/old-timer/').expect(200)).body.documentId).toBe(old.documentId);
    expect((await app.http().get(`/api/cards/${card.id}/`).set(shopper.auth).expect(200)).body.template).toBe(
      'old-timer',
    );
  });
});
