import type { Core } from '@strapi/strapi';
import type { Ctx } from './respond';

// Replaces Strapi's request logger ('strapi::logger' in the host's config/middlewares.ts): the same
// one line per request, but a card's view token is a password to that card (anyone holding the link
// can read it), so it never reaches the log. Only the plugin's view route is touched: every other line,
// the host's routes included, is exactly Strapi's. Case-insensitive, as the router matches
// (`/CARDS/VIEW/<token>` reaches the same page).

const VIEW_TOKEN = /^(\/cards\/view\/)[^/?#]+/i;

export function maskUrl(url: string): string {
  return url.replace(VIEW_TOKEN, '$1<token>');
}

export function accessLogMiddleware(_config: unknown, { strapi }: { strapi: Core.Strapi }) {
  return async (ctx: Ctx, next: () => Promise<unknown>) => {
    const start = Date.now();
    try {
      await next();
    } finally {
      strapi.log.http(`${ctx.method} ${maskUrl(ctx.url)} (${Math.ceil(Date.now() - start)} ms) ${ctx.status}`);
    }
  };
}
