import type { Core } from '@strapi/strapi';
import { action } from '../../platform/http/respond';
import { requireUser } from '../../platform/http/auth';
import { pageOf, pageRequest } from '../../platform/http/pagination';
import { parseBody } from '../../platform/http/body';
import { notModified } from '../../platform/http/conditional-get';
import { portalInput, subscriptionCheckoutInput } from '../../platform/http/inputs';
import { getService } from '../../platform/get-service';

// Thin: who is asking, what they sent (parsed here), one service call.
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const subscriptions = () => getService(strapi, 'subscriptions');
  return {
    plans: action(strapi, async (ctx) => {
      const page = pageRequest(ctx.query ?? {});
      // Plans are part of the public catalogue: same version-derived ETag (plans are few, so no cache).
      if (notModified(ctx, { version: await getService(strapi, 'catalogueVersion').current() })) return undefined;
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
