import type { Core } from '@strapi/strapi';
import { action } from '../../platform/http/respond';
import { requireUser } from '../../platform/http/auth';
import { getService } from '../../platform/get-service';

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  details: action(strapi, async (ctx) => {
    const user = await requireUser(strapi, ctx);
    return getService(strapi, 'userDetails').forUser(user);
  }),

  syncRecipient: action(strapi, async (ctx) => {
    const user = await requireUser(strapi, ctx);
    return getService(strapi, 'recipients').syncSystemRecipient(user.id);
  }),
});
