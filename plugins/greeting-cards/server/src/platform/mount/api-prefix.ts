import type { Core } from '@strapi/strapi';
import { ConfigError } from '../config/settings';
import { mountPoints, restPrefixOf } from './mount-points';

// Strapi mounts content-API routes at its REST prefix (`/api`) plus the route's path; the plugin's
// routes carry `config.prefix: ''` so that no `/greeting-cards` router prefix is added, and the spec's
// `/api/templates/` is the default. Moving the API puts the part of the setting past the REST prefix
// in front of each route's path, in register(), before Strapi mounts the routes in bootstrap.

interface PrefixedRoute {
  path: string;
}

// The spec's path of each route object: a second boot in the same process (tests) starts from it again.
const specPaths = new WeakMap<PrefixedRoute, string>();

export function applyApiPrefix(strapi: Core.Strapi): void {
  const { apiPrefix } = mountPoints(strapi);
  const rest = restPrefixOf(strapi);
  if (apiPrefix !== rest && !apiPrefix.startsWith(`${rest}/`)) {
    throw new ConfigError(
      `SERVICE_API_PREFIX (apiPrefix) must be the host's REST prefix ${rest} or a path under it such as ${rest}/greeting-cards, got ${apiPrefix}`,
    );
  }
  const routes = (strapi.plugin('greeting-cards').routes as unknown as Record<string, { routes: PrefixedRoute[] }>)[
    'content-api'
  ].routes;
  for (const route of routes) {
    if (!specPaths.has(route)) specPaths.set(route, route.path);
    route.path = `${apiPrefix.slice(rest.length)}${specPaths.get(route)}`;
  }
}
