import type { Core } from '@strapi/strapi';
import { action, type Ctx } from '../../../platform/http/respond';
import { requireUser } from '../../../platform/http/auth';
import { parseId } from '../../../platform/http/ids';
import { notFound, overLimit } from '../../../platform/errors';
import { consumeAddressSubmission, tooMany } from '../../../platform/http/rate-limit';
import { requestLocale } from '../../../platform/i18n/request-locale';
import { getService } from '../../../platform/get-service';
import { msg } from '../../../platform/i18n/format-message';

export const DAILY_CAP_MESSAGE = msg('error.address_link_full');

// The shopper's link (/api/recipients/request-link/) and the friends' public routes (/api/address/<token>/).
// The public answers are never indexed, and the page's token never leaves in a Referer.

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const links = () => getService(strapi, 'addressLinks');
  const privatePublic = (ctx: Ctx) => {
    ctx.set('X-Robots-Tag', 'noindex, nofollow');
    ctx.set('Referrer-Policy', 'no-referrer');
  };

  return {
    get: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      const link = await links().current(user.id);
      if (!link) throw notFound();
      return link;
    }),

    createOrRotate: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      ctx.status = 201;
      return links().createOrRotate(user.id, requestLocale(strapi, ctx));
    }),

    revoke: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      await links().revoke(user.id);
      ctx.status = 204;
      return undefined;
    }),

    view: action(strapi, async (ctx) => {
      privatePublic(ctx);
      return links().publicView(String(ctx.params.token));
    }),

    // The entry as it now stands (the recipients API's shape), for the owner only.
    acceptChange: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      const id = parseId(ctx.params.id);
      await getService(strapi, 'addressSubmissions').acceptChange(user.id, id);
      return getService(strapi, 'recipients').get(user.id, id);
    }),

    rejectChange: action(strapi, async (ctx) => {
      const user = await requireUser(strapi, ctx);
      const id = parseId(ctx.params.id);
      await getService(strapi, 'addressSubmissions').rejectChange(user.id, id);
      return getService(strapi, 'recipients').get(user.id, id);
    }),

    submit: action(strapi, async (ctx) => {
      privatePublic(ctx);
      const link = await links().byToken(String(ctx.params.token));
      const rejection = await consumeAddressSubmission(strapi, ctx, String(link.id));
      if (rejection) return tooMany(strapi, ctx, rejection);
      const result = await getService(strapi, 'addressSubmissions').submit(link, ctx.request.body);
      if (!result.ok) throw overLimit(DAILY_CAP_MESSAGE, result.retryAfter);
      return result.entry;
    }),
  };
};
