import type { Core } from '@strapi/strapi';
import { appForSuite, startApp, TestApp } from '../helpers/strapi';
import { createAdmin, TestAdmin } from '../helpers/admin';

// An editor's look at a draft template on the shop's own template page (/templates/<slug>/?preview=),
// through the same signed token as the API: the Content Manager's preview panel frames this page.
const TEMPLATE = 'plugin::greeting-cards.template';
const design = (background = '#224466') => ({ version: '7.0.0', background, objects: [] });
const BANNER = 'Preview of a draft: not in the shop until published';

describe('shop template page: draft preview', () => {
  let app: TestApp;
  let editor: TestAdmin;
  const docs = () => app.strapi.documents(TEMPLATE as Parameters<Core.Strapi['documents']>[0]);
  const create = async (data: Record<string, unknown>, status?: 'published') =>
    (await docs().create({ data, ...(status ? { status } : {}) })) as unknown as { documentId: string };
  /** The page address the editor's admin API hands out, as a path on the test server. */
  const pageLink = async (documentId: string) => {
    const res = await app
      .http()
      .get(`/greeting-cards/admin/templates/${documentId}/preview-link`)
      .set(editor.auth)
      .expect(200);
    expect(res.body.page_url.startsWith(`${app.baseUrl}/`)).toBe(true);
    return (res.body.page_url as string).slice(app.baseUrl.length);
  };
  const tokenOf = (path: string) => new URL(path, 'http://x').searchParams.get('preview')!;

  appForSuite({ SERVICE_RENDERER: 'memory' }, async (booted) => {
    app = booted;
    editor = await createAdmin(app.strapi, () => app.http(), [
      { action: 'plugin::content-manager.explorer.read', subject: TEMPLATE },
      { action: 'plugin::content-manager.explorer.update', subject: TEMPLATE },
    ]);
  });

  it('shows the draft with a banner, no personalise button, never stored or indexed; any other token is the 404 page', async () => {
    const draft = await create({
      name: 'Moonlit Owl',
      slug: 'moonlit-owl',
      is_active: true,
      description: 'Drafted tonight',
      canvas_data: design(),
    });
    const path = await pageLink(draft.documentId);
    expect(path).toMatch(/^\/templates\/moonlit-owl\/\?preview=/);

    const page = await app.http().get(path).expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('Moonlit Owl');
    expect(page.text).toContain('Drafted tonight');
    expect(page.text).toMatch(new RegExp(`<div class="preview-banner" role="note"><strong>${BANNER}</strong></div>`));
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['x-robots-tag']).toBe('noindex');
    // The admin (same origin) may frame it; no one else.
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['content-security-policy']).toMatch(/frame-ancestors 'self'(;|$)/);
    // Personalising a draft is not possible: the button is disabled and there is no editor link or form.
    expect(page.text).toMatch(/<button class="button button-large" type="button" disabled[^>]*>Personalise<\/button>/);
    expect(page.text).not.toContain('/editor/template/moonlit-owl/');

    // In German, du-form like the rest of the shop.
    const german = await app.http().get(`${path}&locale=de`).expect(200);
    expect(german.text).toContain('Vorschau eines Entwurfs: erst nach dem Veröffentlichen im Shop');

    // Without a token, with a forged, an expired or another document's token: the shop's 404 page.
    const token = tokenOf(path);
    const other = await create({ name: 'Other Owl', slug: 'other-owl', is_active: true, canvas_data: design() });
    const otherToken = tokenOf(await pageLink(other.documentId));
    const { previewToken } =
      require('../../plugins/greeting-cards/dist/server/areas/catalogue/preview-links') as typeof import('../../plugins/greeting-cards/server/src/areas/catalogue/preview-links');
    const expired = previewToken(app.strapi, draft.documentId, Date.now() - 2 * 3600 * 1000);
    const refused = [
      '/templates/moonlit-owl/',
      '/templates/moonlit-owl/?preview=',
      `/templates/moonlit-owl/?preview=${encodeURIComponent(token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA'))}`,
      `/templates/moonlit-owl/?preview=${encodeURIComponent(token.replace(/\.(\d+)\./, (_m, exp) => `.${Number(exp) + 3600}.`))}`,
      `/templates/moonlit-owl/?preview=${encodeURIComponent(expired)}`,
      `/templates/moonlit-owl/?preview=${encodeURIComponent(otherToken)}`,
      `/templates/other-owl/?preview=${encodeURIComponent(token)}`,
    ];
    for (const refusedPath of refused) {
      const res = await app.http().get(refusedPath);
      expect({
        refusedPath,
        status: res.status,
        notFoundPage: res.text.includes('Page not found'),
        shown: res.text.includes('Moonlit Owl') || res.text.includes('Other Owl'),
        banner: res.text.includes(BANNER),
      }).toEqual({ refusedPath, status: 404, notFoundPage: true, shown: false, banner: false });
    }
  });

  it("leaves the published page as it was: the preview shows the draft's edits and never enters the catalogue caches", async () => {
    const doc = await create(
      { name: 'Harbour Lights', slug: 'harbour-lights', is_active: true, canvas_data: design() },
      'published',
    );
    await docs().update({ documentId: doc.documentId, data: { name: 'Harbour Lights (new wording)' } });
    const published = async () => {
      const res = await app.http().get('/templates/harbour-lights/').expect(200);
      expect(res.text).toContain('Harbour Lights');
      expect(res.text).not.toContain('new wording');
      expect(res.text).not.toContain(BANNER);
      expect(res.headers['x-robots-tag']).toBeUndefined();
      // The published page keeps its personalise link.
      expect(res.text).toContain('/editor/template/harbour-lights/');
    };
    await published();

    const path = await pageLink(doc.documentId);
    const preview = await app.http().get(path).expect(200);
    expect(preview.text).toContain('Harbour Lights (new wording)');
    expect(preview.text).toContain(BANNER);

    // After the preview, shoppers still get the published version from the page and the API.
    await published();
    expect((await app.http().get('/api/templates/harbour-lights/').expect(200)).body.name).toBe('Harbour Lights');
    expect(
      (await app.http().get('/api/templates/?page_size=100').expect(200)).body.results.map(
        (t: { name: string }) => t.name,
      ),
    ).not.toContain('Harbour Lights (new wording)');

    // Strapi's preview panel (config/admin.ts) frames the plain shop page for the published version.
    const live = await app
      .http()
      .get(`/content-manager/preview/url/${TEMPLATE}?documentId=${doc.documentId}&status=published`)
      .set(editor.auth)
      .expect(200);
    expect(live.body.data.url).toBe(`${app.baseUrl}/templates/harbour-lights/`);
  });
});

describe('shop template page: draft preview with the admin panel on another origin', () => {
  let app: TestApp;
  const ADMIN_ORIGIN = 'https://admin.cards.example';
  beforeAll(async () => {
    app = await startApp(
      { SERVICE_RENDERER: 'memory' },
      { beforeLoad: (strapi) => strapi.config.set('admin.url', `${ADMIN_ORIGIN}/admin`) },
    );
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('lets that origin frame a preview response only; other shop pages keep refusing foreign frames', async () => {
    const documents = app.strapi.documents(TEMPLATE as Parameters<Core.Strapi['documents']>[0]);
    const draft = (await documents.create({
      data: { name: 'Far Away', slug: 'far-away', is_active: true, canvas_data: design() },
    })) as unknown as { documentId: string };
    const link = await app.strapi.plugin('greeting-cards').service('catalogue').previewLink(draft.documentId);
    const preview = await app
      .http()
      .get(new URL(link.page_url).pathname + new URL(link.page_url).search)
      .expect(200);
    expect(preview.text).toContain(BANNER);
    expect(preview.headers['x-frame-options']).toBeUndefined();
    const policy = preview.headers['content-security-policy'] as string;
    expect(policy.split(';').filter((d) => d.startsWith('frame-ancestors'))).toEqual([
      `frame-ancestors 'self' ${ADMIN_ORIGIN}`,
    ]);
    // The rest of the policy is kept.
    expect(policy).toContain("default-src 'self'");

    const home = await app.http().get('/').expect(200);
    expect(home.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(home.headers['content-security-policy']).toMatch(/frame-ancestors 'self'(;|$)/);
  });
});
