import type { Core } from '@strapi/strapi';
import { action } from '../http/respond';
import { requireUser } from '../http/auth';
import { pageOf, pageRequest } from '../http/pagination';
import { parseBody } from '../http/body';
import { portalInput, subscriptionCheckoutInput } from '../http/inputs';
import { getService } from '../services/get-service';

// Thin: who is asking, what they sent (parsed here), one service call.
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const subscriptions = () => getService(strapi, 'subscriptions');
  return {
    plans: action(strapi, async (ctx) => {
      const page = pageRequest(ctx.query ?? {});
      const { count, results } = await subscriptions().listPlans(page);
      return pageOf(ctx, page, count, results);
    }),
    checkout: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      return subscriptions().checkout(user, parseBody(subscriptionCheckoutInput, ctx.request.body));
    }),
    portal: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      return subscriptions().portal(user, parseBody(portalInput, ctx.request.body));
    }),
    mine: action(strapi, async (ctx) => subscriptions().status((await requireUser(strapi, ctx)).id)),
  };
};
