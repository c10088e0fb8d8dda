import type { Core } from '@strapi/strapi';
import { z } from 'zod';
import { action } from '../../platform/http/respond';
import { requireUser } from '../../platform/http/auth';
import { pageOf, pageRequest } from '../../platform/http/pagination';
import { parseId } from '../../platform/http/ids';
import { boolean, parseBody, text } from '../../platform/http/body';
import { zodMessage } from '../../platform/i18n/format-message';
import { getService } from '../../platform/get-service';
import { userAnswer } from '../../platform/db/user-answers';
import { requestLocale } from '../../platform/i18n/request-locale';
import { localizePreflight } from '../../platform/i18n/preflight-text';

const TITLE = text(200);
const MESSAGE = text(5000);
// canvas_data is checked by the design validator in the service (platform/designs/canvas-data.ts).
const canvas = z.unknown();

const createSchema = z.object({
  title: TITLE.optional(),
  canvas_data: canvas.optional(),
  inside_message: MESSAGE.optional(),
});
const patchSchema = z.object({
  title: TITLE.optional(),
  canvas_data: canvas.optional(),
  inside_message: MESSAGE.optional(),
  status: text(32).optional(),
});
const saveDesignSchema = z.object({
  canvas_data: canvas.refine((v) => v !== undefined, zodMessage('error.required')),
  inside_message: MESSAGE.optional(),
  title: TITLE.optional(),
});
const favoriteSchema = z.object({ is_favorite: boolean().optional() });

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const cards = () => getService(strapi, 'cards');
  return {
    create: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      const input = parseBody(createSchema, ctx.request.body);
      ctx.status = 201;
      return cards().create(user.id, input);
    }),

    list: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      const page = pageRequest(ctx.query);
      const { count, results } = await cards().list(user.id, page);
      return pageOf(ctx, page, count, results);
    }),

    get: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      const id = parseId(ctx.params.id);
      // Kept per user until a write to what it shows (platform/db/user-answers.ts); a 404 is not kept.
      const card = await userAnswer(strapi, user.id, `card\n${id}`, () => cards().get(user.id, id));
      // The print check in the reader's language (the editor shows it as it comes).
      return { ...card, preflight: localizePreflight(card.preflight, requestLocale(strapi, ctx)) };
    }),

    update: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      const id = parseId(ctx.params.id);
      const patch = parseBody(patchSchema, ctx.request.body);
      return cards().update(user.id, id, patch);
    }),

    remove: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      await cards().remove(user.id, parseId(ctx.params.id));
      ctx.status = 204;
      return undefined;
    }),

    saveDesign: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      const id = parseId(ctx.params.id);
      const input = parseBody(saveDesignSchema, ctx.request.body);
      return cards().saveDesign(user.id, id, input);
    }),

    favorite: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      const id = parseId(ctx.params.id);
      const { is_favorite } = parseBody(favoriteSchema, ctx.request.body);
      return cards().setFavorite(user.id, id, is_favorite ?? true);
    }),

    personalize: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      ctx.status = 201;
      return cards().personalize(user.id, String(ctx.params.slug));
    }),
  };
};
