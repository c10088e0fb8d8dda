import type { Core } from '@strapi/strapi';

/** One route as Koa's router holds it: its path as declared (`/api/sign/:token`) and its methods. */
export type Layer = { path: string; methods: string[] };

/**
 * Every route mounted on the server: pages, webhooks, the content API and the admin API, the host's
 * and the plugin's. Until Strapi starts listening the content-API and admin routes sit in their own
 * routers (it then moves them onto the server's router), so all three tables are read; a route may be
 * listed twice.
 */
export function mountedLayers(strapi: Core.Strapi): Layer[] {
  const server = strapi.server as unknown as {
    listRoutes(): Layer[];
    api(name: string): { listRoutes(): Layer[] } | undefined;
  };
  return [
    ...server.listRoutes(),
    ...(server.api('content-api')?.listRoutes() ?? []),
    ...(server.api('admin')?.listRoutes() ?? []),
  ];
}
