import type { Core } from '@strapi/strapi';
import { getConfig } from '../config/get-config';
import type { Ctx } from './respond';

// Strapi's CORS middleware (strapi::cors) echoes any Origin back with
// Access-Control-Allow-Credentials: true, which lets any site make credentialed calls and read the
// answers. This middleware runs outside it and withdraws the grant for origins that are not allowed:
// SERVICE_CORS_ORIGINS, or by default the public URL's origin only.

const GRANT_HEADERS = [
  'Access-Control-Allow-Origin',
  'Access-Control-Allow-Credentials',
  'Access-Control-Allow-Methods',
  'Access-Control-Allow-Headers',
  'Access-Control-Expose-Headers',
  'Access-Control-Max-Age',
];

export function allowedOrigins(strapi: Core.Strapi): Set<string> {
  const config = getConfig(strapi);
  if (config.corsOrigins.length) return new Set(config.corsOrigins);
  try {
    return new Set([new URL(config.publicUrl).origin]);
  } catch {
    return new Set();
  }
}

export function corsOriginsMiddleware(strapi: Core.Strapi) {
  let allowed: Set<string> | null = null;
  return async (ctx: Ctx, next: () => Promise<unknown>) => {
    await next();
    const origin = ctx.get('Origin');
    if (!origin) return;
    ctx.vary('Origin');
    allowed ??= allowedOrigins(strapi);
    if (allowed.has(origin)) return;
    for (const header of GRANT_HEADERS) ctx.remove(header);
  };
}
