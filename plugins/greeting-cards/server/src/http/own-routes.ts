import type { Core } from '@strapi/strapi';
import routes from '../routes';

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

const API_ROUTES = (routes['content-api'].routes as Array<{ path: string }>).map((r) => `/api${r.path}`);
const API_PATTERNS = API_ROUTES.map(routePattern);
const API_PREFIXES = new Set(API_ROUTES.map((path) => path.split('/')[2].toLowerCase()));

// Pages, static files and webhooks, recorded as they are registered (per Strapi instance).
const serverPatterns = new WeakMap<Core.Strapi, RegExp[]>();

/** strapi.server.routes, remembering the paths as the plugin's. Every route outside /api goes through here. */
export function registerOwnRoutes(strapi: Core.Strapi, defs: ServerRoutes): void {
  const list = Array.isArray(defs) ? defs : defs.routes;
  const patterns = serverPatterns.get(strapi) ?? [];
  patterns.push(...list.map((def) => routePattern(def.path)));
  serverPatterns.set(strapi, patterns);
  strapi.server.routes(defs);
}

/** True for a path of one of the plugin's spec /api/ routes (whatever the method). */
export function isOwnApiRoute(path: string): boolean {
  return API_PATTERNS.some((pattern) => pattern.test(path));
}

/** True for a path the plugin serves: a spec /api/ route, a page, a static file or a webhook. */
export function isOwnRoute(strapi: Core.Strapi, path: string): boolean {
  return isOwnApiRoute(path) || (serverPatterns.get(strapi) ?? []).some((pattern) => pattern.test(path));
}

/**
 * True when a request's answer is the plugin's to shape under the spec: one of its /api/ routes, or an
 * unknown path under one of its /api/ prefixes (`/api/cards/1/nothing/`) that no route of the host's
 * claims either (a host may well have `/api/orders/reports` of its own).
 */
export function isOwnApiRequest(strapi: Core.Strapi, path: string): boolean {
  if (isOwnApiRoute(path)) return true;
  const prefix = /^\/api\/([^/]+)/i.exec(path)?.[1]?.toLowerCase();
  if (!prefix || !API_PREFIXES.has(prefix)) return false;
  // Only routes declared under that prefix count: catch-alls such as strapi::public's `/(.+)` do not.
  const under = `/api/${prefix}`;
  return !strapi.server
    .listRoutes()
    .some((layer) => layer.methods.length > 0 && layer.path.toLowerCase().startsWith(under) && layer.match(path));
}
