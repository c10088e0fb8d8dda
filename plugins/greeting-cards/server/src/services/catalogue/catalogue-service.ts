import type { Core } from '@strapi/strapi';
import { UID } from '../../uids';
import { notFound } from '../../errors';
import type { PageRequest } from '../../http/pagination';
import { pagedRows } from '../shared/paged-rows';
import type { AssetType, TemplateStyle } from '../../domain/enums';
import { serializeAsset, serializeGiftAddon, serializeOccasion, serializeTemplate } from '../../serializers/catalogue';
import { query, tableOf } from '../../db/query';

export interface Listing<T> {
  count: number;
  results: T[];
}

// The public catalogue: occasions, active templates and active assets. Read-only for shoppers;
// editors curate these in the admin panel.
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const q = (uid: string) => query(strapi, uid);

  return {
    async listOccasions(page: PageRequest): Promise<Listing<ReturnType<typeof serializeOccasion>>> {
      const { count, rows } = await pagedRows(
        page,
        () => q(UID.occasion).count(),
        () => q(UID.occasion).findMany({ orderBy: [{ sort_order: 'asc' }, { id: 'asc' }], offset: page.offset, limit: page.pageSize }),
      );
      return { count, results: rows.map(serializeOccasion) };
    },

    async listTemplates(filters: { occasion?: string; style?: TemplateStyle }, page: PageRequest, showPremium = false) {
      const where: Record<string, unknown> = { is_active: true };
      if (filters.style) where.style = filters.style;
      if (filters.occasion) where.occasion = { slug: filters.occasion };
      const { count, rows } = await pagedRows(
        page,
        () => q(UID.template).count({ where }),
        () => q(UID.template).findMany({
          where,
          populate: ['occasion', 'thumbnail'],
          orderBy: [{ popularity: 'desc' }, { id: 'asc' }],
          offset: page.offset,
          limit: page.pageSize,
        }),
      );
      return { count, results: rows.map((row) => serializeTemplate(row, showPremium)) };
    },

    /** An active template by slug, as stored (with occasion), or the 404 error. */
    async findActiveTemplate(slug: string) {
      const row = await q(UID.template).findOne({ where: { slug, is_active: true }, populate: ['occasion', 'thumbnail'] });
      if (!row) throw notFound();
      return row;
    },

    async getTemplate(slug: string, showPremium = false) {
      const row = await q(UID.template).findOne({ where: { slug, is_active: true }, populate: ['occasion', 'thumbnail'] });
      if (!row) throw notFound();
      return serializeTemplate(row, showPremium);
    },

    /** Counts one more use of a template; the catalogue lists the most used first. */
    async bumpPopularity(templateId: number): Promise<void> {
      // One atomic UPDATE, so concurrent uses are all counted. Call it outside a transaction.
      const knex = strapi.db.connection;
      await knex(tableOf(strapi, UID.template)).where({ id: templateId }).update({ popularity: knex.raw('COALESCE(popularity, 0) + 1') });
    },

    /** Active gift add-ons (posted cards can carry one), cheapest first. */
    async listGiftAddons(page: PageRequest) {
      const where = { is_active: true };
      const { count, rows } = await pagedRows(
        page,
        () => q(UID.giftAddon).count({ where }),
        () => q(UID.giftAddon).findMany({ where, populate: ['image'], orderBy: [{ price_pence: 'asc' }, { id: 'asc' }], offset: page.offset, limit: page.pageSize }),
      );
      return { count, results: rows.map(serializeGiftAddon) };
    },

    async listAssets(filters: { asset_type?: AssetType }, page: PageRequest, showPremium = false) {
      const where: Record<string, unknown> = { is_active: true };
      if (filters.asset_type) where.asset_type = filters.asset_type;
      const { count, rows } = await pagedRows(
        page,
        () => q(UID.asset).count({ where }),
        () => q(UID.asset).findMany({ where, populate: ['image'], orderBy: [{ id: 'asc' }], offset: page.offset, limit: page.pageSize }),
      );
      return { count, results: rows.map((row) => serializeAsset(row, showPremium)) };
    },
  };
};
