import type { Ctx } from '../http/respond';
import { consumeLimit, retryAfterSeconds, type LimitKind } from '../http/rate-limit';
import { errorPage, type WebContext, type WebRouteDef } from './web-route';

// Storefront actions count against the same per-user and per-IP counters as their /api twins
// (SERVICE_RATE_LIMIT_*): a page is no way around a limit the API holds. The count is taken inside
// the page wrapper, after sign-in and the CSRF check, so a forged request spends nothing.

/** Whether this request of the route does the limited work (GET /cart/ checks a code only with ?promo=). */
type Applies = (ctx: Ctx) => boolean;

/** True (and the 429 page sent) when this request is over its limit. */
export async function overPageLimit({ ctx, strapi, user, t }: WebContext, kind: LimitKind): Promise<boolean> {
  const rejection = await consumeLimit(strapi, ctx, kind, user ? user.id : null);
  if (!rejection) return false;
  const seconds = retryAfterSeconds(rejection);
  ctx.set('Retry-After', String(seconds));
  errorPage(ctx, 429, t('shop.limit.title'), t('shop.limit.tooMany', { count: seconds }));
  return true;
}

/** The route, counted as `kind` (writes or renders) whenever `applies` says it does that work. */
export function limitedPage(kind: LimitKind, def: WebRouteDef, applies: Applies = () => true): WebRouteDef {
  return {
    ...def,
    handler: async (web) => {
      if (applies(web.ctx) && (await overPageLimit(web, kind))) return;
      await def.handler(web);
    },
  };
}
