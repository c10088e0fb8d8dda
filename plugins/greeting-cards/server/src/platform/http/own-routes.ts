import type { Core } from '@strapi/strapi';
import { mountPoints } from '../mount/mount-points';

// The plugin lives inside someone else's app, and `strapi.server.use` middlewares run for every path
// of it. Whatever such a middleware changes (CORS, the error shape) must apply to the plugin's own
// routes and pages only: this is the one place that says which paths those are. Koa's router matches
// paths case-insensitively (`/API/Cards/` reaches the `/api/cards/` handler), so these checks do too.

type ServerRoutes = Parameters<Core.Strapi['server']['routes']>[0];

/** A route path as Koa's router reads it (`:param`, `:param(regexp)`), as a case-insensitive RegExp. */
export function routePattern(path: string): RegExp {
  const source = path
    .split(/(:\w+(?:\([^)]*\))?)/)
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const custom = /\((.*)\)$/.exec(part);
      return custom ? `(?:${custom[1]})` : '[^/#?]+?';
    })
    .join('');
  // As the router does: a path declared without a trailing slash also matches with one, not the reverse.
  return new RegExp(`^${source}${path.endsWith('/') ? '' : '/?'}$`, 'i');
}

/** The paths of the plugin's /api/ routes, read from the router table Strapi registered (the plugin's index.ts). */
function apiPaths(strapi: Core.Strapi): string[] {
  const routers = strapi.plugin('greeting-cards').routes as unknown as Record<
    string,
    { routes?: Array<{ path: string }> }
  >;
  return (routers['content-api']?.routes ?? []).map((route) => route.path);
}

interface ApiTable {
  patterns: RegExp[];
  /** Lower-case first segments under the prefix (`/api/orders` -> `/api/orders`), for isOwnApiRequest. */
  prefixes: Set<string>;
  apiPrefix: string;
  paths: string[];
}

// Built once per instance from the API prefix setting (platform/mount/mount-points.ts).
const apiTables = new WeakMap<Core.Strapi, ApiTable>();

function apiTable(strapi: Core.Strapi): ApiTable {
  let table = apiTables.get(strapi);
  if (!table) {
    const { apiPrefix } = mountPoints(strapi);
    const paths = apiPaths(strapi);
    table = {
      apiPrefix,
      paths,
      patterns: paths.map((path) => routePattern(`${apiPrefix}${path}`)),
      prefixes: new Set(paths.map((path) => `${apiPrefix}/${path.split('/')[1]}`.toLowerCase())),
    };
    apiTables.set(strapi, table);
  }
  return table;
}

/** The plugin's API routes as mounted (`/api/orders/:uuid`), for the boot collision check. */
export function ownApiPaths(strapi: Core.Strapi): string[] {
  const { apiPrefix, paths } = apiTable(strapi);
  return paths.map((path) => `${apiPrefix}${path}`);
}

// Pages, static files and webhooks, recorded as they are registered (per Strapi instance).
const serverPatterns = new WeakMap<Core.Strapi, RegExp[]>();
const serverRoutes = new WeakMap<Core.Strapi, Array<{ path: string; methods: string[] }>>();

/** strapi.server.routes, remembering the paths as the plugin's. Every route outside /api goes through here. */
export function registerOwnRoutes(strapi: Core.Strapi, defs: ServerRoutes): void {
  const list = Array.isArray(defs) ? defs : defs.routes;
  const patterns = serverPatterns.get(strapi) ?? [];
  patterns.push(...list.map((def) => routePattern(def.path)));
  serverPatterns.set(strapi, patterns);
  const recorded = serverRoutes.get(strapi) ?? [];
  recorded.push(...list.map((def) => ({ path: def.path, methods: [String(def.method).toUpperCase()] })));
  serverRoutes.set(strapi, recorded);
  strapi.server.routes(defs);
}

/** The plugin's routes outside the API (pages, static files, webhooks) as registered, for the collision check. */
export function ownServerRoutes(strapi: Core.Strapi): Array<{ path: string; methods: string[] }> {
  return serverRoutes.get(strapi) ?? [];
}

/** True for a path of one of the plugin's spec /api/ routes (whatever the method). */
export function isOwnApiRoute(strapi: Core.Strapi, path: string): boolean {
  return apiTable(strapi).patterns.some((pattern) => pattern.test(path));
}

/** True for a path the plugin serves: a spec /api/ route, a page, a static file or a webhook. */
export function isOwnRoute(strapi: Core.Strapi, path: string): boolean {
  return isOwnApiRoute(strapi, path) || (serverPatterns.get(strapi) ?? []).some((pattern) => pattern.test(path));
}

/**
 * True when a request's answer is the plugin's to shape under the spec: one of its /api/ routes, or an
 * unknown path under one of its /api/ prefixes (`/api/cards/1/nothing/`) that no route of the host's
 * claims either (a host may well have `/api/orders/reports` of its own).
 */
export function isOwnApiRequest(strapi: Core.Strapi, path: string): boolean {
  if (isOwnApiRoute(strapi, path)) return true;
  const { apiPrefix, prefixes } = apiTable(strapi);
  if (!path.toLowerCase().startsWith(`${apiPrefix.toLowerCase()}/`)) return false;
  const under = `${apiPrefix}/${path.slice(apiPrefix.length + 1).split('/')[0]}`.toLowerCase();
  if (!prefixes.has(under)) return false;
  // Only routes declared under that prefix count: catch-alls such as strapi::public's `/(.+)` do not.
  return !strapi.server
    .listRoutes()
    .some((layer) => layer.methods.length > 0 && layer.path.toLowerCase().startsWith(under) && layer.match(path));
}
