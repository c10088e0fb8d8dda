import fs from 'fs';
import path from 'path';
import type { Core } from '@strapi/strapi';
import { startApp, TestApp } from '../helpers/strapi';
import { createAdmin, createSuperAdmin, TestAdmin } from '../helpers/admin';
import { decodePng, pixelAt, pngSize } from '../helpers/png';
import { getService } from '../../plugins/greeting-cards/server/src/platform/get-service';
import { UID } from '../../plugins/greeting-cards/server/src/platform/uids';

// Content editors' side of the admin: template designs checked on every document-service write,
// thumbnails re-rendered by real Chromium when a design changes, the design preview and check routes,
// and the Content Manager views. The sample catalogue is seeded, so its designs must pass the rules.
type Template = {
  id: number;
  documentId: string;
  slug: string;
  thumbnail_url: string | null;
  canvas_data: { background?: string };
};
const design = (background: string, text = 'Hello') => ({
  version: '7.0.0',
  background,
  objects: [
    { type: 'textbox', text, left: 60, top: 400, width: 480, fontSize: 40, fill: '#FFFFFF', fontFamily: 'Georgia' },
  ],
});
const documents = (strapi: Core.Strapi) => strapi.documents(UID.template as Parameters<Core.Strapi['documents']>[0]);
const rowOf = async (strapi: Core.Strapi, documentId: string): Promise<Template> =>
  strapi.db.query(UID.template as Parameters<Core.Strapi['db']['query']>[0]).findOne({ where: { documentId } });
const binary = (res: NodeJS.ReadableStream, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('template designs in the admin', () => {
  let app: TestApp;
  let editor: TestAdmin;
  const created: string[] = [];
  const http = () => app.http();
  const fileOf = (url: string) => path.join(app.strapi.dirs.static.public, url);

  beforeAll(async () => {
    app = await startApp({ SERVICE_RENDERER: 'puppeteer', SERVICE_PUBLIC_URL: 'https://cards.example.test' });
    editor = await createSuperAdmin(app.strapi, http);
  });
  afterAll(async () => {
    if (app) {
      await getService(app.strapi, 'templateDesigns').drain();
      for (const url of created) fs.rmSync(fileOf(url), { force: true });
      await app.stop();
    }
  });

  it('refuses an invalid design through the document service, naming the problem, and stores nothing', async () => {
    const before = await documents(app.strapi).count({});
    const bad = { version: '7.0.0', background: '#FFFFFF', objects: [{ type: 'script', left: 0, top: 0 }] };
    await expect(
      documents(app.strapi).create({ data: { name: 'Broken', slug: 'broken', canvas_data: bad } }),
    ).rejects.toMatchObject({
      name: 'ValidationError',
      message: expect.stringMatching(/canvas_data.*objects\[0\]/),
    });
    expect(await documents(app.strapi).count({})).toBe(before);

    // An update with a broken design leaves the stored design as it was.
    const good = await documents(app.strapi).create({
      data: { name: 'Kept design', slug: 'kept-design', canvas_data: design('#225588') },
    });
    await expect(
      documents(app.strapi).update({ documentId: good.documentId, data: { canvas_data: { objects: 'nope' } } }),
    ).rejects.toMatchObject({ name: 'ValidationError' });
    expect((await rowOf(app.strapi, good.documentId)).canvas_data.background).toBe('#225588');
  });

  it("shows the reason in the Content Manager form's error (admin API answer)", async () => {
    const res = await http()
      .post(`/content-manager/collection-types/${UID.template}`)
      .set(editor.auth)
      .send({
        name: 'From the form',
        slug: 'from-the-form',
        canvas_data: { version: '7.0.0', background: '#FFFFFF', objects: [{ type: 'textbox', left: 'far', top: 0 }] },
      });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ name: 'ValidationError', message: expect.stringContaining('objects[0]') });
    const ok = await http()
      .post(`/content-manager/collection-types/${UID.template}`)
      .set(editor.auth)
      .send({ name: 'From the form', slug: 'from-the-form', canvas_data: design('#446688') });
    expect(ok.status).toBe(201);
  });

  it('re-renders the thumbnail in the background when the design changes', async () => {
    const doc = await documents(app.strapi).create({
      data: { name: 'Changing', slug: 'changing', canvas_data: design('#3366CC') },
    });
    const designs = getService(app.strapi, 'templateDesigns');
    const rendering = getService(app.strapi, 'rendering');
    await designs.drain();
    const first = await rowOf(app.strapi, doc.documentId);
    expect(first.thumbnail_url).toBe(rendering.previewLocation(first.canvas_data).url);
    created.push(first.thumbnail_url!);
    const firstPng = fs.readFileSync(fileOf(first.thumbnail_url!));
    expect(pixelAt(decodePng(firstPng), 5, 5).slice(0, 3)).toEqual([0x33, 0x66, 0xcc]);

    // A name-only edit keeps the thumbnail; a design edit replaces it.
    await documents(app.strapi).update({ documentId: doc.documentId, data: { name: 'Changing (renamed)' } });
    await designs.drain();
    expect((await rowOf(app.strapi, doc.documentId)).thumbnail_url).toBe(first.thumbnail_url);

    await documents(app.strapi).update({ documentId: doc.documentId, data: { canvas_data: design('#CC3366') } });
    await designs.drain();
    const second = await rowOf(app.strapi, doc.documentId);
    expect(second.thumbnail_url).not.toBe(first.thumbnail_url);
    created.push(second.thumbnail_url!);
    expect(pixelAt(decodePng(fs.readFileSync(fileOf(second.thumbnail_url!))), 5, 5).slice(0, 3)).toEqual([
      0xcc, 0x33, 0x66,
    ]);

    // What shoppers see follows once published: the catalogue API shows the new thumbnail.
    await documents(app.strapi).publish({ documentId: doc.documentId });
    const listed = await http().get('/api/templates/').query({ page_size: 100 });
    const shown = listed.body.results.find((t: { slug: string }) => t.slug === second.slug);
    expect(JSON.stringify(shown)).toContain(second.thumbnail_url);
  });

  it('keeps the drawn thumbnail when an edit form opened before it was drawn is published', async () => {
    const doc = await documents(app.strapi).create({
      data: { name: 'Stale form', slug: 'stale-form', canvas_data: design('#22AA55') },
    });
    const designs = getService(app.strapi, 'templateDesigns');
    await designs.drain();
    const drawn = await rowOf(app.strapi, doc.documentId);
    expect(drawn.thumbnail_url).toBeTruthy();
    created.push(drawn.thumbnail_url!);
    // The Content Manager publishes a changed form as an update with the form's values, then a publish:
    // the form, loaded before the background render, still says there is no thumbnail.
    await documents(app.strapi).update({
      documentId: doc.documentId,
      data: { name: 'Stale form', canvas_data: drawn.canvas_data, thumbnail_url: null },
    });
    await documents(app.strapi).publish({ documentId: doc.documentId });
    await designs.drain();
    const rows = await app.strapi.db
      .query(UID.template)
      .findMany({ where: { documentId: doc.documentId }, select: ['thumbnail_url', 'publishedAt'] });
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.thumbnail_url).toBe(drawn.thumbnail_url);
  });

  it('checks and previews a design for any logged-in admin', async () => {
    const plain = await createAdmin(app.strapi, http, []);
    const preview = await http()
      .post('/greeting-cards/admin/designs/preview')
      .set(plain.auth)
      .send({ canvas_data: design('#11AA44') })
      .buffer(true)
      .parse(binary);
    expect(preview.status).toBe(200);
    expect(preview.headers['content-type']).toMatch(/^image\/png/);
    const png = preview.body as Buffer;
    expect(pngSize(png)).toEqual({ width: 600, height: 850 });
    expect(pixelAt(decodePng(png), 5, 5).slice(0, 3)).toEqual([0x11, 0xaa, 0x44]);
    const bad = await http()
      .post('/greeting-cards/admin/designs/preview')
      .set(plain.auth)
      .send({ canvas_data: 'not a design' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ canvas_data: ['must be a JSON object'] });
    expect(
      (
        await http()
          .post('/greeting-cards/admin/designs/preview')
          .send({ canvas_data: design('#000000') })
      ).status,
    ).toBe(401);
  });

  it('reports the renderer healthy with real Chromium', async () => {
    const res = await http().get('/greeting-cards/admin/settings').set(editor.auth);
    expect(res.status).toBe(200);
    expect(res.body.health.renderer).toEqual({
      ok: true,
      detail: expect.stringMatching(
        /^puppeteer: drew a test preview in \d+ ms with \/\S*chrom\S* \((?:PUPPETEER_EXECUTABLE_PATH|the system's, on PATH|bundled with the install: .+)\)\.$/i,
      ),
      message: expect.objectContaining({ id: 'renderer.drew' }),
    });
  });

  it('configures the Content Manager views: labels, list columns, default sort', async () => {
    const res = await http().get(`/content-manager/content-types/${UID.template}/configuration`).set(editor.auth);
    expect(res.status).toBe(200);
    const { contentType } = res.body.data;
    expect(contentType.layouts.list).toEqual([
      'id',
      'thumbnail',
      'name',
      'occasion',
      'style',
      'product',
      'is_premium',
      'is_active',
      'popularity',
    ]);
    expect(contentType.metadatas.product.edit).toMatchObject({
      label: 'Product',
      description: expect.stringContaining('in5x7'),
    });
    expect(contentType.settings).toMatchObject({
      mainField: 'name',
      defaultSortBy: 'updatedAt',
      defaultSortOrder: 'DESC',
    });
    expect(contentType.metadatas.canvas_data.edit).toMatchObject({
      label: 'Design',
      description: expect.stringContaining('same rules'),
    });
    expect(contentType.metadatas.is_premium.list.label).toBe('Premium');
    // The seasonal window is in the edit form, labelled and explained, for templates and occasions.
    for (const uid of [UID.template, 'plugin::greeting-cards.occasion']) {
      const config = (
        await http().get(`/content-manager/content-types/${uid}/configuration`).set(editor.auth).expect(200)
      ).body.data.contentType;
      const editFields = (config.layouts.edit as Array<Array<{ name: string }>>).flat().map((f) => f.name);
      expect({ uid, editFields }).toEqual({
        uid,
        editFields: expect.arrayContaining(['available_from', 'available_until']),
      });
      expect(config.metadatas.available_from.edit).toMatchObject({
        label: 'Available from',
        description: expect.stringContaining('by itself'),
      });
      expect(config.metadatas.available_until.edit).toMatchObject({
        label: 'Available until',
        description: expect.stringContaining('by itself'),
      });
    }
    const promo = await http()
      .get('/content-manager/content-types/plugin::greeting-cards.promo-code/configuration')
      .set(editor.auth);
    expect(promo.body.data.contentType.layouts.list).toContain('max_uses_total');
    expect(promo.body.data.contentType.metadatas.amount_pence.edit.label).toBe('Amount off (pence)');
  });
});
