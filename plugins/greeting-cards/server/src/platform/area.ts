import type { WebRouteDef } from './web/web-route';

/**
 * What one area of the plugin brings (areas/<area>/index.ts), shaped like a small Strapi plugin: its
 * content types, services and controllers by name, and its routes in one table: the spec's /api/
 * routes, its storefront pages and, for the admin area, the admin API. The plugin's index.ts merges them.
 */
export interface Area {
  contentTypes?: Record<string, unknown>;
  services?: Record<string, unknown>;
  controllers?: Record<string, unknown>;
  routes?: {
    /** The area's /api/ routes (content-api), in the order the router should try them. */
    api?: readonly unknown[];
    /** Storefront pages, under the storefront's base path. */
    pages?: readonly WebRouteDef[];
    /** The admin API router (type 'admin'). */
    admin?: { type: string; routes: readonly unknown[] };
  };
}

/** One object of every area's entries by name; a name two areas both use is a mistake, found at boot. */
export function mergeByName<T>(parts: ReadonlyArray<Record<string, T> | undefined>, what: string): Record<string, T> {
  const merged: Record<string, T> = {};
  for (const part of parts) {
    for (const [name, value] of Object.entries(part ?? {})) {
      if (name in merged) throw new Error(`greeting-cards: two areas declare the ${what} '${name}'`);
      merged[name] = value;
    }
  }
  return merged;
}
