import type { Core } from '@strapi/strapi';
import { appForSuite, TestApp } from '../helpers/strapi';

// Catalogue texts translated with Strapi's own i18n: template names and descriptions, occasion names
// and sticker names have a row per locale. The shop answers one entry per document: the requested
// locale's published translation, or the default locale's where there is none; drafts never show.
const TEMPLATE = 'plugin::greeting-cards.template';
const OCCASION = 'plugin::greeting-cards.occasion';
const ASSET = 'plugin::greeting-cards.asset';

const design = () => ({ version: '7.0.0', background: '#335577', objects: [] });

interface Entry {
  documentId: string;
  slug?: string;
  name: string;
  description?: string;
}
interface Listing {
  count: number;
  results: Entry[];
}

describe('catalogue: localized content (Strapi i18n)', () => {
  let app: TestApp;
  const docs = (uid: string) => app.strapi.documents(uid as Parameters<Core.Strapi['documents']>[0]);
  const list = async (route: string): Promise<Listing> => (await app.http().get(route).expect(200)).body as Listing;
  const byDocument = (listing: Listing) => new Map(listing.results.map((r) => [r.documentId, r]));

  appForSuite({ SERVICE_RENDERER: 'memory', SERVICE_RENDER_THUMBNAILS_ON_BOOT: 'false' }, async (booted) => {
    app = booted;
    // A published document with no German version, and a draft document with a German draft.
    await docs(TEMPLATE).create({
      data: { name: 'Only English', slug: 'only-english', is_active: true, popularity: 500, canvas_data: design() },
      status: 'published',
    });
    const draft = await docs(TEMPLATE).create({
      data: { name: 'Secret Draft', slug: 'secret-draft', is_active: true, popularity: 600, canvas_data: design() },
    });
    await docs(TEMPLATE).update({
      documentId: draft.documentId,
      locale: 'de',
      data: { name: 'Geheimer Entwurf', slug: 'secret-draft', is_active: true, canvas_data: design() },
    });
    // A published document whose German version is still a draft: German shoppers see the English one.
    const pending = await docs(TEMPLATE).create({
      data: {
        name: 'Pending Translation',
        slug: 'pending-translation',
        is_active: true,
        popularity: 400,
        canvas_data: design(),
      },
      status: 'published',
    });
    await docs(TEMPLATE).update({
      documentId: pending.documentId,
      locale: 'de',
      data: { name: 'Unfertige Übersetzung', slug: 'pending-translation', is_active: true, canvas_data: design() },
    });
  });

  it("has the shop's languages as Strapi locales, English the default", async () => {
    const locales = app.strapi.plugin('i18n').service('locales') as {
      find(): Promise<Array<{ code: string }>>;
      getDefaultLocale(): Promise<string>;
    };
    expect((await locales.find()).map((l) => l.code).sort()).toEqual(['de', 'en']);
    expect(await locales.getDefaultLocale()).toBe('en');
  });

  it('gives editors every shop language on the translated types: the built-in Editor role, and roles made later in code', async () => {
    type Permission = { action: string; subject: string | null; properties: { locales?: string[] } | null };
    const permissions = app.strapi.db.query('admin::permission') as unknown as {
      findMany(q: unknown): Promise<Permission[]>;
    };
    const roles = app.strapi.service('admin::role') as unknown as {
      create(a: { name: string; description: string }): Promise<{ id: number }>;
      assignPermissions(id: number, p: unknown[]): Promise<unknown>;
    };
    // Strapi makes its Editor role from the content types alone; without locales it could not open a template.
    const editor = (await app.strapi.db.query('admin::role').findOne({ where: { code: 'strapi-editor' } })) as {
      id: number;
    };
    const editorRead = await permissions.findMany({
      where: { role: { id: editor.id }, subject: TEMPLATE, action: 'plugin::content-manager.explorer.read' },
    });
    expect(editorRead).toHaveLength(1);
    expect(editorRead[0].properties?.locales).toEqual(['en', 'de']);
    // A role made through the admin's services: scoped as it is stored; a list an administrator chose is kept.
    const role = await roles.create({ name: 'Translators', description: 'Reads templates' });
    await roles.assignPermissions(role.id, [
      {
        action: 'plugin::content-manager.explorer.read',
        subject: TEMPLATE,
        properties: { fields: ['name'] },
        conditions: [],
      },
      {
        action: 'plugin::content-manager.explorer.update',
        subject: OCCASION,
        properties: { fields: ['name'], locales: ['de'] },
        conditions: [],
      },
    ]);
    const made = await permissions.findMany({ where: { role: { id: role.id } } });
    expect(Object.fromEntries(made.map((p) => [p.subject, p.properties?.locales]))).toEqual({
      [TEMPLATE]: ['en', 'de'],
      [OCCASION]: ['de'],
    });
  });

  it('answers ?locale=de with German texts where translated, English where not, one entry per document', async () => {
    const en = await list('/api/templates/?page_size=100');
    const de = await list('/api/templates/?page_size=100&locale=de');
    // The seed has German rows: the table holds more rows than documents, yet the counts are per document.
    const rows = await app.strapi.db
      .query(TEMPLATE)
      .count({ where: { publishedAt: { $notNull: true }, is_active: true } });
    expect(rows).toBeGreaterThan(en.count);
    expect(de.count).toBe(en.count);
    expect(de.results).toHaveLength(en.count);
    expect(new Set(de.results.map((r) => r.documentId)).size).toBe(de.count);
    // Same documents, same order, same slugs; only the texts differ.
    expect(de.results.map((r) => [r.documentId, r.slug])).toEqual(en.results.map((r) => [r.documentId, r.slug]));

    const balloon = en.results.find((r) => r.slug === 'balloon-party')!;
    expect(balloon.name).toBe('Balloon Party');
    expect(byDocument(de).get(balloon.documentId)).toMatchObject({
      name: 'Luftballon-Party',
      description: 'Bunte Luftballons und ein großes Happy Birthday.',
    });
    expect(byDocument(de).get(en.results.find((r) => r.slug === 'only-english')!.documentId)?.name).toBe(
      'Only English',
    );
    // A German draft never shows: its document's English published row does.
    expect(byDocument(de).get(en.results.find((r) => r.slug === 'pending-translation')!.documentId)?.name).toBe(
      'Pending Translation',
    );
    // A document that is a draft in both languages shows in neither.
    for (const listing of [en, de])
      expect(listing.results.map((r) => r.name)).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/Secret Draft|Geheimer Entwurf/)]),
      );
    await app.http().get('/api/templates/secret-draft/?locale=de').expect(404);
  });

  it('filters and pages by document in German too', async () => {
    const en = await list('/api/templates/?occasion=birthday');
    const de = await list('/api/templates/?occasion=birthday&locale=de');
    expect(en.count).toBe(3);
    expect(de.count).toBe(3);
    expect(de.results.map((r) => r.name)).toEqual([
      'Luftballon-Party',
      'Klassischer Gold-Geburtstag',
      'Kleiner Dino-Geburtstag',
    ]);
    const page1 = await list('/api/templates/?page_size=5&locale=de');
    const page2 = await list('/api/templates/?page_size=5&page=2&locale=de');
    expect(page1.count).toBe(page2.count);
    expect(new Set([...page1.results, ...page2.results].map((r) => r.documentId)).size).toBe(10);
  });

  it('answers a template, occasions and stickers in German', async () => {
    const template = (await app.http().get('/api/templates/snowy-christmas/?locale=de').expect(200)).body as Entry;
    expect(template).toMatchObject({
      slug: 'snowy-christmas',
      name: 'Verschneite Weihnachten',
      description: 'Eine verschneite Nacht mit Tannenbaum.',
    });
    expect((await app.http().get('/api/templates/snowy-christmas/').expect(200)).body).toMatchObject({
      name: 'Snowy Christmas',
      documentId: template.documentId,
    });

    const occasionsEn = await list('/api/occasions/?page_size=100');
    const occasionsDe = await list('/api/occasions/?page_size=100&locale=de');
    expect(occasionsDe.count).toBe(occasionsEn.count);
    expect(occasionsDe.results.find((o) => o.slug === 'birthday')?.name).toBe('Geburtstag');
    expect(occasionsEn.results.find((o) => o.slug === 'birthday')?.name).toBe('Birthday');

    const stickersEn = await list('/api/assets/?asset_type=sticker&page_size=100');
    const stickersDe = await list('/api/assets/?asset_type=sticker&page_size=100&locale=de');
    expect(stickersDe.count).toBe(stickersEn.count);
    expect(stickersDe.results.map((s) => s.documentId)).toEqual(stickersEn.results.map((s) => s.documentId));
    expect(stickersDe.results.map((s) => s.name)).toContain('Luftballon');
    expect(stickersEn.results.map((s) => s.name)).toContain('Balloon');
  });

  it("shows German template and occasion names on the shop's pages to a German shopper", async () => {
    const de = await app.http().get('/catalogue/').set('Accept-Language', 'de-DE,de;q=0.9').expect(200);
    expect(de.text).toContain('Luftballon-Party');
    expect(de.text).toContain('Geburtstag');
    expect(de.text).not.toContain('Balloon Party');
    const en = await app.http().get('/catalogue/').expect(200);
    expect(en.text).toContain('Balloon Party');
    expect(en.text).not.toContain('Luftballon-Party');
    const page = await app.http().get('/templates/balloon-party/').set('Accept-Language', 'de').expect(200);
    expect(page.text).toContain('Luftballon-Party');
  });

  it("keeps a shopper's card on the default-locale row of a template chosen in German", async () => {
    const { createUser } = await import('../helpers/users');
    const shopper = await createUser(app.strapi);
    const card = (
      await app.http().post('/api/templates/balloon-party/personalize/?locale=de').set(shopper.auth).expect(201)
    ).body;
    expect(card.template).toBe('balloon-party');
    const stored = await app.strapi.db
      .query('plugin::greeting-cards.card')
      .findOne({ where: { id: card.id }, populate: { template: { select: ['locale'] } } });
    expect(stored.template.locale).toBe('en');
  });

  it("links a reminder named by occasion slug to that occasion's default-locale row", async () => {
    const { createUser } = await import('../helpers/users');
    const shopper = await createUser(app.strapi);
    const reminder = (
      await app
        .http()
        .post('/api/reminders/')
        .set(shopper.auth)
        .send({ type: 'custom', occasion: 'birthday', title: 'Opa', event_date: '2031-05-01' })
        .expect(201)
    ).body;
    expect(reminder.occasion).toBe('birthday');
    const stored = await app.strapi.db
      .query('plugin::greeting-cards.reminder')
      .findOne({ where: { id: reminder.id }, populate: { occasion: { select: ['locale', 'name'] } } });
    expect(stored.occasion).toMatchObject({ locale: 'en', name: 'Birthday' });
    // The German rows exist all the same (the seed's translations), for each localized type.
    for (const uid of [TEMPLATE, OCCASION, ASSET]) {
      const german = await app.strapi.db.query(uid).count({ where: { locale: 'de', publishedAt: { $notNull: true } } });
      expect({ uid, german: german > 0 }).toEqual({ uid, german: true });
    }
  });
  it("keeps a shopper's card on one template row when an editor unpublishes the German version, then the English one", async () => {
    const { createUser } = await import('../helpers/users');
    const shopper = await createUser(app.strapi);
    const doc = await docs(TEMPLATE).create({
      data: { name: 'Two Tongues', slug: 'two-tongues', is_active: true, canvas_data: design() },
      status: 'published',
    });
    await docs(TEMPLATE).update({
      documentId: doc.documentId,
      locale: 'de',
      status: 'published',
      data: { name: 'Zwei Zungen', slug: 'two-tongues', is_active: true, canvas_data: design() },
    });
    const card = (await app.http().post('/api/templates/two-tongues/personalize/').set(shopper.auth).expect(201)).body;
    const links = async () => {
      const meta = app.strapi.db.metadata.get(TEMPLATE) as { tableName: string };
      const join = (
        app.strapi.db.metadata.get('plugin::greeting-cards.card') as {
          attributes: Record<
            string,
            { joinTable: { name: string; joinColumn: { name: string }; inverseJoinColumn: { name: string } } }
          >;
        }
      ).attributes.template.joinTable;
      const rows = await app.strapi.db
        .connection(join.name)
        .where(join.joinColumn.name, card.id)
        .select(join.inverseJoinColumn.name);
      const ids = rows.map((r: Record<string, number>) => r[join.inverseJoinColumn.name]);
      return app.strapi.db.connection(meta.tableName).whereIn('id', ids).select('locale', 'published_at');
    };
    expect(await links()).toEqual([{ locale: 'en', published_at: expect.anything() }]);
    await docs(TEMPLATE).unpublish({ documentId: doc.documentId, locale: 'de' });
    // The English version is still published: the card keeps exactly its one link.
    expect(await links()).toEqual([{ locale: 'en', published_at: expect.anything() }]);
    expect((await app.http().get('/api/templates/two-tongues/?locale=de').expect(200)).body.name).toBe('Two Tongues');
    await docs(TEMPLATE).unpublish({ documentId: doc.documentId });
    // The default locale's unpublish moves the link to the English draft (which survives it).
    expect(await links()).toEqual([{ locale: 'en', published_at: null }]);
    expect((await app.http().get(`/api/cards/${card.id}/`).set(shopper.auth).expect(200)).body.template).toBe(
      'two-tongues',
    );
  });
});
