import type { Core } from '@strapi/strapi';
import type { Ctx } from '../../../platform/http/respond';
import { getConfig } from '../../../platform/config/get-config';
import { DEFAULT_LOCALE, intlLocale, SUPPORTED_LOCALES } from '../../../platform/i18n/locales';
import { pageLocale } from '../../../platform/web/locale';
import { pageHead, type HeadInput, type PageHead } from './page-head';

/** The head of an indexable shop page at `ctx.path`, with the shop's address, languages and name. */
export function headForPage(
  strapi: Core.Strapi,
  ctx: Ctx,
  page: Pick<HeadInput, 'title' | 'description' | 'image' | 'type' | 'query' | 'jsonLd'>,
): PageHead {
  const config = getConfig(strapi);
  const locale = pageLocale(strapi, ctx);
  return pageHead({
    ...page,
    publicUrl: config.publicUrl,
    path: ctx.path,
    locale,
    intlLocale: intlLocale(locale),
    locales: config.shopLocale ? [] : SUPPORTED_LOCALES,
    defaultLocale: DEFAULT_LOCALE,
    siteName: config.shopName,
  });
}
