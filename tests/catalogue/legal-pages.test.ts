import type { Core } from '@strapi/strapi';
import { parseDocument } from 'htmlparser2';
import { selectAll, selectOne } from 'css-select';
import type { Element } from 'domhandler';
import { textContent } from 'domutils';
import { appForSuite, TestApp } from '../helpers/strapi';
import { createUser } from '../helpers/users';
import { createRecipient } from '../helpers/order-fixtures';
import { SHOP_COOKIES } from '../../plugins/greeting-cards/server/src/platform/web/cookies';

// Issue 43, item 4: terms, privacy, imprint, delivery and returns, help and contact as editors publish
// them (draft & publish, English and German), seeded as marked samples, linked from the footer and the
// checkout; the privacy page lists the cookies the code sets.
const LEGAL = 'plugin::greeting-cards.legal-page' as Parameters<Core.Strapi['documents']>[0];
const SLUGS = ['terms', 'privacy', 'imprint', 'delivery-returns', 'help', 'contact'];
const TITLES: Record<string, [string, string]> = {
  terms: ['Terms and conditions', 'Allgemeine Geschäftsbedingungen'],
  privacy: ['Privacy policy', 'Datenschutzerklärung'],
  imprint: ['Imprint', 'Impressum'],
  'delivery-returns': ['Delivery and returns', 'Versand und Rückgabe'],
  help: ['Help', 'Hilfe'],
  contact: ['Contact', 'Kontakt'],
};

const page = (html: string) => {
  const doc = parseDocument(html);
  return {
    one: (selector: string) => selectOne(selector, doc) as Element | null,
    all: (selector: string) => selectAll(selector, doc) as unknown as Element[],
    text: (selector: string) => {
      const el = selectOne(selector, doc) as Element | null;
      return el ? textContent(el).replace(/\s+/g, ' ').trim() : null;
    },
  };
};

describe('legal and help pages', () => {
  let app: TestApp;
  const http = () => app.http();
  const get = (path: string, lang: string) => http().get(`${path}?locale=${lang}`);

  appForSuite({ SERVICE_RENDERER: 'memory', SERVICE_DEMO_PAYMENTS: 'true' }, async (booted) => {
    app = booted;
  });

  it('shows each of the six sample pages in English and German, indexable, marked as a sample', async () => {
    for (const slug of SLUGS) {
      for (const [i, lang] of ['en', 'de'].entries()) {
        const res = await get(`/legal/${slug}/`, lang);
        expect({ slug, lang, status: res.status }).toEqual({ slug, lang, status: 200 });
        const p = page(res.text);
        expect(p.text('h1')).toBe(TITLES[slug][i]);
        expect(p.one('html')?.attribs.lang).toBe(lang);
        expect(p.one('title') && textContent(p.one('title') as Element)).toContain(TITLES[slug][i]);
        expect(p.one('meta[name="description"]')?.attribs.content).toBeTruthy();
        expect(p.one('meta[name="robots"]')).toBeNull();
        expect(p.text('[role="note"]')).toBe(
          lang === 'en'
            ? 'Sample text: replace before opening your shop.'
            : 'Beispieltext: Ersetze ihn, bevor du deinen Shop eröffnest.',
        );
      }
    }
  });

  it('lists the six published pages in sitemap.xml', async () => {
    const xml = (await http().get('/sitemap.xml')).text;
    for (const slug of SLUGS) expect(xml).toContain(`/legal/${slug}/?locale=en</loc>`);
  });

  it('links all six from the footer, in the page language', async () => {
    for (const lang of ['en', 'de']) {
      const p = page((await get('/', lang)).text);
      const links = p.all('footer nav.legal-links a').map((a) => a.attribs.href);
      expect(links).toEqual(SLUGS.map((s) => `/legal/${s}/`));
    }
    const de = page((await get('/', 'de')).text);
    expect(de.all('footer nav.legal-links a').map((a) => textContent(a))).toContain('Datenschutz');
  });

  it('lists on the privacy page exactly the cookies the code sets, and says no consent is needed', async () => {
    const p = page((await get('/legal/privacy/', 'en')).text);
    const rows = p
      .all('table.cookie-list tbody tr')
      .map((tr) => (selectAll('td', tr) as unknown as Element[]).map((td) => textContent(td).trim()));
    expect(rows.map((r) => r[0])).toEqual(SHOP_COOKIES.map((c) => c.name));
    expect(rows).toContainEqual(['gc_session', 'Keeps you signed in.', '7 days']);
    expect(rows.every((r) => r[1] && r[2])).toBe(true);
    expect(p.text('.legal-cookies')).toContain('uses no tracking');
    const de = page((await get('/legal/privacy/', 'de')).text);
    expect(de.text('.legal-cookies')).toContain('keine Tracking');
    expect(de.all('table.cookie-list tbody tr')).toHaveLength(SHOP_COOKIES.length);
    // Only the privacy page carries the list.
    expect(page((await get('/legal/terms/', 'en')).text).one('table.cookie-list')).toBeNull();
  });

  it("shows an editor's text escaped, drops the sample notice once unticked, and 404s unpublished or unknown pages", async () => {
    const docs = app.strapi.documents(LEGAL);
    const [terms] = await docs.findMany({ filters: { slug: 'terms' }, locale: 'en' } as never);
    const documentId = (terms as { documentId: string }).documentId;
    await docs.update({
      documentId,
      locale: 'en',
      data: {
        title: 'Our <i>terms</i>',
        body: '## Rules\n\n<script>window.owned=1</script> See [help](/legal/help/) or [x](javascript:alert(1)).',
        is_sample: false,
      },
    } as never);
    await docs.publish({ documentId, locale: 'en' } as never);
    const res = await get('/legal/terms/', 'en');
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<script>window.owned');
    expect(res.text).toContain('&lt;script&gt;window.owned=1&lt;/script&gt;');
    expect(res.text).not.toContain('href="javascript:');
    const p = page(res.text);
    expect(p.text('h1')).toBe('Our <i>terms</i>');
    expect(p.one('.legal-body a[href="/legal/help/"]')).not.toBeNull();
    expect(p.one('[role="note"]')).toBeNull();

    await docs.unpublish({ documentId, locale: '*' } as never);
    expect((await get('/legal/terms/', 'en')).status).toBe(404);
    expect((await get('/legal/terms/', 'de')).status).toBe(404);
    expect((await get('/legal/cookies/', 'en')).status).toBe(404);
    expect((await get('/legal/imprint/', 'en')).status).toBe(200);
  });

  it('says at checkout that paying accepts the terms, with a link to them', async () => {
    const buyer = await createUser(app.strapi);
    const made = await http().post('/api/templates/balloon-party/personalize/').set(buyer.auth).send({});
    expect(made.status).toBeLessThan(300);
    const recipient = await createRecipient(app.strapi, buyer, { email: 'legal.terms@example.test' });
    const added = await http()
      .post('/api/orders/add_to_cart/')
      .set(buyer.auth)
      .send({ card_id: made.body.id, recipient_id: recipient.id, delivery_method: 'ecard' });
    expect(added.status).toBe(200);
    const uuid = added.body.uuid as string;
    await http().post(`/api/orders/${uuid}/checkout/`).set(buyer.auth).send({}).expect(200);
    for (const [lang, text] of [
      ['en', 'By paying you agree to the terms.'],
      ['de', 'Mit der Zahlung stimmst du den AGB zu.'],
    ]) {
      const res = await http().get(`/checkout/${uuid}/?locale=${lang}`).set('Cookie', `gc_session=${buyer.token}`);
      expect(res.status).toBe(200);
      const link = page(res.text).one('.checkout-terms a');
      expect(link?.attribs.href).toBe('/legal/terms/');
      expect(link && textContent(link)).toBe(text);
    }
  });
});
