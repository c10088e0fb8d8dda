import type { Core } from '@strapi/strapi';
import { action } from '../http/respond';
import { requireUser } from '../http/auth';
import { pageOf, pageRequest } from '../http/pagination';
import { parseBody } from '../http/body';
import { parseId } from '../http/ids';
import { getConfig } from '../config/get-config';
import { getService } from '../services/get-service';
import { recipientFields, recipientPatch } from '../domain/recipient-input';
import { serializeRecipient } from '../serializers/recipient';

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const service = () => getService(strapi, 'recipients');

  return {
    list: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      const page = pageRequest(ctx.query);
      const { count, rows } = await service().list(user.id, page, { sync: getConfig(strapi).autoSyncUserRecipient });
      return pageOf(ctx, page, count, rows.map(serializeRecipient));
    }),

    create: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      const input = parseBody(recipientFields.partial(), ctx.request.body);
      ctx.status = 201;
      return serializeRecipient(await service().create(user.id, input));
    }),

    get: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      return serializeRecipient(await service().findOwned(user.id, parseId(ctx.params.id)));
    }),

    update: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      const id = parseId(ctx.params.id);
      // Ownership first: another user's entry is 404 even when the body is invalid.
      await service().findOwned(user.id, id);
      const input = parseBody(recipientPatch, ctx.request.body);
      return serializeRecipient(await service().update(user.id, id, input));
    }),

    remove: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      await service().remove(user.id, parseId(ctx.params.id));
      ctx.status = 204;
      return undefined;
    }),
  };
};
