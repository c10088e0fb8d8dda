// sitemap.xml (the sitemaps.org protocol) and robots.txt, as text. Pure: the route reads the entries.

export interface SitemapUrl {
  loc: string;
  lastmod: Date;
  /** Other languages of the same page (xhtml:link rel="alternate"), as Google reads them. */
  alternates: Array<{ hreflang: string; href: string }>;
}

const xmlEscape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** The W3C date sitemaps take: 2026-11-29. */
const day = (date: Date): string => date.toISOString().slice(0, 10);

export function sitemapXml(urls: SitemapUrl[]): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  lines.push('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">');
  for (const url of urls) {
    lines.push('  <url>', `    <loc>${xmlEscape(url.loc)}</loc>`, `    <lastmod>${day(url.lastmod)}</lastmod>`);
    for (const alt of url.alternates)
      lines.push(
        `    <xhtml:link rel="alternate" hreflang="${xmlEscape(alt.hreflang)}" href="${xmlEscape(alt.href)}"/>`,
      );
    lines.push('  </url>');
  }
  lines.push('</urlset>', '');
  return lines.join('\n');
}

/**
 * robots.txt: crawlers may read every page (the private ones say noindex themselves, which a
 * crawler must be allowed to fetch to see), except the JSON API; the sitemap is named.
 */
export function robotsTxt(disallow: string[], sitemapUrl: string): string {
  return ['User-agent: *', ...disallow.map((p) => `Disallow: ${p}`), '', `Sitemap: ${sitemapUrl}`, ''].join('\n');
}
