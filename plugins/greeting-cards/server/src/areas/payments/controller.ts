import type { Core } from '@strapi/strapi';
import { respondError, type Ctx } from '../../platform/http/respond';
import { getService } from '../../platform/get-service';

const RAW_BODY = Symbol.for('unparsedBody');

// POST /payments/webhook/ (outside /api, no user auth: the signature is the authentication).
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async webhook(ctx: Ctx) {
    try {
      const raw = ctx.request.body?.[RAW_BODY] as string | Buffer | undefined;
      const outcome = await getService(strapi, 'payment-webhook').handle(raw, ctx.request.header ?? {});
      ctx.status = outcome.status;
      ctx.body = outcome.body;
    } catch (error) {
      respondError(strapi, ctx, error);
    }
  },
});
