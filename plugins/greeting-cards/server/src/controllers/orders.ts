import type { Core } from '@strapi/strapi';
import { action } from '../http/respond';
import { requireUser } from '../http/auth';
import { pageOf, pageRequest } from '../http/pagination';
import { notFound } from '../errors';
import { getService } from '../services/get-service';

// Thin: who is asking, what they sent, one service call, the wire shape.
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const orders = () => getService(strapi, 'orders');
  const itemId = (raw: unknown) => {
    if (typeof raw !== 'string' || !/^\d{1,10}$/.test(raw)) throw notFound();
    return Number(raw);
  };
  return {
    list: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      const page = pageRequest(ctx.query ?? {});
      const { count, results } = await orders().list(user.id, page.offset, page.pageSize);
      return pageOf(ctx, page, count, results);
    }),
    cart: action(strapi, async (ctx) => orders().getCart((await requireUser(strapi, ctx)).id)),
    addToCart: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      return orders().addToCart(user.id, ctx.request.body);
    }),
    removeCartItem: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      return orders().removeCartItem(user.id, itemId(ctx.params.id));
    }),
    get: action(strapi, async (ctx) => orders().get((await requireUser(strapi, ctx)).id, ctx.params.uuid)),
    cancel: action(strapi, async (ctx) => orders().cancel((await requireUser(strapi, ctx)).id, ctx.params.uuid)),
    checkout: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      return getService(strapi, 'checkout').checkout(user.id, ctx.params.uuid, ctx.request.body);
    }),
    pay: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      const result = await getService(strapi, 'payments').pay(user, ctx.params.uuid, ctx.request.body);
      return result.kind === 'paid' ? result.order : { checkout_url: result.checkout_url, session_id: result.session_id };
    }),
  };
};
