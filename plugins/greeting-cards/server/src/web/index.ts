import type { Core } from '@strapi/strapi';
import { registerStaticFiles } from './static-files';
import { registerWebRoutes } from './web-route';
import { accountRoutes } from './pages-account';
import { catalogueRoutes } from './pages-catalogue';
import { libraryRoutes } from './pages-library';
import { addressProofRoutes } from './pages-address-proof';
import { peopleRoutes } from './pages-people';
import { orderRoutes } from './pages-orders';
import { subscriptionRoutes } from './pages-subscriptions';
import { registerCardViewRoutes } from './card-view';

/**
 * The storefront: static files and every page. CSRF is checked per route, on our routes only (the
 * page wrapper in web-route.ts, the 'csrf' route middleware on /api routes), never app-wide.
 */
export function registerStorefront(strapi: Core.Strapi): void {
  registerStaticFiles(strapi);
  registerWebRoutes(strapi, [...accountRoutes, ...catalogueRoutes, ...libraryRoutes, ...addressProofRoutes, ...peopleRoutes, ...orderRoutes, ...subscriptionRoutes]);
  registerCardViewRoutes(strapi);
}
