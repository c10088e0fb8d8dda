import type { Core } from '@strapi/strapi';
import { action, type Ctx } from '../../platform/http/respond';
import { pageOf, pageRequest } from '../../platform/http/pagination';
import { choiceFilter, queryValue } from '../../platform/http/body';
import { notModified } from '../../platform/http/conditional-get';
import { ASSET_TYPES, TEMPLATE_STYLES } from '../../platform/enums';
import { getService } from '../../platform/get-service';
import { optionalUser } from '../../platform/http/auth';
import { fieldError, msg } from '../../platform/errors';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, normaliseLocale, type Locale } from '../../platform/i18n/locales';

/** `?locale=` of a catalogue route: the default language when absent, a 400 for one the shop does not ship. */
function localeOf(query: Record<string, unknown> | undefined): Locale {
  const raw = query?.locale;
  if (raw === undefined || raw === '') return DEFAULT_LOCALE;
  const locale = normaliseLocale(raw);
  if (!locale)
    throw fieldError(
      'locale',
      msg('error.unsupported_language', { value: String(raw), choices: SUPPORTED_LOCALES.join(', ') }),
    );
  return locale;
}

// Public catalogue: no sign-in needed. Every answer carries an ETag derived from the catalogue version
// in the database and Cache-Control; a matching If-None-Match gets 304 after one single-row read.
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const catalogue = () => getService(strapi, 'catalogue');
  const version = () => getService(strapi, 'catalogueVersion').current();
  // Premium designs' drawable data (template canvas, asset SVG) only for callers with premium.
  const showPremium = async (ctx: Ctx) =>
    getService(strapi, 'premium').canSeePremium((await optionalUser(strapi, ctx))?.id);
  const audience = (premium: boolean) => (premium ? 'premium' : 'free');

  return {
    listOccasions: action(strapi, async (ctx) => {
      const page = pageRequest(ctx.query);
      const locale = localeOf(ctx.query);
      const v = await version();
      if (notModified(ctx, { version: v })) return undefined;
      const { count, results } = await catalogue().listOccasions(page, v, locale);
      return pageOf(ctx, page, count, results);
    }),

    // The list is the same for everyone (no designs in it), so it is publicly cacheable.
    listTemplates: action(strapi, async (ctx) => {
      const page = pageRequest(ctx.query);
      const style = choiceFilter(ctx.query, 'style', TEMPLATE_STYLES);
      // An unknown occasion slug simply matches nothing.
      const occasion = queryValue(ctx.query, 'occasion');
      const locale = localeOf(ctx.query);
      const v = await version();
      if (notModified(ctx, { version: v })) return undefined;
      const { count, results } = await catalogue().listTemplates({ style, occasion }, page, v, locale);
      return pageOf(ctx, page, count, results);
    }),

    getTemplate: action(strapi, async (ctx) => {
      const locale = localeOf(ctx.query);
      // An editor's signed preview link opens the draft (anything else about it is a 404), uncached.
      if (ctx.query?.preview !== undefined) {
        ctx.set('Cache-Control', 'private, no-store');
        return catalogue().previewTemplate(String(ctx.params.slug), ctx.query.preview);
      }
      const premium = await showPremium(ctx);
      const v = await version();
      if (notModified(ctx, { version: v, audience: audience(premium) })) return undefined;
      return catalogue().getTemplate(String(ctx.params.slug), premium, v, locale);
    }),

    listGiftAddons: action(strapi, async (ctx) => {
      const page = pageRequest(ctx.query);
      const locale = localeOf(ctx.query);
      const v = await version();
      if (notModified(ctx, { version: v })) return undefined;
      const { count, results } = await catalogue().listGiftAddons(page, v, locale);
      return pageOf(ctx, page, count, results);
    }),

    listAssets: action(strapi, async (ctx) => {
      const page = pageRequest(ctx.query);
      const assetType = choiceFilter(ctx.query, 'asset_type', ASSET_TYPES);
      const locale = localeOf(ctx.query);
      const premium = await showPremium(ctx);
      const v = await version();
      if (notModified(ctx, { version: v, audience: audience(premium) })) return undefined;
      const { count, results } = await catalogue().listAssets({ asset_type: assetType }, page, premium, v, locale);
      return pageOf(ctx, page, count, results);
    }),
  };
};
