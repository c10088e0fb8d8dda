import type { Core } from '@strapi/strapi';
import { getConfig } from '../config/get-config';
import type { PluginConfig } from '../config/settings';

// Where the plugin's routes live inside the host app. The spec's paths are the defaults (`/api/...`,
// pages at `/`); a host with routes of its own moves them with the mount-point settings. Every path the
// plugin builds (routes, links, redirects, e-mailed links, the editor's API calls) goes through here.

export interface MountPoints {
  /** The API routes' prefix without a trailing slash: `/api`, `/api/greeting-cards`. */
  apiPrefix: string;
  /** The storefront's base path without a trailing slash: '' at the root, `/shop`. */
  base: string;
  storefront: boolean;
  /** The static files' path without a trailing slash. */
  staticPath: string;
}

const trimSlash = (path: string): string => path.replace(/\/+$/, '');

export function mountPointsOf(
  config: Pick<PluginConfig, 'apiPrefix' | 'storefrontBasePath' | 'storefrontEnabled' | 'staticPath'>,
): MountPoints {
  return {
    apiPrefix: trimSlash(config.apiPrefix) || '/api',
    base: trimSlash(config.storefrontBasePath),
    storefront: config.storefrontEnabled,
    staticPath: trimSlash(config.staticPath),
  };
}

export const mountPoints = (strapi: Core.Strapi): MountPoints => mountPointsOf(getConfig(strapi));

/** A storefront path (`/cart/`) as the browser requests it (`/shop/cart/`). */
export const shopPathOf = (mount: MountPoints, path: string): string => `${mount.base}${path}`;
export const shopPath = (strapi: Core.Strapi, path: string): string => shopPathOf(mountPoints(strapi), path);

/** An API path of the spec (`/cards/1/`) as mounted (`/api/cards/1/`). */
export const apiPathOf = (mount: MountPoints, path: string): string => `${mount.apiPrefix}${path}`;

/** A static file (`css/shop.css`) as mounted. */
export const assetPathOf = (mount: MountPoints, file: string): string => `${mount.staticPath}/${file}`;
export const assetPath = (strapi: Core.Strapi, file: string): string => assetPathOf(mountPoints(strapi), file);

/** An absolute storefront link for e-mails: the public URL, the base path, then the page. */
export function publicShopUrl(strapi: Core.Strapi, path: string): string {
  return `${getConfig(strapi).publicUrl.replace(/\/+$/, '')}${shopPath(strapi, path)}`;
}

/** The host's REST prefix (`/api` unless its config/api.ts says otherwise), which the API prefix must start with. */
export const restPrefixOf = (strapi: Core.Strapi): string =>
  trimSlash(String(strapi.config.get('api.rest.prefix', '/api'))) || '/api';
