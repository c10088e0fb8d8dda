import type { Core } from '@strapi/strapi';
import { UID } from '../../../platform/uids';
import { query, type Row } from '../../../platform/db/query';
import { shopRows, withTranslations } from '../../../platform/db/localized';
import { notFound } from '../../../platform/errors';
import { renderPage } from '../../../platform/web/render';
import { publicRoute, type WebRouteDef } from '../../../platform/web/web-route';
import { pageLocale } from '../../../platform/web/locale';
import { SHOP_COOKIES } from '../../../platform/web/cookies';
import type { Locale } from '../../../platform/i18n/locales';
import { headForPage } from '../seo/head-for-page';
import { LEGAL_PAGE_SLUGS, type LegalPageSlug } from './legal-page-slugs';
import { renderBody } from './render-body';

/** The published page for `slug` in `locale` (the default locale's texts where it has no translation), or null. */
export async function publishedLegalPage(strapi: Core.Strapi, slug: string, locale: Locale): Promise<Row | null> {
  if (!(LEGAL_PAGE_SLUGS as readonly string[]).includes(slug)) return null;
  const row = (await query(strapi, UID.legalPage).findOne({
    where: shopRows({ slug }),
    orderBy: { id: 'asc' },
  })) as Row | null;
  if (!row) return null;
  return (await withTranslations(strapi, UID.legalPage, [row], locale))[0];
}

/** The published pages for sitemap.xml: each page's slug and when it last changed. */
export async function legalSitemapEntries(strapi: Core.Strapi): Promise<Array<{ slug: string; changedAt: Date }>> {
  const rows = (await query(strapi, UID.legalPage).findMany({
    where: shopRows({}),
    select: ['slug', 'updatedAt'],
    orderBy: { id: 'asc' },
  })) as Row[];
  return rows
    .filter((r) => (LEGAL_PAGE_SLUGS as readonly string[]).includes(String(r.slug)))
    .map((r) => ({ slug: String(r.slug), changedAt: new Date(r.updatedAt as string) }));
}

// /legal/<slug>/: terms, privacy, imprint, delivery and returns, help and contact, as editors publish them.
export const legalPageRoutes: WebRouteDef[] = [
  publicRoute('GET', '/legal/:slug/', async ({ ctx, strapi, t }) => {
    const slug = String(ctx.params.slug);
    const page = await publishedLegalPage(strapi, slug, pageLocale(strapi, ctx));
    if (!page) throw notFound();
    const title = String(page.title);
    renderPage(ctx, 'legal-page', {
      title,
      indexable: true,
      seo: headForPage(strapi, ctx, { title, description: String(page.description || title) }),
      page: {
        slug: slug as LegalPageSlug,
        title,
        isSample: Boolean(page.is_sample),
        html: renderBody(String(page.body ?? '')),
      },
      cookies:
        slug === 'privacy'
          ? SHOP_COOKIES.map((c) => ({ name: c.name, purpose: t(c.purpose), lifetime: t(c.lifetime) }))
          : null,
    });
  }),
];
