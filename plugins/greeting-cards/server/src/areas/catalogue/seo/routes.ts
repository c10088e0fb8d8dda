import fs from 'fs';
import path from 'path';
import type { Core } from '@strapi/strapi';
import type { Ctx } from '../../../platform/http/respond';
import { getConfig } from '../../../platform/config/get-config';
import { getService } from '../../../platform/get-service';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES } from '../../../platform/i18n/locales';
import { mountPoints } from '../../../platform/mount/mount-points';
import { publicRoute, type WebRouteDef } from '../../../platform/web/web-route';
import { absolute, alternatesOf, urlOf } from './page-head';
import { robotsTxt, sitemapXml, type SitemapUrl } from './sitemap';
import { legalSitemapEntries } from '../legal/legal-pages';

// /sitemap.xml under the storefront's base path, and /robots.txt at the server's root when the host
// app has none of its own in public/.

/** The languages a page exists in: all the shop offers, or none to name when it pins one. */
const languagesOf = (strapi: Core.Strapi): readonly string[] => (getConfig(strapi).shopLocale ? [] : SUPPORTED_LOCALES);

function urlWithLanguages(strapi: Core.Strapi, pagePath: string, query: Record<string, string>, lastmod: Date) {
  const page = { publicUrl: getConfig(strapi).publicUrl, path: pagePath, query };
  const alternates = alternatesOf(page, languagesOf(strapi));
  const url: SitemapUrl = { loc: urlOf(page, alternates.length ? DEFAULT_LOCALE : null), lastmod, alternates };
  return url;
}

export const seoRoutes: WebRouteDef[] = [
  publicRoute('GET', '/sitemap.xml', async ({ ctx, strapi }) => {
    const { base } = mountPoints(strapi);
    const { templates, occasions } = await getService(strapi, 'catalogue').sitemapEntries();
    const newest = [...templates, ...occasions].reduce(
      (latest, entry) => (entry.changedAt > latest ? entry.changedAt : latest),
      new Date(0),
    );
    const urls: SitemapUrl[] = [
      urlWithLanguages(strapi, `${base}/`, {}, newest),
      urlWithLanguages(strapi, `${base}/catalogue/`, {}, newest),
      ...occasions.map((o) => urlWithLanguages(strapi, `${base}/catalogue/`, { occasion: o.slug }, o.changedAt)),
      ...templates.map((t) =>
        urlWithLanguages(strapi, `${base}/templates/${encodeURIComponent(t.slug)}/`, {}, t.changedAt),
      ),
      ...(await legalSitemapEntries(strapi)).map((p) =>
        urlWithLanguages(strapi, `${base}/legal/${p.slug}/`, {}, p.changedAt),
      ),
    ];
    ctx.type = 'application/xml; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = sitemapXml(urls);
  }),
];

/**
 * GET /robots.txt for the whole server. Strapi serves public/ after the routes (koa-static, deferred),
 * so a host's own public/robots.txt wins: this route then leaves the answer to it.
 */
export function robotsRoute(strapi: Core.Strapi) {
  return {
    method: 'GET' as const,
    path: '/robots.txt',
    handler: async (ctx: Ctx, next: () => Promise<unknown>) => {
      const hostFile = path.join(strapi.dirs.static.public, 'robots.txt');
      if (fs.existsSync(hostFile)) return next();
      const { base, apiPrefix } = mountPoints(strapi);
      ctx.type = 'text/plain; charset=utf-8';
      ctx.set('Cache-Control', 'public, max-age=3600');
      ctx.body = robotsTxt([`${apiPrefix}/`], absolute(getConfig(strapi).publicUrl, `${base}/sitemap.xml`));
    },
    config: { auth: false as const },
  };
}
