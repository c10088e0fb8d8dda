import type { Core } from '@strapi/strapi';
import { action } from '../http/respond';
import { pageOf, pageRequest } from '../http/pagination';
import { choiceFilter, queryValue } from '../http/body';
import { ASSET_TYPES, TEMPLATE_STYLES } from '../domain/enums';
import { getService } from '../services/get-service';
import { optionalUser } from '../http/auth';

// Public catalogue: no sign-in needed.
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const catalogue = () => getService(strapi, 'catalogue');
  // Premium designs' drawable data (template canvas, asset SVG) only for callers with premium.
  const showPremium = async (ctx: Parameters<typeof optionalUser>[1]) => getService(strapi, 'premium').canSeePremium((await optionalUser(strapi, ctx))?.id);
  return {
    listOccasions: action(strapi, async (ctx) => {
      const page = pageRequest(ctx.query);
      const { count, results } = await catalogue().listOccasions(page);
      return pageOf(ctx, page, count, results);
    }),

    listTemplates: action(strapi, async (ctx) => {
      const page = pageRequest(ctx.query);
      const style = choiceFilter(ctx.query, 'style', TEMPLATE_STYLES);
      // An unknown occasion slug simply matches nothing.
      const occasion = queryValue(ctx.query, 'occasion');
      const { count, results } = await catalogue().listTemplates({ style, occasion }, page, await showPremium(ctx));
      return pageOf(ctx, page, count, results);
    }),

    getTemplate: action(strapi, async (ctx) => catalogue().getTemplate(String(ctx.params.slug), await showPremium(ctx))),

    listGiftAddons: action(strapi, async (ctx) => {
      const page = pageRequest(ctx.query);
      const { count, results } = await catalogue().listGiftAddons(page);
      return pageOf(ctx, page, count, results);
    }),

    listAssets: action(strapi, async (ctx) => {
      const page = pageRequest(ctx.query);
      const assetType = choiceFilter(ctx.query, 'asset_type', ASSET_TYPES);
      const { count, results } = await catalogue().listAssets({ asset_type: assetType }, page, await showPremium(ctx));
      return pageOf(ctx, page, count, results);
    }),
  };
};
