import type { Core } from '@strapi/strapi';
import { getConfig } from '../config/get-config';
import { isOwnRoute } from './own-routes';
import type { Ctx } from './respond';

// CORS on the plugin's routes and pages follows SERVICE_CORS_ORIGINS (by default the public URL's
// origin only), whatever the host's strapi::cors says: Strapi's default echoes any Origin back with
// Access-Control-Allow-Credentials: true, which would let any site make credentialed calls to the shop
// and read the answers, and a host that lists only its own front end would lock the shop's out.
// Every other path is the host's: its strapi::cors decides, exactly as without the plugin.
// This middleware runs outside strapi::cors and corrects its answer after the fact.

const GRANT_HEADERS = [
  'Access-Control-Allow-Origin',
  'Access-Control-Allow-Credentials',
  'Access-Control-Allow-Methods',
  'Access-Control-Allow-Headers',
  'Access-Control-Expose-Headers',
  'Access-Control-Max-Age',
];

// What a cross-origin caller of the spec's API needs (a bearer token and JSON).
const METHODS = 'GET,POST,PUT,PATCH,DELETE,HEAD,OPTIONS';
const HEADERS = 'Content-Type,Authorization,Origin,Accept';
const PREFLIGHT_MAX_AGE = '600';

export function allowedOrigins(strapi: Core.Strapi): Set<string> {
  const config = getConfig(strapi);
  if (config.corsOrigins.length) return new Set(config.corsOrigins);
  try {
    return new Set([new URL(config.publicUrl).origin]);
  } catch {
    return new Set();
  }
}

function grant(ctx: Ctx, origin: string): void {
  ctx.set('Access-Control-Allow-Origin', origin);
  ctx.set('Access-Control-Allow-Credentials', 'true');
  if (ctx.method !== 'OPTIONS' || !ctx.get('Access-Control-Request-Method')) return;
  // A preflight the host's CORS did not answer reached the router, which answers OPTIONS with a bare 200.
  ctx.set('Access-Control-Allow-Methods', METHODS);
  ctx.set('Access-Control-Allow-Headers', HEADERS);
  if (!ctx.response.get('Access-Control-Max-Age')) ctx.set('Access-Control-Max-Age', PREFLIGHT_MAX_AGE);
  ctx.status = 204;
}

export function corsOriginsMiddleware(strapi: Core.Strapi) {
  let allowed: Set<string> | null = null;
  return async (ctx: Ctx, next: () => Promise<unknown>) => {
    if (!isOwnRoute(strapi, ctx.path)) return next();
    await next();
    const origin = ctx.get('Origin');
    if (!origin) return;
    ctx.vary('Origin');
    allowed ??= allowedOrigins(strapi);
    if (allowed.has(origin)) return grant(ctx, origin);
    for (const header of GRANT_HEADERS) ctx.remove(header);
  };
}
