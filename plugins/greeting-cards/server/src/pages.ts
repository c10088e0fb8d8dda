import type { Core } from '@strapi/strapi';
import { registerStaticFiles } from './platform/web/static-files';
import { registerWebRoutes } from './platform/web/web-route';
import { registerCardViewRoutes } from './areas/fulfilment/ecards/card-view-page';
import { AREAS } from './areas';
import { robotsRoute } from './areas/catalogue';
import { registerOwnRoutes } from './platform/http/own-routes';
import { mountPoints } from './platform/mount/mount-points';
import type { Ctx } from './platform/http/respond';

/**
 * The storefront: static files and every page, under the storefront's base path. CSRF is checked per
 * route, on our routes only (the page wrapper in web-route.ts, the 'csrf' route middleware on /api
 * routes), never app-wide. With the storefront off (SERVICE_STOREFRONT_ENABLED=false) only what the
 * rest of the plugin links to stays: the e-card view page e-mails point at, and the static files.
 */
export function registerStorefront(strapi: Core.Strapi): void {
  const { storefront, base } = mountPoints(strapi);
  registerStaticFiles(strapi);
  registerCardViewRoutes(strapi);
  if (!storefront) return;
  registerWebRoutes(
    strapi,
    AREAS.flatMap((area) => ('routes' in area && 'pages' in area.routes ? area.routes.pages : [])),
  );
  registerOwnRoutes(strapi, [robotsRoute(strapi)]);
  // `/shop` leads to the shop's home page at `/shop/` (a route without a slash also matches `/shop/`,
  // which the home page, registered first, answers).
  if (base) {
    registerOwnRoutes(strapi, [
      {
        method: 'GET',
        path: base,
        handler: (ctx: Ctx, next: () => Promise<unknown>) =>
          ctx.path.endsWith('/') ? next() : ctx.redirect(`${ctx.path}/${ctx.querystring ? `?${ctx.querystring}` : ''}`),
        config: { auth: false },
      },
    ]);
  }
}
