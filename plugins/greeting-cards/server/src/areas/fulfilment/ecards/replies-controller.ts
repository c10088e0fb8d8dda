import type { Core } from '@strapi/strapi';
import { action, type Ctx } from '../../../platform/http/respond';
import { consumeReplyAttempt, tooMany } from '../../../platform/http/rate-limit';
import { requestLocale } from '../../../platform/i18n/request-locale';
import { getService } from '../../../platform/get-service';
import { notFound, msg } from '../../../platform/errors';

// /api/cards/view/<token>/reply/: the recipient's thank-you back, found by the card's view token (no
// account). Writes are limited per IP (SERVICE_RATE_LIMIT_REPLIES_PER_IP). The answers are never
// indexed, and the token never leaves in a Referer.

export default ({ strapi }: { strapi: Core.Strapi }) => {
  const replies = () => getService(strapi, 'ecardReplies');
  const keepPrivate = (ctx: Ctx) => {
    ctx.set('X-Robots-Tag', 'noindex, nofollow');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('Cache-Control', 'private, no-store');
  };
  const token = (ctx: Ctx) => String(ctx.params.token ?? '');

  return {
    get: action(strapi, async (ctx) => {
      keepPrivate(ctx);
      const reply = await replies().get(token(ctx));
      if (!reply) throw notFound(msg('error.reply_missing'));
      return reply;
    }),

    create: action(strapi, async (ctx) => {
      keepPrivate(ctx);
      const rejection = await consumeReplyAttempt(strapi, ctx);
      if (rejection) return tooMany(strapi, ctx, rejection);
      const reply = await replies().create(token(ctx), ctx.request.body, requestLocale(strapi, ctx));
      ctx.status = 201;
      return reply;
    }),

    update: action(strapi, async (ctx) => {
      keepPrivate(ctx);
      const rejection = await consumeReplyAttempt(strapi, ctx);
      if (rejection) return tooMany(strapi, ctx, rejection);
      return replies().edit(token(ctx), ctx.request.body);
    }),
  };
};
