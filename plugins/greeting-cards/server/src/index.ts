import type { Core } from '@strapi/strapi';
import register from './register';
import bootstrap from './bootstrap';
import destroy from './destroy';
import config from './platform/config';
import { mergeByName } from './platform/area';
import hostServices from './platform/host/services';
import { AREAS } from './areas';
import policies from './policies';
import { nulBytesMiddleware } from './platform/http/nul-bytes';
import { rateLimitMiddleware } from './platform/http/rate-limit';
import { accessLogMiddleware } from './platform/http/access-log';
import { csrfMiddleware } from './platform/web/csrf';

// As Strapi's own plugins (content-releases) do: each area exports its part, and the plugin is their sum.
const contentTypes = mergeByName<unknown>(
  AREAS.map((area) => ('contentTypes' in area ? area.contentTypes : undefined)),
  'content type',
);
const services = mergeByName<unknown>(
  [hostServices, ...AREAS.map((area) => ('services' in area ? area.services : undefined))],
  'service',
);
const controllers = mergeByName<unknown>(
  AREAS.map((area) => ('controllers' in area ? area.controllers : undefined)),
  'controller',
);
const routes = {
  'content-api': {
    type: 'content-api',
    routes: AREAS.flatMap((area) => ('routes' in area && 'api' in area.routes ? area.routes.api : [])),
  },
  admin: mergeAdminRoutes(),
};

function mergeAdminRoutes() {
  const admin = AREAS.flatMap((area) => ('routes' in area && 'admin' in area.routes ? [area.routes.admin] : []));
  return { type: 'admin' as const, routes: admin.flatMap((router) => router.routes) };
}

export default {
  register,
  bootstrap,
  destroy,
  config,
  contentTypes,
  routes,
  controllers,
  services,
  policies,
  middlewares: {
    'nul-bytes': (_config: unknown, { strapi }: { strapi: Core.Strapi }) => nulBytesMiddleware(strapi),
    // On every /api route of ours (platform/http/define-routes.ts): decided on the route the router picked.
    csrf: csrfMiddleware,
    'rate-limit': rateLimitMiddleware,
    // Used by the host's config/middlewares.ts in place of 'strapi::logger'.
    'access-log': accessLogMiddleware,
  },
};
