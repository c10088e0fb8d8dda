import type { Core } from '@strapi/strapi';
import { registerStaticFiles } from './static-files';
import { registerWebRoutes } from './web-route';
import { accountRoutes } from './pages-account';
import { catalogueRoutes } from './pages-catalogue';
import { libraryRoutes } from './pages-library';
import { addressProofRoutes } from './pages-address-proof';
import { peopleRoutes } from './pages-people';
import { recipientImportRoutes } from './pages-recipient-import';
import { orderRoutes } from './pages-orders';
import { subscriptionRoutes } from './pages-subscriptions';
import { groupRoutes } from './pages-group';
import { addressRequestRoutes } from './pages-address-requests';
import { registerCardViewRoutes } from './card-view';
import { registerOwnRoutes } from '../http/own-routes';
import { mountPoints } from '../mount/mount-points';
import type { Ctx } from '../http/respond';

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
  registerWebRoutes(strapi, [...accountRoutes, ...catalogueRoutes, ...libraryRoutes, ...addressProofRoutes, ...recipientImportRoutes, ...peopleRoutes, ...orderRoutes, ...subscriptionRoutes, ...groupRoutes, ...addressRequestRoutes]);
  // `/shop` leads to the shop's home page at `/shop/` (a route without a slash also matches `/shop/`,
  // which the home page, registered first, answers).
  if (base) {
    registerOwnRoutes(strapi, [
      {
        method: 'GET',
        path: base,
        handler: (ctx: Ctx, next: () => Promise<unknown>) => (ctx.path.endsWith('/') ? next() : ctx.redirect(`${ctx.path}/${ctx.querystring ? `?${ctx.querystring}` : ''}`)),
        config: { auth: false },
      },
    ]);
  }
}
