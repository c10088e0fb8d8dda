import type { Core } from '@strapi/strapi';
import { action } from '../http/respond';
import { requireUser } from '../http/auth';
import { pageOf, pageRequest } from '../http/pagination';
import { parseBody } from '../http/body';
import { parseId } from '../http/ids';
import { getService } from '../services/get-service';
import { reminderPatch } from '../domain/reminder-input';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const service = () => getService(strapi, 'reminders');

  return {
    list: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      const page = pageRequest(ctx.query);
      const { count, results } = await service().list(user.id, page);
      return pageOf(ctx, page, count, results);
    }),

    create: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      const input = parseBody(reminderPatch, ctx.request.body);
      ctx.status = 201;
      return service().create(user.id, input);
    }),

    get: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      return service().get(user.id, parseId(ctx.params.id));
    }),

    update: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      const id = parseId(ctx.params.id);
      await service().findOwned(user.id, id);
      const input = parseBody(reminderPatch, ctx.request.body);
      return service().update(user.id, id, input);
    }),

    remove: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      await service().remove(user.id, parseId(ctx.params.id));
      ctx.status = 204;
      return undefined;
    }),
  };
};
