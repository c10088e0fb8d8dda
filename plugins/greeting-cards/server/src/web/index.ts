import type { Core } from '@strapi/strapi';
import { csrfMiddleware } from './csrf';
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

/** The storefront: CSRF for cookie-authenticated writes (web and /api), static files and every page. */
export function registerStorefront(strapi: Core.Strapi): void {
  strapi.server.use(csrfMiddleware(strapi));
  registerStaticFiles(strapi);
  registerWebRoutes(strapi, [...accountRoutes, ...catalogueRoutes, ...libraryRoutes, ...addressProofRoutes, ...peopleRoutes, ...orderRoutes, ...subscriptionRoutes]);
  registerCardViewRoutes(strapi);
}
