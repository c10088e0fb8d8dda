import * as fs from 'fs';
import * as path from 'path';
import type { Core } from '@strapi/strapi';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parseDocument } from 'htmlparser2';
import { selectAll, selectOne } from 'css-select';
import type { Element } from 'domhandler';
import jsonld from 'jsonld';
import { appForSuite, TestApp } from '../helpers/strapi';

// What search engines and link previews read: sitemap.xml and robots.txt, checked with an XML parser;
// each shop page's title, description and robots rule; a template page's canonical address, languages,
// Open Graph and Twitter tags, and its schema.org Product, expanded by a JSON-LD processor.
const PUBLIC_URL = 'https://cards.example.test';
const TEMPLATE = 'plugin::greeting-cards.template' as Parameters<Core.Strapi['documents']>[0];
const SCHEMA = 'https://schema.org/';

/** schema.org's context, offline: every term is in the schema.org vocabulary. */
const documentLoader = async (url: string) => {
  if (!/^https?:\/\/schema\.org\/?$/.test(url)) throw new Error(`unexpected context ${url}`);
  return { contextUrl: null, documentUrl: url, document: { '@context': { '@vocab': SCHEMA } } };
};

const head = (html: string) => {
  const doc = parseDocument(html);
  const attr = (selector: string, name: string) => (selectOne(selector, doc) as Element | null)?.attribs[name] ?? null;
  return {
    doc,
    attr,
    all: (selector: string) => selectAll(selector, doc) as unknown as Element[],
    meta: (name: string) => attr(`meta[name="${name}"]`, 'content'),
    property: (name: string) => attr(`meta[property="${name}"]`, 'content'),
  };
};

const textOf = (el: Element): string =>
  el.children.map((c) => ('data' in c ? String((c as { data: string }).data) : '')).join('');

describe('search engines and link previews', () => {
  let app: TestApp;
  const http = () => app.http();

  appForSuite({ SERVICE_RENDERER: 'memory', SERVICE_PUBLIC_URL: PUBLIC_URL }, async (booted) => {
    app = booted;
  });

  const docs = () => app.strapi.documents(TEMPLATE);
  const design = { version: '7.0.0', background: '#224466', objects: [] };

  it('lists every published template in its window and each occasion in sitemap.xml, and nothing else', async () => {
    await docs().create({
      data: { name: 'Only A Draft', slug: 'only-a-draft', is_active: true, canvas_data: design },
    });
    await docs().create({
      data: {
        name: 'Next Season',
        slug: 'next-season',
        is_active: true,
        available_from: new Date(Date.now() + 86_400_000).toISOString(),
        canvas_data: design,
      },
      status: 'published',
    });
    await docs().create({
      data: { name: 'Retired Card', slug: 'retired-card', is_active: false, canvas_data: design },
      status: 'published',
    });

    const res = await http().get('/sitemap.xml').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(XMLValidator.validate(res.text)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(res.text);
    expect(parsed.urlset.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const urls: Array<{ loc: string; lastmod: string; 'xhtml:link': Array<{ hreflang: string; href: string }> }> =
      parsed.urlset.url;
    const locs = urls.map((u) => u.loc);

    // Exactly the templates the shop's own list shows, each by its page address.
    const listed = await http().get('/api/templates/?page_size=100').expect(200);
    const slugs: string[] = listed.body.results.map((t: { slug: string }) => t.slug);
    expect(slugs.length).toBeGreaterThan(3);
    const templateLocs = locs.filter((l) => l.includes('/templates/'));
    expect(templateLocs.sort()).toEqual(slugs.map((s) => `${PUBLIC_URL}/templates/${s}/?locale=en`).sort());
    for (const hidden of ['only-a-draft', 'next-season', 'retired-card'])
      expect(locs.join(' ')).not.toContain(`/templates/${hidden}/`);

    const occasions = await http().get('/api/occasions/?page_size=100').expect(200);
    for (const o of occasions.body.results as Array<{ slug: string }>)
      expect(locs).toContain(`${PUBLIC_URL}/catalogue/?occasion=${o.slug}&locale=en`);
    expect(locs).toContain(`${PUBLIC_URL}/?locale=en`);

    for (const url of urls) {
      expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(new Date(url.lastmod).getTime()).toBeLessThanOrEqual(Date.now());
      expect(url['xhtml:link'].map((l) => l.hreflang)).toEqual(['en', 'de', 'x-default']);
      expect(url['xhtml:link'][1].href).toBe(url.loc.replace('locale=en', 'locale=de'));
    }
  });

  it('serves robots.txt naming the sitemap, unless the host app has its own in public/', async () => {
    const own = await http().get('/robots.txt').expect(200);
    expect(own.headers['content-type']).toMatch(/^text\/plain/);
    expect(own.text).toMatch(/^User-agent: \*$/m);
    expect(own.text).toMatch(/^Disallow: \/api\/$/m);
    expect(own.text).toMatch(new RegExp(`^Sitemap: ${PUBLIC_URL}/sitemap\\.xml$`, 'm'));

    const hostFile = path.join(app.strapi.dirs.static.public, 'robots.txt');
    expect(fs.existsSync(hostFile)).toBe(false);
    fs.writeFileSync(hostFile, 'User-agent: *\nDisallow: /host-only/\n');
    try {
      const host = await http().get('/robots.txt').expect(200);
      expect(host.text).toBe('User-agent: *\nDisallow: /host-only/\n');
    } finally {
      fs.rmSync(hostFile, { force: true });
    }
  });

  it('gives a template page its canonical address, languages, Open Graph, Twitter and a schema.org Product', async () => {
    const listed = await http().get('/api/templates/?page_size=1').expect(200);
    const slug: string = listed.body.results[0].slug;
    const res = await http().get(`/templates/${slug}/`).set('Accept-Language', 'en').expect(200);
    const page = head(res.text);

    expect(page.meta('robots')).toBeNull();
    const description = page.meta('description');
    expect(description && description.length).toBeGreaterThan(20);
    expect(description!.length).toBeLessThanOrEqual(160);
    expect(page.attr('link[rel="canonical"]', 'href')).toBe(`${PUBLIC_URL}/templates/${slug}/?locale=en`);
    expect(page.all('link[rel="alternate"]').map((l) => [l.attribs.hreflang, l.attribs.href])).toEqual([
      ['en', `${PUBLIC_URL}/templates/${slug}/?locale=en`],
      ['de', `${PUBLIC_URL}/templates/${slug}/?locale=de`],
      ['x-default', `${PUBLIC_URL}/templates/${slug}/`],
    ]);
    expect(page.property('og:type')).toBe('product');
    expect(page.property('og:url')).toBe(`${PUBLIC_URL}/templates/${slug}/?locale=en`);
    expect(page.property('og:locale')).toBe('en_GB');
    expect(page.property('og:title')).toBe(listed.body.results[0].name);
    expect(page.property('og:description')).toBe(description);
    expect(page.meta('twitter:title')).toBe(listed.body.results[0].name);

    const scripts = page.all('script[type="application/ld+json"]');
    expect(scripts).toHaveLength(1);
    const [product] = await jsonld.expand(JSON.parse(textOf(scripts[0])), { documentLoader });
    expect(product['@type']).toEqual([`${SCHEMA}Product`]);
    expect(product[`${SCHEMA}name`][0]['@value']).toBe(listed.body.results[0].name);
    expect(product[`${SCHEMA}sku`][0]['@value']).toBe(slug);
    const offer = product[`${SCHEMA}offers`][0];
    expect(offer['@type']).toEqual([`${SCHEMA}AggregateOffer`]);
    const config = app.strapi.config.get('plugin::greeting-cards') as Record<string, number | string>;
    const prices = [config.ecardPrice, config.postedCardPrice, config.printPrice].map(Number);
    const major = (minor: number) => (minor / 100).toFixed(2);
    expect(offer[`${SCHEMA}lowPrice`][0]['@value']).toBe(major(Math.min(...prices)));
    expect(offer[`${SCHEMA}highPrice`][0]['@value']).toBe(major(Math.max(...prices)));
    expect(offer[`${SCHEMA}priceCurrency`][0]['@value']).toBe(config.currency);
  });

  it('writes the German page with its own canonical address and locale', async () => {
    const listed = await http().get('/api/templates/?page_size=1').expect(200);
    const slug: string = listed.body.results[0].slug;
    const page = head((await http().get(`/templates/${slug}/?locale=de`).expect(200)).text);
    expect(page.attr('link[rel="canonical"]', 'href')).toBe(`${PUBLIC_URL}/templates/${slug}/?locale=de`);
    expect(page.property('og:locale')).toBe('de_DE');
    const catalogue = head((await http().get('/catalogue/?locale=de').expect(200)).text);
    expect(catalogue.meta('description')).toMatch(/Grußkarten/);
  });

  it('keeps a name from the catalogue inside the JSON-LD script, whatever it holds', async () => {
    const name = 'Owl </script><script>alert(1)</script> & “Friends”';
    await docs().create({
      data: { name, slug: 'owl-and-friends', is_active: true, canvas_data: design },
      status: 'published',
    });
    const res = await http().get('/templates/owl-and-friends/').expect(200);
    expect(res.text).not.toContain('<script>alert(1)</script>');
    const page = head(res.text);
    const scripts = page.all('script[type="application/ld+json"]');
    expect(scripts).toHaveLength(1);
    expect(JSON.parse(textOf(scripts[0])).name).toBe(name);
  });

  it('marks private and secondary pages noindex and gives every page a description', async () => {
    for (const url of ['/login/', '/register/', '/cart/', '/catalogue/?style=funny', '/catalogue/?page=2']) {
      const res = await http().get(url);
      expect([200, 302]).toContain(res.status);
      if (res.status !== 200) continue;
      const page = head(res.text);
      expect([url, page.meta('robots')]).toEqual([url, 'noindex']);
      expect(page.attr('link[rel="canonical"]', 'href')).toBeNull();
      expect((page.meta('description') ?? '').length).toBeGreaterThan(0);
    }
    for (const url of ['/', '/catalogue/']) {
      const page = head((await http().get(url).expect(200)).text);
      expect([url, page.meta('robots')]).toEqual([url, null]);
      expect((page.meta('description') ?? '').length).toBeGreaterThan(20);
      expect(page.attr('link[rel="canonical"]', 'href')).toMatch(new RegExp(`^${PUBLIC_URL}/`));
    }
  });
});
