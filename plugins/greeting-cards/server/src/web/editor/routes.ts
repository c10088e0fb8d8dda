import type { Core } from '@strapi/strapi';
import { optionalUser } from '../../http/auth';
import { ApiError, unauthorized } from '../../errors';
import { respondError, type Ctx } from '../../http/respond';
import { query } from '../../db/query';
import { getConfig } from '../../config/get-config';
import { getService } from '../../services/get-service';
import { CURATED_FONTS } from '../../domain/fonts';
import { UID } from '../../uids';
import { csrfSatisfied } from '../csrf';
import { renderEditorPage } from './editor-render';
import { storeCroppedPhoto, storePhoto } from './photo-upload';

// The card editor's pages: /editor/ (a new blank card), /editor/template/<slug>/ (a new card from a
// template), /editor/<card_id>/ (a card of the signed-in shopper), and the photo upload route.

export const BLANK_DESIGN = { version: '7.0.0', width: 600, height: 850, background: '#FFFFFF', objects: [] };

/** Our own path to come back to after signing in (never another host). */
export function loginRedirect(path: string): string {
  const safe = /^\/[^/\\]/.test(path) ? path : '/';
  return `/login/?next=${encodeURIComponent(safe)}`;
}

async function signedIn(strapi: Core.Strapi, ctx: Ctx) {
  const user = await optionalUser(strapi, ctx).catch(() => null);
  if (!user) ctx.redirect(loginRedirect(ctx.path));
  return user;
}

function messagePage(strapi: Core.Strapi, ctx: Ctx, status: number, heading: string, message: string, link?: { href: string; label: string }) {
  renderEditorPage(strapi, ctx, 'editor/message', { title: heading, heading, message, link });
  ctx.status = status;
}

const notFoundPage = (strapi: Core.Strapi, ctx: Ctx) =>
  messagePage(strapi, ctx, 404, 'Card not found', 'There is no card here, or it belongs to someone else.');

/** A JSON route of the editor for signed-in shoppers: CSRF-checked, answering 201 with the result. */
function photoAction(strapi: Core.Strapi, run: (ctx: Ctx) => Promise<unknown>) {
  return async (ctx: Ctx) => {
    try {
      if (!csrfSatisfied(strapi, ctx)) {
        ctx.status = 403;
        ctx.body = { detail: 'CSRF token missing or incorrect.' };
        return;
      }
      if (!(await optionalUser(strapi, ctx))) throw unauthorized();
      const result = await run(ctx);
      ctx.status = 201;
      ctx.body = result;
    } catch (error) {
      respondError(strapi, ctx, error);
    }
  };
}

export function registerEditorRoutes(strapi: Core.Strapi): void {
  const cards = () => getService(strapi, 'cards');

  strapi.server.routes([
    {
      method: 'POST',
      path: '/editor/photos',
      handler: photoAction(strapi, (ctx) => {
        const files = ctx.request.files ?? {};
        return storePhoto(strapi, Array.isArray(files.photo) ? files.photo[0] : files.photo);
      }),
      config: { auth: false },
    },
    {
      method: 'POST',
      path: '/editor/photos/crop',
      handler: photoAction(strapi, (ctx) => {
        const body = (ctx.request.body ?? {}) as Record<string, unknown>;
        return storeCroppedPhoto(strapi, body.src, body);
      }),
      config: { auth: false },
    },
    {
      method: 'GET',
      path: '/editor',
      handler: async (ctx: Ctx) => {
        const user = await signedIn(strapi, ctx);
        if (!user) return;
        const card = (await cards().create(user.id, { title: 'My card', canvas_data: BLANK_DESIGN })) as { id: number };
        ctx.redirect(`/editor/${card.id}/`);
      },
      config: { auth: false },
    },
    {
      method: 'GET',
      path: '/editor/template/:slug',
      handler: async (ctx: Ctx) => {
        const user = await signedIn(strapi, ctx);
        if (!user) return;
        try {
          const card = (await cards().personalize(user.id, String(ctx.params.slug))) as { id: number };
          ctx.redirect(`/editor/${card.id}/`);
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          if (error.status === 403) {
            return messagePage(strapi, ctx, 403, 'This design is premium', error.message, {
              href: '/subscriptions/',
              label: 'See subscriptions',
            });
          }
          if (error.status === 404) return messagePage(strapi, ctx, 404, 'Template not found', 'There is no template here.');
          throw error;
        }
      },
      config: { auth: false },
    },
    {
      method: 'GET',
      path: '/editor/:id',
      handler: async (ctx: Ctx) => {
        const user = await signedIn(strapi, ctx);
        if (!user) return;
        if (!/^\d{1,10}$/.test(String(ctx.params.id))) return notFoundPage(strapi, ctx);
        let card: { id: number; title: string };
        try {
          card = (await cards().get(user.id, Number(ctx.params.id))) as { id: number; title: string };
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) return notFoundPage(strapi, ctx);
          throw error;
        }
        const config = getConfig(strapi);
        const addons = (await query(strapi, UID.giftAddon).findMany({
          where: { is_active: true },
          orderBy: { name: 'asc' },
        })) as Array<{ id: number; name: string; price_pence: number }>;
        renderEditorPage(strapi, ctx, 'editor/editor', {
          title: card.title || 'Your card',
          script: '/static/editor/editor.js',
          card,
          fonts: CURATED_FONTS.map((f) => f.family),
          premium: await getService(strapi, 'subscriptions').hasPremium(user.id),
          prices: { ecard: config.ecardPrice, post: config.postedCardPrice, print: config.printPrice, gift_wrap: config.giftWrapPrice, currency: config.currency },
          addons: addons.map((a) => ({ id: a.id, name: a.name, price_pence: a.price_pence })),
        });
      },
      config: { auth: false },
    },
  ]);
}
