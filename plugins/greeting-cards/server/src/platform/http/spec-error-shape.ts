import type { Core } from '@strapi/strapi';
import { localizedError, type Ctx } from './respond';
import { isOwnApiRequest } from './own-routes';
import { mountPoints } from '../mount/mount-points';
import { msg, type Message } from '../i18n/format-message';

// Errors raised before our controllers run (malformed JSON, a body over the size limit, an unknown path
// under one of our prefixes) come out of Strapi in its own shape, { data: null, error: {...} }. On the
// spec's routes every error has the spec's shape, so those are rewritten to {"detail": "..."} here.
// Only there: the host's own routes keep Strapi's shape (see own-routes.ts).

// The editor's JSON routes answer in the spec's shape too (a body Strapi's parser refuses, such as one
// with a __proto__ key, came out in Strapi's shape). Case-insensitive, as Koa's router matches. A card's
// video or voice message (/editor/<card>/message/, areas/media-messages) is one of them.
const EDITOR_JSON = /\/editor\/(?:photos(?:\/crop|\/handwriting)?|[^/]+\/message)\/?$/i;
/** The editor's JSON routes, under the storefront's base path. */
function isEditorJson(strapi: Core.Strapi, path: string): boolean {
  const match = EDITOR_JSON.exec(path);
  return Boolean(match) && path.slice(0, match!.index).toLowerCase() === mountPoints(strapi).base.toLowerCase();
}

const MESSAGES: Record<number, Message> = {
  400: msg('error.malformed_json'),
  404: msg('error.not_found'),
  405: msg('error.method_not_allowed'),
  413: msg('error.request_too_large'),
  415: msg('error.unsupported_media_type'),
};

export function specErrorShapeMiddleware(strapi: Core.Strapi) {
  return async (ctx: Ctx, next: () => Promise<unknown>) => {
    await next();
    if (ctx.status < 400 || !(isEditorJson(strapi, ctx.path) || isOwnApiRequest(strapi, ctx.path))) return;
    const body = ctx.body;
    const strapiShaped = body && typeof body === 'object' && 'error' in body && 'data' in body;
    if (
      !strapiShaped &&
      body !== undefined &&
      body !== null &&
      body !== '' &&
      !(ctx.status === 404 && typeof body === 'string')
    )
      return;
    const detail = MESSAGES[ctx.status] ?? (ctx.status >= 500 ? msg('error.server') : msg('error.request_failed'));
    const status = ctx.status;
    // In the request's language, as respondError writes the errors our controllers raise.
    ctx.body = localizedError(strapi, ctx, { detail });
    ctx.status = status;
  };
}
