import type { Core } from '@strapi/strapi';
import { action } from '../http/respond';
import { requireUser } from '../http/auth';
import { pageOf, pageRequest } from '../http/pagination';
import { parseBody } from '../http/body';
import { parseId } from '../http/ids';
import { getService } from '../services/get-service';
import { reminderPatch } from '../domain/reminder-input';
import { serializeReminder } from '../serializers/reminder';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const service = () => getService(strapi, 'reminders');

  return {
    list: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      const page = pageRequest(ctx.query);
      const { count, rows } = await service().list(user.id, page);
      return pageOf(ctx, page, count, rows.map((row) => serializeReminder(row)));
    }),

    create: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      const input = parseBody(reminderPatch, ctx.request.body);
      ctx.status = 201;
      return serializeReminder(await service().create(user.id, input));
    }),

    get: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      return serializeReminder(await service().findOwned(user.id, parseId(ctx.params.id)));
    }),

    update: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      const id = parseId(ctx.params.id);
      await service().findOwned(user.id, id);
      const input = parseBody(reminderPatch, ctx.request.body);
      return serializeReminder(await service().update(user.id, id, input));
    }),

    remove: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      await service().remove(user.id, parseId(ctx.params.id));
      ctx.status = 204;
      return undefined;
    }),
  };
};
