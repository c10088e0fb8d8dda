import type { Core } from '@strapi/strapi';
import { optionalUser } from '../../platform/http/auth';
import { forbidden, msg, notFound, unauthorized } from '../../platform/errors';
import { respondError, type Ctx } from '../../platform/http/respond';
import { uploadedFile } from '../../platform/http/uploaded-file';
import { consumeLimit, rateLimit, tooMany } from '../../platform/http/rate-limit';
import { csrfSatisfied } from '../../platform/web/csrf';
import { registerShopRoutes } from '../../platform/web/web-route';
import { mountPoints } from '../../platform/mount/mount-points';
import { getService } from '../../platform/get-service';
import { messageByToken, removeMessage, storeMessage, type MessageView } from './message-store';
import { captionsVtt } from './rules/captions-vtt';
import { messagePage, messageNotFound } from './message-page';

// The editor's message routes (a signed-in shopper's own card, CSRF-checked, counted as writes):
//   POST   /editor/<card id>/message   multipart: media (the file), captions (text, optional) -> 201
//   DELETE /editor/<card id>/message                                                    -> 204
// and the public message page a printed card's QR code leads to, by an unguessable token (masked in
// logs because the parameter is named :token), limited like the view page:
//   GET /messages/<token>/               the page: a player, the captions as text, noindex
//   GET /messages/<token>/captions.vtt   the typed captions as one WebVTT cue

/** Where a message's page is, under the storefront's base path. */
export const messagePagePath = (strapi: Core.Strapi, token: string): string =>
  `${mountPoints(strapi).base}/messages/${encodeURIComponent(token)}/`;

export const captionsPath = (strapi: Core.Strapi, token: string): string =>
  `${messagePagePath(strapi, token)}captions.vtt`;

function shopperAction(strapi: Core.Strapi, run: (ctx: Ctx, userId: number, cardId: number) => Promise<unknown>) {
  return async (ctx: Ctx) => {
    try {
      if (!csrfSatisfied(strapi, ctx)) return respondError(strapi, ctx, forbidden(msg('error.csrf')));
      const user = await optionalUser(strapi, ctx);
      if (!user) throw unauthorized();
      const rejection = await consumeLimit(strapi, ctx, 'writes', user.id);
      if (rejection) return tooMany(strapi, ctx, rejection);
      if (!/^\d{1,10}$/.test(String(ctx.params.id))) throw notFound();
      const result = await run(ctx, user.id, Number(ctx.params.id));
      if (result === undefined) {
        ctx.status = 204;
        ctx.body = null;
      } else {
        ctx.status = 201;
        ctx.body = result;
      }
    } catch (error) {
      respondError(strapi, ctx, error);
    }
  };
}

/** The editor's view of a message: where the player finds its captions. */
export const withCaptionsUrl = (strapi: Core.Strapi, view: MessageView) => ({
  ...view,
  captions_url: view.captions ? captionsPath(strapi, view.token) : '',
  page_url: messagePagePath(strapi, view.token),
});

export function registerMessageRoutes(strapi: Core.Strapi): void {
  const { storefront } = mountPoints(strapi);
  if (storefront) {
    registerShopRoutes(strapi, [
      {
        method: 'POST',
        path: '/editor/:id/message',
        handler: shopperAction(strapi, async (ctx, userId, cardId) =>
          withCaptionsUrl(
            strapi,
            await storeMessage(
              strapi,
              userId,
              cardId,
              uploadedFile(ctx, 'media'),
              (ctx.request.body ?? {}) as Record<string, unknown>,
            ),
          ),
        ),
        config: { auth: false },
      },
      {
        method: 'DELETE',
        path: '/editor/:id/message',
        handler: shopperAction(strapi, async (_ctx, userId, cardId) => {
          await removeMessage(strapi, userId, cardId);
          return undefined;
        }),
        config: { auth: false },
      },
    ]);
  }
  // Like the e-card view page, the message page stays with the storefront off: printed cards link to it.
  registerShopRoutes(strapi, [
    {
      method: 'GET',
      path: '/messages/:token/captions.vtt',
      handler: async (ctx: Ctx) => {
        const message = await messageByToken(strapi, String(ctx.params.token));
        if (!message || message.removed || !message.captions) {
          ctx.status = 404;
          ctx.body = 'Not found';
          return;
        }
        ctx.type = 'text/vtt; charset=utf-8';
        ctx.set('Cache-Control', 'private, no-store');
        ctx.set('X-Robots-Tag', 'noindex');
        ctx.body = captionsVtt(message.captions, message.duration_ms);
      },
      config: { auth: false, middlewares: [rateLimit(strapi, 'renders')] },
    },
    {
      method: 'GET',
      path: '/messages/:token',
      handler: async (ctx: Ctx) => {
        ctx.state.gcStrapi = strapi;
        const message = await messageByToken(strapi, String(ctx.params.token));
        if (!message) return messageNotFound(ctx);
        const sender = message.ownerId
          ? await getService(strapi, 'userDetails')
              .forUser(message.ownerId)
              .catch(() => null)
          : null;
        messagePage(ctx, withCaptionsUrl(strapi, message), sender?.display_name ?? '');
      },
      config: { auth: false, middlewares: [rateLimit(strapi, 'renders')] },
    },
  ]);
}
