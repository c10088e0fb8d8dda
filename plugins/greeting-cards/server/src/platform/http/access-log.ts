import type { Core } from '@strapi/strapi';
import type { Ctx } from './respond';
import { loggableUrl } from './secret-urls';

// Replaces Strapi's request logger ('strapi::logger' in the host's config/middlewares.ts): the same
// one line per request, but with every secret a URL carries masked (platform/http/secret-urls.ts): the token of
// an e-card's view link, a signing or address link, an e-mailed confirmation link, a print file's signed
// name, the postal callback secret, and secret query parameters (a draft's preview link,
// users-permissions' confirmation and reset codes). Nothing else of a line changes, the host's routes
// included.

export function accessLogMiddleware(_config: unknown, { strapi }: { strapi: Core.Strapi }) {
  return async (ctx: Ctx, next: () => Promise<unknown>) => {
    const start = Date.now();
    try {
      await next();
    } finally {
      strapi.log.http(
        `${ctx.method} ${loggableUrl(strapi, ctx.url)} (${Math.ceil(Date.now() - start)} ms) ${ctx.status}`,
      );
    }
  };
}
