import type { Core } from '@strapi/strapi';
import { ownApiPaths, ownServerRoutes, routePattern } from '../http/own-routes';
import { mountedLayers } from './mounted-routes';

// Boot refuses when one of the plugin's routes would answer where the host already has a route (the
// host's own api::order.order at /api/orders, say): one of the two would silently stop working. The
// message names both and the setting that moves the plugin's routes.

interface MountedRoute {
  methods: string[];
  path: string;
}

/** A concrete path a route answers (`/api/orders/:uuid` -> `/api/orders/x1`). */
const sampleOf = (path: string): string => path.replace(/:\w+(\([^)]*\))?/g, 'x1');

// A path with a bare regular-expression group (`/(.*)`, strapi::public's `/((?!uploads/).+)`) is a
// catch-all: it answers whatever no other route does, so it collides with nothing.
const isCatchAll = (path: string): boolean => /(^|[^\w)])\(/.test(path.replace(/:\w+\([^)]*\)/g, ':p'));

type PatternOf = (path: string) => RegExp;

const overlaps = (a: MountedRoute, b: MountedRoute, patternOf: PatternOf): boolean =>
  a.methods.some((m) => m !== 'HEAD' && b.methods.includes(m)) &&
  (patternOf(a.path).test(sampleOf(b.path)) || patternOf(b.path).test(sampleOf(a.path)));

/** routePattern, compiled once per path: the check compares every route of ours with every other. */
function patternCache(): PatternOf {
  const cache = new Map<string, RegExp>();
  return (path) => {
    let pattern = cache.get(path);
    if (!pattern) cache.set(path, (pattern = routePattern(path)));
    return pattern;
  };
}

/** Where a host route comes from, for the message: `api::order.order (api::order.order.find)` when known. */
function originOf(strapi: Core.Strapi, route: MountedRoute): string {
  const rest = String(strapi.config.get('api.rest.prefix', '/api')).replace(/\/+$/, '');
  for (const [name, api] of Object.entries(strapi.apis ?? {})) {
    for (const router of Object.values(
      (api as { routes?: Record<string, { routes?: Array<{ path: string; method?: string; handler?: unknown }> }> })
        .routes ?? {},
    )) {
      // Strapi mounts an app's content-API routes at the REST prefix plus the route's path.
      for (const r of router.routes ?? []) {
        const method = String((r as { method?: string }).method ?? '').toUpperCase();
        if (`${rest}${r.path}`.toLowerCase() === route.path.toLowerCase() && route.methods.includes(method)) {
          return `the host's api::${name} route${typeof r.handler === 'string' ? ` (${r.handler})` : ''}`;
        }
      }
    }
  }
  return "the host's route";
}

/** Every collision between the plugin's routes and the others mounted on the server, as sentences. */
export function routeCollisions(strapi: Core.Strapi): string[] {
  const own = [
    ...ownApiPaths(strapi).map((path) => ({ path, methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] })),
    ...ownServerRoutes(strapi),
  ];
  // The mounted table holds the plugin's routes too: each of ours is taken out once, by path and methods.
  const left = [...own.map((r) => r.path.toLowerCase())];
  const others: MountedRoute[] = [];
  for (const layer of mountedLayers(strapi)) {
    // `GET /` is strapi::public's redirect to the admin panel, which a storefront at the root replaces.
    if (layer.methods.length === 0 || isCatchAll(layer.path) || layer.path === '/') continue;
    const at = left.indexOf(layer.path.toLowerCase());
    if (at >= 0) {
      left.splice(at, 1);
      continue;
    }
    others.push({ path: layer.path, methods: layer.methods });
  }
  const problems: string[] = [];
  // A few hundred routes of ours against a few hundred of the host's and Strapi's: each path's pattern is
  // compiled once, not once per pair (tens of thousands of RegExps, most of the check's time at boot).
  const patternOf = patternCache();
  for (const mine of ownMounted(strapi, own)) {
    for (const theirs of others) {
      if (overlaps(mine, theirs, patternOf)) {
        problems.push(
          `the plugin's ${mine.methods.filter((m) => m !== 'HEAD').join('/')} ${mine.path} collides with ${originOf(strapi, theirs)} ${theirs.methods.filter((m) => m !== 'HEAD').join('/')} ${theirs.path}`,
        );
      }
    }
  }
  return problems;
}

// The plugin's routes with their real methods, read from the mounted table (API routes were listed
// above with every method, only to be taken out of the host's list).
function ownMounted(strapi: Core.Strapi, own: MountedRoute[]): MountedRoute[] {
  const paths = new Set(own.map((r) => r.path.toLowerCase()));
  const seen = new Set<string>();
  const result: MountedRoute[] = [];
  for (const layer of mountedLayers(strapi)) {
    const key = `${layer.methods.join(',')} ${layer.path}`;
    if (layer.methods.length === 0 || !paths.has(layer.path.toLowerCase()) || seen.has(key)) continue;
    seen.add(key);
    result.push({ path: layer.path, methods: layer.methods });
  }
  return result;
}

export function checkRouteCollisions(strapi: Core.Strapi): void {
  const problems = routeCollisions(strapi);
  if (problems.length === 0) return;
  throw new Error(
    `[greeting-cards] route collision: ${problems.join('; ')}. Move the plugin's API with SERVICE_API_PREFIX (apiPrefix), e.g. /api/greeting-cards, ` +
      'and its pages with SERVICE_STOREFRONT_BASE_PATH (storefrontBasePath), e.g. /shop.',
  );
}
