import type { Core } from '@strapi/strapi';
import type { Ctx } from '../http/respond';

/**
 * The origin the admin panel is served from, when it is not this server's own: Strapi's `admin.url`
 * (config/admin.ts) may be an absolute address on another host. Null for the usual relative `/admin`.
 */
export function adminOrigin(strapi: Core.Strapi, ownOrigin: string): string | null {
  const configured = String(strapi.config.get('admin.url', '') ?? '');
  if (!/^https?:\/\//i.test(configured)) return null;
  const origin = new URL(configured).origin;
  return origin === ownOrigin ? null : origin;
}

/**
 * Headers of a draft's preview page (the Content Manager's preview panel shows it in a frame): never
 * stored by a cache or indexed, and framable by the admin panel. Strapi's security middleware lets only
 * the same origin frame a page (X-Frame-Options: SAMEORIGIN, CSP frame-ancestors 'self'), which is
 * where the admin usually is; an admin on another origin is allowed here, for preview responses only
 * (every other shop page keeps refusing foreign frames, against clickjacking).
 */
export function markPreview(strapi: Core.Strapi, ctx: Ctx): void {
  ctx.set('Cache-Control', 'private, no-store');
  ctx.set('X-Robots-Tag', 'noindex');
  const admin = adminOrigin(strapi, ctx.origin);
  if (!admin) return;
  // X-Frame-Options cannot name an origin; frame-ancestors can, and browsers prefer it.
  ctx.remove('X-Frame-Options');
  const policy = String(ctx.response.get('Content-Security-Policy') ?? '');
  const others = policy
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d && !/^frame-ancestors\b/i.test(d));
  ctx.set('Content-Security-Policy', [...others, `frame-ancestors 'self' ${admin}`].join(';'));
}
