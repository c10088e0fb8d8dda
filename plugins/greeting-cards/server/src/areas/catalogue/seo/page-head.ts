// What a search engine or a link preview reads in an indexable page's <head>: the canonical address,
// one alternate per language (hreflang), Open Graph and Twitter tags, and structured data. Pure: the
// page handler passes what it knows; the layout prints it (views/partials/seo-head.eta).

export interface Alternate {
  hreflang: string;
  href: string;
}

export interface PageHead {
  description: string;
  canonical: string;
  alternates: Alternate[];
  /** Open Graph type: 'website' for lists, 'product' for a template. */
  type: 'website' | 'product';
  title: string;
  image: string | null;
  siteName: string;
  /** Open Graph's form of the language: en_GB. */
  locale: string;
  /** JSON-LD, already serialised for a <script> element (see jsonForScript). */
  jsonLd: string | null;
}

export interface HeadInput {
  /** The shop's public origin and path prefix (SERVICE_PUBLIC_URL), no trailing slash. */
  publicUrl: string;
  /** The page's path within the server (`/shop/templates/x/`), base path included. */
  path: string;
  /** The query that makes this page what it is (`{ occasion: 'birthday' }`), without `locale`. */
  query?: Record<string, string>;
  locale: string;
  /** The page's Intl locale (en-GB), for og:locale. */
  intlLocale: string;
  /** The languages the shop offers (empty when it pins one: no alternates then). */
  locales: readonly string[];
  defaultLocale: string;
  title: string;
  description: string;
  image?: string | null;
  type?: PageHead['type'];
  siteName: string;
  jsonLd?: unknown;
}

/** An address on the shop: absolute URLs stay, paths are joined to the public URL. */
export const absolute = (publicUrl: string, pathOrUrl: string): string =>
  /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${publicUrl.replace(/\/+$/, '')}${pathOrUrl}`;

type Address = Pick<HeadInput, 'publicUrl' | 'path' | 'query'>;

/** The page's absolute address, in `locale` (?locale=de) or, with null, in the visitor's language. */
export function urlOf(page: Address, locale: string | null): string {
  const search = new URLSearchParams(page.query ?? {});
  if (locale) search.set('locale', locale);
  const query = search.toString();
  return absolute(page.publicUrl, page.path) + (query ? `?${query}` : '');
}

/**
 * One address per language and x-default, the address without a language, which follows the
 * visitor's browser. None when the shop offers one language.
 */
export const alternatesOf = (page: Address, locales: readonly string[]): Alternate[] =>
  locales.length > 1
    ? [
        ...locales.map((code) => ({ hreflang: code, href: urlOf(page, code) })),
        { hreflang: 'x-default', href: urlOf(page, null) },
      ]
    : [];

/**
 * JSON for an inline <script type="application/ld+json">: `<` is escaped so no value (a template's
 * name from the CMS) can close the element, and U+2028/2029 so the text stays valid in every parser.
 */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** A description as a search result shows it: one line of at most `max` characters, cut at a word. */
export function snippet(text: string, max = 160): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd()}…`;
}

export function pageHead(input: HeadInput): PageHead {
  // Each language's page is its own canonical (?locale=de), so search engines keep both.
  const alternates = alternatesOf(input, input.locales);
  return {
    description: snippet(input.description),
    canonical: urlOf(input, alternates.length ? input.locale : null),
    alternates,
    type: input.type ?? 'website',
    title: input.title,
    image: input.image ? absolute(input.publicUrl, input.image) : null,
    siteName: input.siteName,
    locale: input.intlLocale.replace('-', '_'),
    jsonLd: input.jsonLd === undefined ? null : jsonForScript(input.jsonLd),
  };
}
