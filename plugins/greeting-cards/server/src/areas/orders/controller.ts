import type { Core } from '@strapi/strapi';
import type { Ctx } from '../../platform/http/respond';
import { action } from '../../platform/http/respond';
import { requireUser } from '../../platform/http/auth';
import { pageOf, pageRequest } from '../../platform/http/pagination';
import { parseBody } from '../../platform/http/body';
import { requestLocale } from '../../platform/i18n/request-locale';
import { objectOrEmpty, orderCheckoutInput, payInput } from '../../platform/http/inputs';
import { fieldErrors, notFound } from '../../platform/errors';
import { parseAddToCart } from './rules/cart-input';
import { getService } from '../../platform/get-service';
import { userAnswer } from '../../platform/db/user-answers';

/** A document's PDF as the answer: private, never cached, named by its number. */
function pdfResponse(ctx: Ctx, { pdf, filename }: { pdf: Buffer; filename: string }) {
  ctx.type = 'application/pdf';
  ctx.set('Content-Disposition', `inline; filename="${filename}"`);
  ctx.set('Cache-Control', 'private, no-store');
  return pdf;
}

// Thin: who is asking, what they sent (parsed here), one service call, the wire shape.
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
      // Kept per user until a write to what it shows (platform/db/user-answers.ts).
      const { count, results } = await userAnswer(strapi, user.id, `orders\n${page.offset}\n${page.pageSize}`, () =>
        orders().list(user.id, page),
      );
      return pageOf(ctx, page, count, results);
    }),
    cart: action(strapi, async (ctx) => orders().getCart((await requireUser(strapi, ctx)).id)),
    addToCart: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      const parsed = parseAddToCart(ctx.request.body, new Date());
      if (!parsed.ok) throw fieldErrors(parsed.errors);
      return orders().addToCart(user.id, parsed.value, requestLocale(strapi, ctx));
    }),
    removeCartItem: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      return orders().removeCartItem(user.id, itemId(ctx.params.id));
    }),
    get: action(strapi, async (ctx) => orders().get((await requireUser(strapi, ctx)).id, ctx.params.uuid)),
    cancel: action(strapi, async (ctx) => orders().cancel((await requireUser(strapi, ctx)).id, ctx.params.uuid)),
    checkout: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      // The order is found and locked in one read; the body is parsed once it is known to be the user's
      // (another user's order is 404 even when the body is invalid).
      const input = () => parseBody(orderCheckoutInput, objectOrEmpty(ctx.request.body));
      return getService(strapi, 'checkout').checkout(
        user.id,
        String(ctx.params.uuid),
        input,
        requestLocale(strapi, ctx),
      );
    }),
    invoice: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      return pdfResponse(ctx, await getService(strapi, 'invoices').pdfForOwner(user.id, ctx.params.uuid, 'invoice'));
    }),
    creditNote: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      const number = itemId(ctx.params.number);
      return pdfResponse(
        ctx,
        await getService(strapi, 'invoices').pdfForOwner(user.id, ctx.params.uuid, 'credit_note', number),
      );
    }),
    pay: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      // The order and its items in one read; the body is parsed once the order is known to be the user's.
      const input = () => parseBody(payInput, objectOrEmpty(ctx.request.body));
      const result = await getService(strapi, 'payments').pay(user, String(ctx.params.uuid), input);
      return result.kind === 'paid'
        ? result.order
        : { checkout_url: result.checkout_url, session_id: result.session_id };
    }),
  };
};
