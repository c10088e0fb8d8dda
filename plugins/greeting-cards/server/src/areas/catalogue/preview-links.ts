import crypto from 'crypto';
import type { Core } from '@strapi/strapi';
import { apiPathOf, mountPoints, shopPathOf } from '../../platform/mount/mount-points';
import { getConfig } from '../../platform/config/get-config';

/**
 * Signed, short-lived links to a draft template, for editors: the Content Manager's preview panel and
 * the admin API hand them out to a logged-in admin only; the catalogue's detail route opens the
 * draft for a valid link and answers 404 otherwise, as for any unknown template. Stateless (an HMAC of
 * the document and the expiry with a key derived from the app keys), so every instance checks it with
 * no storage, and a link cannot be stretched to another document or a later time.
 */
export const PREVIEW_LINK_SECONDS = 60 * 60;

function keyOf(strapi: Core.Strapi): Buffer {
  const keys = strapi.config.get('server.app.keys') as string[] | undefined;
  const base =
    Array.isArray(keys) && keys.length ? keys.join(',') : String(strapi.config.get('admin.auth.secret') ?? '');
  // A key of its own, so a preview token never doubles as any other signature made with the app keys.
  return crypto.createHmac('sha256', base).update('greeting-cards template preview v1').digest();
}

const sign = (strapi: Core.Strapi, payload: string) =>
  crypto.createHmac('sha256', keyOf(strapi)).update(payload).digest('base64url');

/** A token for the draft of one template document, valid for PREVIEW_LINK_SECONDS. */
export function previewToken(strapi: Core.Strapi, documentId: string, now = Date.now()): string {
  const payload = `${documentId}.${Math.floor(now / 1000) + PREVIEW_LINK_SECONDS}`;
  return `${payload}.${sign(strapi, payload)}`;
}

/** The documentId a valid, unexpired token is for; null for anything else. */
export function previewDocument(strapi: Core.Strapi, token: unknown, now = Date.now()): string | null {
  if (typeof token !== 'string' || token.length > 200) return null;
  const match = /^([A-Za-z0-9]+)\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, documentId, expires, signature] = match;
  const expected = Buffer.from(sign(strapi, `${documentId}.${expires}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return Number(expires) * 1000 > now ? documentId : null;
}

/** The address of a template's draft: the catalogue's detail route (as mounted) with a preview token. */
export function previewPath(strapi: Core.Strapi, slug: string, token: string): string {
  return apiPathOf(mountPoints(strapi), `/templates/${encodeURIComponent(slug)}/?preview=${encodeURIComponent(token)}`);
}

/** The shop page of a template's draft (what the Content Manager's preview panel frames), as mounted. */
export function previewPagePath(strapi: Core.Strapi, slug: string, token: string): string {
  return shopPathOf(
    mountPoints(strapi),
    `/templates/${encodeURIComponent(slug)}/?preview=${encodeURIComponent(token)}`,
  );
}

/**
 * An absolute address on this server for a path. Strapi's preview panel frames what the handler returns,
 * so the origin must be the one the admin panel is on (its CSP frame-src allows 'self', and the shop lets
 * only its own origin frame it): the host's `server.url` when absolute (the admin is served there too),
 * else the origin of the admin's request (this server, as the editor's browser reaches it), else the
 * plugin's public URL (outside a request, e.g. a script).
 */
export function absoluteUrl(strapi: Core.Strapi, path: string): string {
  const hostUrl = String(strapi.config.get('server.url', '') ?? '');
  const requestOrigin = (strapi.requestContext?.get() as { request?: { origin?: string } } | undefined)?.request
    ?.origin;
  const origin = /^https?:\/\//i.test(hostUrl)
    ? new URL(hostUrl).origin
    : requestOrigin || getConfig(strapi).publicUrl.replace(/\/+$/, '');
  return `${origin}${path}`;
}
