import { TEMPLATE_STYLES, type TemplateStyle } from '../../platform/enums';
import { queryValue } from '../../platform/http/body';
import { getService } from '../../platform/get-service';
import { markPreview } from '../../platform/web/preview-frame';
import { renderPage, renderPageOrPartial } from '../../platform/web/render';
import { publicRoute, type WebRouteDef } from '../../platform/web/web-route';
import { pageLocale } from '../../platform/web/locale';
import { getConfig } from '../../platform/config/get-config';
import { query, type Row } from '../../platform/db/query';
import { shopRows } from '../../platform/db/localized';
import { UID } from '../../platform/uids';
import { headForPage } from './seo/head-for-page';
import { productJsonLd } from './seo/product-json-ld';
import { absolute } from './seo/page-head';
import { promiseSentence } from '../../platform/i18n/delivery-promise';
import { intlLocale } from '../../platform/i18n/locales';

// Home, catalogue (filters answer the grid partial under htmx) and the template page.

const PAGE_SIZE = 24;

const namesBySlug = (occasions: Array<{ slug: string; name: string }>) =>
  Object.fromEntries(occasions.map((o) => [o.slug, o.name]));

function pageNumber(raw: unknown): number {
  const text = typeof raw === 'string' ? raw : '';
  return /^\d{1,6}$/.test(text) && Number(text) >= 1 ? Number(text) : 1;
}

export const catalogueRoutes: WebRouteDef[] = [
  publicRoute('GET', '/', async ({ ctx, strapi, t }) => {
    const catalogue = getService(strapi, 'catalogue');
    const version = await getService(strapi, 'catalogueVersion').current();
    // Names and descriptions in the shopper's language where an editor translated them.
    const locale = pageLocale(strapi, ctx);
    const [occasions, popular] = await Promise.all([
      catalogue.listOccasions({ page: 1, pageSize: 100, offset: 0 }, version, locale),
      catalogue.listTemplates({}, { page: 1, pageSize: 10, offset: 0 }, version, locale),
    ]);
    const title = t('shop.home.title');
    renderPage(ctx, 'home', {
      title,
      indexable: true,
      seo: headForPage(strapi, ctx, {
        title,
        description: getConfig(strapi).shopTagline || t('shop.seo.catalogue'),
        image: popular.results.find((tpl) => tpl.thumbnail_url)?.thumbnail_url ?? null,
      }),
      occasions: occasions.results,
      occasionNames: namesBySlug(occasions.results),
      templates: popular.results,
    });
  }),

  publicRoute('GET', '/catalogue/', async ({ ctx, strapi, t }) => {
    const catalogue = getService(strapi, 'catalogue');
    const occasion = queryValue(ctx.query, 'occasion');
    const styleRaw = queryValue(ctx.query, 'style');
    // An unknown style is ignored here (the API answers 400): a stale link still shows cards.
    const style = (TEMPLATE_STYLES as readonly string[]).includes(styleRaw ?? '')
      ? (styleRaw as TemplateStyle)
      : undefined;
    const page = pageNumber(ctx.query.page);
    const version = await getService(strapi, 'catalogueVersion').current();
    const locale = pageLocale(strapi, ctx);
    const [occasions, listing] = await Promise.all([
      catalogue.listOccasions({ page: 1, pageSize: 100, offset: 0 }, version, locale),
      catalogue.listTemplates(
        { occasion, style },
        { page, pageSize: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
        version,
        locale,
      ),
    ]);
    const occasionName = occasions.results.find((o) => o.slug === occasion)?.name ?? null;
    const title = occasionName
      ? t('shop.catalogue.titleOccasion', { occasion: occasionName })
      : t('shop.catalogue.titleAll');
    // The list of all cards and each occasion's list are pages search engines may show; a style filter
    // or a later page of the same list is not a page of its own (noindex; the canonical names the first).
    const indexable = !style && page === 1 && (!occasion || occasionName !== null);
    renderPageOrPartial(ctx, 'catalogue', 'partials/catalogue-results', {
      title,
      indexable,
      seo: headForPage(strapi, ctx, {
        title,
        description: occasionName ? t('shop.seo.occasion', { occasion: occasionName }) : t('shop.seo.catalogue'),
        query: occasionName && occasion ? { occasion } : {},
        image: listing.results.find((tpl) => tpl.thumbnail_url)?.thumbnail_url ?? null,
      }),
      occasions: occasions.results,
      occasionNames: namesBySlug(occasions.results),
      styles: TEMPLATE_STYLES,
      occasion: occasion ?? '',
      occasionName,
      style: style ?? '',
      templates: listing.results,
      count: listing.count,
      page,
      pages: Math.max(1, Math.ceil(listing.count / PAGE_SIZE)),
      toast: ctx.query.welcome ? { kind: 'success', text: t('shop.catalogue.welcome') } : null,
    });
  }),

  publicRoute('GET', '/templates/:slug/', async ({ ctx, strapi, t }) => {
    // ?preview=<signed token>: an editor's look at the draft (404 unless the token is valid for it).
    const preview = ctx.query.preview !== undefined;
    const slug = String(ctx.params.slug);
    const locale = pageLocale(strapi, ctx);
    const catalogue = getService(strapi, 'catalogue');
    const template = preview
      ? await catalogue.previewTemplate(slug, queryValue(ctx.query, 'preview'))
      : await catalogue.getTemplate(slug, false, undefined, locale);
    const occasions = await catalogue.listOccasions({ page: 1, pageSize: 100, offset: 0 }, undefined, locale);
    const occasion = occasions.results.find((o) => o.slug === template.occasion) ?? null;
    const config = getConfig(strapi);
    const description = template.description || t('shop.seo.template', { name: template.name });
    const seo = headForPage(strapi, ctx, {
      title: template.name,
      description,
      image: template.thumbnail_url,
      type: 'product',
      jsonLd: productJsonLd({
        name: template.name,
        description,
        url: absolute(config.publicUrl, ctx.path),
        image: template.thumbnail_url ? absolute(config.publicUrl, template.thumbnail_url) : null,
        sku: template.slug,
        brand: config.shopName,
        category: occasion?.name ?? null,
        currency: config.currency,
        prices: [config.ecardPrice, config.postedCardPrice, config.printPrice],
      }),
    });
    // A draft seen through an editor's preview link is never indexed.
    // A premium design names what membership costs (the cheapest active plan that grants premium).
    const plan = template.is_premium
      ? ((await query(strapi, UID.subscriptionPlan).findOne({
          where: shopRows({ is_active: true, grants_premium: true }),
          orderBy: [{ amount_pence: 'asc' }],
        })) as Row | null)
      : null;
    const membership = plan ? { amount: Number(plan.amount_pence), interval: String(plan.interval ?? 'month') } : null;
    // A posted card's promise to the shop's own country, worded in the shopper's language (issue 44).
    const home = config.vatHomeCountry || 'GB';
    const dates = await getService(strapi, 'shipping').postedPromise({ product: template.product, country: home });
    const promise = dates
      ? {
          country: new Intl.DisplayNames([intlLocale(locale)], { type: 'region', fallback: 'code' }).of(home) ?? home,
          text: promiseSentence(locale, dates, config.shopTimeZone),
        }
      : null;
    renderPage(ctx, 'template', {
      title: template.name,
      template,
      occasion,
      preview,
      indexable: !preview,
      seo,
      membership,
      promise,
    });
    if (preview) markPreview(strapi, ctx);
  }),
];
