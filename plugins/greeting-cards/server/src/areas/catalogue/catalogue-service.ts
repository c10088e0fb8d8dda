import type { Core } from '@strapi/strapi';
import { UID } from '../../platform/uids';
import { notFound } from '../../platform/errors';
import type { PageRequest } from '../../platform/http/pagination';
import { pagedRows } from '../../platform/db/paged-rows';
import type { AssetType, TemplateStyle } from '../../platform/enums';
import {
  serializeAsset,
  serializeGiftAddon,
  serializeOccasion,
  serializeTemplate,
  serializeTemplateSummary,
} from './serializer';
import { query, tableOf } from '../../platform/db/query';
import { getService } from '../../platform/get-service';
import { versionedCache } from './versioned-cache';
import { DEFAULT_LOCALE, type Locale } from '../../platform/i18n/locales';
import { PUBLISHED } from '../../platform/db/published';
import { shopRows, versionRows, withTranslations } from '../../platform/db/localized';
import { apiPathOf, mountPoints, shopPath } from '../../platform/mount/mount-points';
import {
  PREVIEW_LINK_SECONDS,
  absoluteUrl,
  previewDocument,
  previewPagePath,
  previewPath,
  previewToken,
} from './preview-links';

export interface Listing<T> {
  count: number;
  results: T[];
}

// Columns a catalogue grid needs; the design (canvas_data) is read only for its background colour.
const SUMMARY_COLUMNS = [
  'id',
  'documentId',
  'slug',
  'name',
  'description',
  'style',
  'product',
  'is_premium',
  'thumbnail_url',
  'canvas_data',
];

/**
 * Inside its seasonal window now (areas/catalogue/rules/availability.ts isAvailable, as a condition on indexed
 * columns): part of the one query that reads the page, never a query of its own. The instant comes
 * from this process's clock, as the catalogue version's does, so a cached answer matches its version.
 */
export const inWindow = (now = new Date()) => ({
  $and: [
    { $or: [{ available_from: { $null: true } }, { available_from: { $lte: now } }] },
    { $or: [{ available_until: { $null: true } }, { available_until: { $gt: now } }] },
  ],
});

// The public catalogue: occasions, active templates and active assets. Read-only for shoppers;
// editors curate these in the admin panel.
//
// Every read takes the catalogue version (read once per request by the caller, who also uses it for
// the ETag; read here when not given) and answers from a per-process cache valid for that version
// only. Cached answers are shared: callers must not modify them.
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const q = (uid: string) => query(strapi, uid);
  const cache = versionedCache<unknown>();
  const cached = async <T>(key: string, version: string | undefined, load: () => Promise<T>): Promise<T> =>
    cache.get(key, version ?? (await getService(strapi, 'catalogueVersion').current()), load) as Promise<T>;
  const pageKey = (page: PageRequest) => `${page.offset}:${page.pageSize}`;

  return {
    /** Occasions inside their seasonal window (the shop's filters and the spec's route). */
    listOccasions(
      page: PageRequest,
      version?: string,
      locale: Locale = DEFAULT_LOCALE,
    ): Promise<Listing<ReturnType<typeof serializeOccasion>>> {
      return cached(`occasions|${locale}|${pageKey(page)}`, version, () =>
        this.readOccasions(page, inWindow(), locale),
      );
    },

    /** Occasions; all of them when no window condition is given (a reminder is for any occasion, in season or not). */
    async readOccasions(
      page: PageRequest,
      where: Record<string, unknown> = {},
      locale: Locale = DEFAULT_LOCALE,
    ): Promise<Listing<ReturnType<typeof serializeOccasion>>> {
      where = shopRows(where);
      const { count, rows } = await pagedRows(
        page,
        () => q(UID.occasion).count({ where }),
        () =>
          q(UID.occasion).findMany({
            where,
            orderBy: [{ sort_order: 'asc' }, { id: 'asc' }],
            offset: page.offset,
            limit: page.pageSize,
          }),
      );
      return { count, results: (await withTranslations(strapi, UID.occasion, rows, locale)).map(serializeOccasion) };
    },

    /** Active templates inside their window, for a grid (no design: the detail route has it), most used first. */
    listTemplates(
      filters: { occasion?: string; style?: TemplateStyle },
      page: PageRequest,
      version?: string,
      locale: Locale = DEFAULT_LOCALE,
    ) {
      const key = `templates|${locale}|${filters.occasion ?? ''}|${filters.style ?? ''}|${pageKey(page)}`;
      return cached(key, version, async () => {
        const conditions: Record<string, unknown> = { is_active: true, ...inWindow() };
        if (filters.style) conditions.style = filters.style;
        if (filters.occasion) conditions.occasion = { slug: filters.occasion };
        const where = shopRows(conditions);
        const { count, rows } = await pagedRows(
          page,
          () => q(UID.template).count({ where }),
          () =>
            q(UID.template).findMany({
              where,
              select: SUMMARY_COLUMNS,
              populate: { occasion: { select: ['slug'] }, thumbnail: { select: ['url'] } },
              orderBy: [{ popularity: 'desc' }, { id: 'asc' }],
              offset: page.offset,
              limit: page.pageSize,
            }),
        );
        return {
          count,
          results: (await withTranslations(strapi, UID.template, rows, locale)).map(serializeTemplateSummary),
        };
      });
    },

    /**
     * What the sitemap lists: the slugs of published, active templates and occasions inside their
     * window, each with the time it last changed for shoppers (its last edit, or the start of its
     * window when that came later). Cached per catalogue version like every other read.
     */
    sitemapEntries(version?: string) {
      return cached(`sitemap`, version, async () => {
        const changed = (row: Record<string, unknown>): Date => {
          const times = [row.updatedAt, row.publishedAt, row.available_from]
            .map((v) => (v ? new Date(v as string).getTime() : NaN))
            .filter((t) => Number.isFinite(t) && t <= Date.now());
          return new Date(times.length ? Math.max(...times) : Date.now());
        };
        const columns = ['slug', 'updatedAt', 'publishedAt', 'available_from'];
        const [templates, occasions] = await Promise.all([
          q(UID.template).findMany({
            where: shopRows({ is_active: true, ...inWindow() }),
            select: columns,
            orderBy: [{ id: 'asc' }],
          }),
          q(UID.occasion).findMany({ where: shopRows(inWindow()), select: columns, orderBy: [{ id: 'asc' }] }),
        ]);
        const entries = (rows: Array<Record<string, unknown>>) =>
          rows.map((row) => ({ slug: String(row.slug), changedAt: changed(row) }));
        return { templates: entries(templates), occasions: entries(occasions) };
      });
    },

    /** An active template inside its window by slug, as stored (with occasion), or the 404 error. */
    async findActiveTemplate(slug: string, locale: Locale = DEFAULT_LOCALE) {
      const row = await q(UID.template).findOne({
        where: shopRows({ slug, is_active: true, ...inWindow() }),
        populate: ['occasion', 'thumbnail'],
      });
      if (!row) throw notFound();
      return (await withTranslations(strapi, UID.template, [row], locale))[0];
    },

    /**
     * A template's draft for an editor's preview link (preview-links.ts): the draft row of the document
     * the token names, when it still has this slug; never cached (drafts change with every save).
     */
    async previewTemplate(slug: string, token: unknown) {
      const documentId = previewDocument(strapi, token);
      const row = documentId
        ? await q(UID.template).findOne({
            where: versionRows({ slug, documentId }, 'draft'),
            populate: ['occasion', 'thumbnail'],
          })
        : null;
      if (!row) throw notFound();
      return serializeTemplate(row, true);
    },

    /**
     * Where an editor sees a template document: its draft through a signed preview address, or its
     * published version at its plain shop address. For admins only (see the callers).
     */
    async previewLink(
      documentId: string,
      status: 'draft' | 'published' = 'draft',
    ): Promise<{ url: string; page_url: string; expires_in: number | null } | null> {
      const row = (await q(UID.template).findOne({ where: versionRows({ documentId }, status), select: ['slug'] })) as {
        slug?: string;
      } | null;
      if (!row?.slug) return null;
      const slug = encodeURIComponent(row.slug);
      // url: the JSON API; page_url: the shop page, absolute (the preview panel frames it).
      if (status === 'published')
        return {
          url: apiPathOf(mountPoints(strapi), `/templates/${slug}/`),
          page_url: absoluteUrl(strapi, shopPath(strapi, `/templates/${slug}/`)),
          expires_in: null,
        };
      const token = previewToken(strapi, documentId);
      return {
        url: previewPath(strapi, row.slug, token),
        page_url: absoluteUrl(strapi, previewPagePath(strapi, row.slug, token)),
        expires_in: PREVIEW_LINK_SECONDS,
      };
    },

    getTemplate(slug: string, showPremium = false, version?: string, locale: Locale = DEFAULT_LOCALE) {
      return cached(`template|${locale}|${slug}|${showPremium ? 'premium' : 'free'}`, version, async () =>
        serializeTemplate(await this.findActiveTemplate(slug, locale), showPremium),
      );
    },

    /** Counts one more use of a template; the catalogue lists the most used first. */
    async bumpPopularity(templateId: number): Promise<void> {
      // One atomic UPDATE, so concurrent uses are all counted. Call it outside a transaction.
      const knex = strapi.db.connection;
      const table = tableOf(strapi, UID.template);
      // Every row of the document (draft & publish): publishing copies the draft over the published row,
      // so a count kept on the published row alone would be lost at the editor's next publish. (Two
      // statements, not an UPDATE with a subquery on its own table, which MySQL refuses.)
      const row = (await knex(table).select('document_id').where({ id: templateId }).first()) as
        { document_id?: string } | undefined;
      if (!row?.document_id) return;
      await knex(table)
        .where({ document_id: row.document_id })
        .update({ popularity: knex.raw('COALESCE(popularity, 0) + 1') });
      // The list order depends on popularity, and this raw update fires no lifecycle.
      await getService(strapi, 'catalogueVersion').bump();
    },

    /** Active gift add-ons (posted cards can carry one), cheapest first. */
    listGiftAddons(page: PageRequest, version?: string, locale: Locale = DEFAULT_LOCALE) {
      return cached(`gift-addons|${locale}|${pageKey(page)}`, version, async () => {
        const where = { is_active: true, ...PUBLISHED };
        const { count, rows } = await pagedRows(
          page,
          () => q(UID.giftAddon).count({ where }),
          () =>
            q(UID.giftAddon).findMany({
              where,
              populate: ['image'],
              orderBy: [{ price_pence: 'asc' }, { id: 'asc' }],
              offset: page.offset,
              limit: page.pageSize,
            }),
        );
        return { count, results: rows.map(serializeGiftAddon) };
      });
    },

    listAssets(
      filters: { asset_type?: AssetType },
      page: PageRequest,
      showPremium = false,
      version?: string,
      locale: Locale = DEFAULT_LOCALE,
    ) {
      const key = `assets|${locale}|${filters.asset_type ?? ''}|${showPremium ? 'premium' : 'free'}|${pageKey(page)}`;
      return cached(key, version, async () => {
        const conditions: Record<string, unknown> = { is_active: true };
        if (filters.asset_type) conditions.asset_type = filters.asset_type;
        const where = shopRows(conditions);
        const { count, rows } = await pagedRows(
          page,
          () => q(UID.asset).count({ where }),
          () =>
            q(UID.asset).findMany({
              where,
              populate: ['image'],
              orderBy: [{ id: 'asc' }],
              offset: page.offset,
              limit: page.pageSize,
            }),
        );
        return {
          count,
          results: (await withTranslations(strapi, UID.asset, rows, locale)).map((row) =>
            serializeAsset(row, showPremium),
          ),
        };
      });
    },
  };
};
