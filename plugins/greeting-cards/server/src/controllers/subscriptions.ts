import type { Core } from '@strapi/strapi';
import { action } from '../http/respond';
import { requireUser } from '../http/auth';
import { pageOf, pageRequest } from '../http/pagination';
import { getService } from '../services/get-service';

// Thin: who is asking, what they sent, one service call.
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const subscriptions = () => getService(strapi, 'subscriptions');
  return {
    plans: action(strapi, async (ctx) => {
      const page = pageRequest(ctx.query ?? {});
      const { count, results } = await subscriptions().listPlans(page.offset, page.pageSize);
      return pageOf(ctx, page, count, results);
    }),
    checkout: action(strapi, async (ctx) => subscriptions().checkout(await requireUser(strapi, ctx), ctx.request.body)),
    portal: action(strapi, async (ctx) => subscriptions().portal(await requireUser(strapi, ctx), ctx.request.body)),
    mine: action(strapi, async (ctx) => subscriptions().status((await requireUser(strapi, ctx)).id)),
  };
};
