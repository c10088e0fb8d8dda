import type { Core } from '@strapi/strapi';
import { mountedLayers } from '../mount/mounted-routes';

// Secrets that travel in URLs (an e-card's view link, a signing or address link, an e-mailed
// confirmation link, a print file's signed name, the postal callback secret, a draft's preview link)
// must never reach a log: whoever reads the log could use them. This file is the one list of what in a
// URL is secret, and masks it:
// - a route declares that its path carries a secret by naming the parameter from SECRET_PARAMS
//   (`/sign/:token`, `/postal/print-files/:signed_file`); the masks are built from the routes the server
//   really mounts, so they follow the storefront's base path and the API prefix, whatever they are set
//   to, and a new route is masked by being declared (tests/security/access-log-secrets.test.ts fails for
//   a route of ours with any other parameter that is not a plain id);
// - SECRET_QUERY names the query parameters whose value is secret, on any path: ours and those of
//   users-permissions and OAuth sign-in, whose links may land on any page of the host.

/** Route parameters whose value is a secret: naming a parameter so is how a route declares one. */
export const SECRET_PARAMS: readonly string[] = ['token', 'secret', 'signed_file'];

/**
 * Query parameters whose value is a secret, on any path: `preview` (a template draft's signed link),
 * users-permissions' `confirmation` (e-mail confirmation) and `code` (the password-reset link, and OAuth's
 * code), OAuth's tokens, and the generic `token` and `secret`.
 */
export const SECRET_QUERY: readonly string[] = [
  'preview',
  'confirmation',
  'code',
  'access_token',
  'id_token',
  'refresh_token',
  'token',
  'secret',
];

/** What a secret is replaced with. */
export const MASK = '<token>';

/** The part of a path up to its last secret parameter, one capture group per part, and which parts are secret. */
export interface PathMask {
  pattern: RegExp;
  secret: boolean[];
}

const PARAM = /(:\w+(?:\([^)]*\))?)/;
const nameOf = (part: string): string | null => (part.startsWith(':') ? /^:(\w+)/.exec(part)![1] : null);
const isSecret = (part: string): boolean => SECRET_PARAMS.includes(nameOf(part) ?? '');

/**
 * The mask of a route path as the router holds it (`/shop/sign/:token/signatures/:id`), or null when it
 * declares no secret. Case-insensitive, as the router matches; any parameter matches any segment (a
 * callback for `/postal/other/callback/<secret>` is masked too, though no route answers it).
 */
export function pathMaskOf(routePath: string): PathMask | null {
  const parts = routePath.split(PARAM).filter(Boolean);
  const last = parts.map(isSecret).lastIndexOf(true);
  if (last < 0) return null;
  const kept = parts.slice(0, last + 1);
  const source = kept
    .map((part) => (nameOf(part) ? '([^/?#]+)' : `(${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')})`))
    .join('');
  return { pattern: new RegExp(`^${source}`, 'i'), secret: kept.map(isSecret) };
}

/** The masks of these route paths (the ones that declare a secret), each path once. */
export function pathMasksOf(routePaths: Iterable<string>): PathMask[] {
  const masks: PathMask[] = [];
  for (const path of new Set(routePaths)) {
    const mask = pathMaskOf(path);
    if (mask) masks.push(mask);
  }
  return masks;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

const SECRET_NAMES = new Set(SECRET_QUERY);

function maskQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const name = pair.slice(0, eq);
      return SECRET_NAMES.has(safeDecode(name).trim().toLowerCase().replace(/\[\]$/, '')) ? `${name}=${MASK}` : pair;
    })
    .join('&');
}

/** A URL (path and query, as Koa's ctx.url) with every secret masked. */
export function maskUrl(url: string, masks: PathMask[]): string {
  const at = url.indexOf('?');
  let path = at < 0 ? url : url.slice(0, at);
  for (const { pattern, secret } of masks) {
    path = path.replace(pattern, (...groups: string[]) =>
      secret.map((isSecretPart, i) => (isSecretPart ? MASK : groups[i + 1])).join(''),
    );
  }
  return at < 0 ? path : `${path}?${maskQuery(url.slice(at + 1))}`;
}

// Built from the mounted routes once per instance, again whenever the table grows. Listing the tables
// copies every route (Strapi's listRoutes), about 2 % of a busy server's CPU when the access log did it
// on every request: once the server listens, Strapi has moved the content-API and admin routes onto its
// own router, and a route added since grows that router's table, so its length (read without a copy)
// says whether to list them again.
const cache = new WeakMap<Core.Strapi, { size: number; top: number; masks: PathMask[] }>();

const serverRouter = (strapi: Core.Strapi) =>
  strapi.server as unknown as { router?: { stack?: unknown[] }; httpServer?: { listening?: boolean } };

/** The masks of every route this server mounts that declares a secret: the plugin's and the host's. */
export function secretMasks(strapi: Core.Strapi): PathMask[] {
  const server = serverRouter(strapi);
  const top = server.router?.stack?.length ?? -1;
  const known = cache.get(strapi);
  if (known && top >= 0 && known.top === top && server.httpServer?.listening === true) return known.masks;
  const layers = mountedLayers(strapi);
  if (known && known.size === layers.length) {
    known.top = top;
    return known.masks;
  }
  const masks = pathMasksOf(layers.map((layer) => layer.path));
  cache.set(strapi, { size: layers.length, top, masks });
  return masks;
}

/** A URL of a request to this server, fit for a log line. */
export const loggableUrl = (strapi: Core.Strapi, url: string): string => maskUrl(url, secretMasks(strapi));
