import type { Core } from '@strapi/strapi';
import { action } from '../http/respond';
import { requireUser } from '../http/auth';
import { pageOf, pageRequest } from '../http/pagination';
import { idParam, objectBody } from '../http/params';
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
      const input = reminderPatch.parse(objectBody(ctx));
      ctx.status = 201;
      return serializeReminder(await service().create(user.id, input));
    }),

    get: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      return serializeReminder(await service().findOwned(user.id, idParam(ctx)));
    }),

    update: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      const id = idParam(ctx);
      await service().findOwned(user.id, id);
      const input = reminderPatch.parse(objectBody(ctx));
      return serializeReminder(await service().update(user.id, id, input));
    }),

    remove: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      await service().remove(user.id, idParam(ctx));
      ctx.status = 204;
      return undefined;
    }),
  };
};
