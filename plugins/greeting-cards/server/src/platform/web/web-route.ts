import type { Core } from '@strapi/strapi';
import { ZodError } from 'zod';
import { optionalUser, type AuthUser } from '../http/auth';
import { ApiError } from '../errors';
import type { Ctx } from '../http/respond';
import { csrfSatisfied } from './csrf';
import { preSessionSatisfied } from './pre-session';
import { isHtmx, renderPage } from './render';
import { DEFAULT_AFTER_LOGIN, safeNext } from './safe-next';
import { registerOwnRoutes } from '../http/own-routes';
import { nulField } from '../http/nul-bytes';
import { loggableUrl } from '../http/secret-urls';
import { mountPoints, shopPath } from '../mount/mount-points';
import { pageLocale } from './locale';
import { translator, type Translate } from '../i18n/translate';
import { localizeErrorText } from '../i18n/error-messages';

// Every storefront route goes through webRoute(): it resolves the signed-in user from the session
// cookie, sends anonymous visitors of private pages to the sign-in page, checks the CSRF field of
// plain form posts, and turns errors into pages (never a JSON body or a bare 500).

export type WebMethod = 'GET' | 'POST' | 'DELETE';

export interface WebContext {
  ctx: Ctx;
  strapi: Core.Strapi;
  user: AuthUser | null;
  /** Messages in the request's language (platform/web/locale.ts), for titles, toasts and flashes a handler passes to a view. */
  t: Translate;
}

export interface PrivateContext extends WebContext {
  user: AuthUser;
}

export interface WebRouteDef {
  method: WebMethod;
  /** A path that carries a secret names its parameter `:token` (platform/http/secret-urls.ts): logs mask it. */
  path: string;
  private?: boolean;
  // 'pre-session' for the anonymous forms (sign-in, registration): their token is bound to the
  // pre-session cookie (platform/web/pre-session.ts), not to a session; `refused` answers a post without it.
  csrf?: 'session' | 'pre-session';
  refused?: (web: WebContext) => Promise<void> | void;
  // Takes a WebContext; privateRoute narrows it to a PrivateContext (the wrapper signs the visitor in first).
  handler: (web: WebContext) => Promise<void>;
}

export const publicRoute = (
  method: WebMethod,
  path: string,
  handler: (web: WebContext) => Promise<void>,
): WebRouteDef => ({ method, path, handler });
/** A POST of an anonymous form, refused (by `refused`) unless it carries its page's pre-session token. */
export const anonymousFormRoute = (
  path: string,
  handler: (web: WebContext) => Promise<void>,
  refused: (web: WebContext) => Promise<void> | void,
): WebRouteDef => ({
  method: 'POST',
  path,
  handler,
  csrf: 'pre-session',
  refused,
});
export const privateRoute = (
  method: WebMethod,
  path: string,
  handler: (web: PrivateContext) => Promise<void>,
): WebRouteDef => ({
  method,
  path,
  private: true,
  // Safe: the wrapper calls private handlers only after it has signed the visitor in.
  handler: handler as (web: WebContext) => Promise<void>,
});

function pageOfWrite(ctx: Ctx, base: string): string {
  try {
    const url = new URL(ctx.get('HX-Current-URL'));
    return url.pathname + url.search;
  } catch {
    return `${base}${DEFAULT_AFTER_LOGIN}`;
  }
}

/** A storefront path (`/cart/`) under the base path, for a request a storefront route answers. */
export function shopUrl(ctx: Ctx, path: string): string {
  return shopPath(ctx.state.gcStrapi, path);
}

/** The request's `next` value judged against this storefront's base path (platform/web/safe-next.ts). */
export function safeNextOf(ctx: Ctx, raw: unknown): string {
  return safeNext(raw, mountPoints(ctx.state.gcStrapi).base);
}

export function loginUrl(ctx: Ctx): string {
  const { base } = mountPoints(ctx.state.gcStrapi);
  // After a write the page to come back to is the one it was made from, not the action URL.
  const back = safeNext(ctx.method === 'GET' ? ctx.originalUrl : pageOfWrite(ctx, base), base);
  return `${base}/login/?next=${encodeURIComponent(back)}`;
}

/** A redirect that also works for htmx requests (which would otherwise swap the target page in). */
export function redirect(ctx: Ctx, location: string, status = 303): void {
  if (isHtmx(ctx)) {
    ctx.status = 204;
    ctx.set('HX-Redirect', location);
    return;
  }
  ctx.status = status;
  ctx.redirect(location);
  ctx.status = status;
}

export function errorPage(ctx: Ctx, status: number, title: string, message: string): void {
  renderPage(ctx, 'error', { title, heading: title, message }, status);
}

async function currentUser(strapi: Core.Strapi, ctx: Ctx): Promise<AuthUser | null> {
  try {
    return await optionalUser(strapi, ctx);
  } catch {
    // A blocked user or a deleted account: treat as signed out.
    ctx.state.gcUser = null;
    return null;
  }
}

export function toKoaRoute(strapi: Core.Strapi, def: WebRouteDef) {
  const handler = async (ctx: Ctx) => {
    ctx.state.gcStrapi = strapi;
    const t = translator(pageLocale(strapi, ctx));
    try {
      const user = await currentUser(strapi, ctx);
      if (def.private && !user) {
        if (isHtmx(ctx)) {
          ctx.status = 401;
          ctx.set('HX-Redirect', loginUrl(ctx));
          ctx.body = '';
          return;
        }
        return redirect(ctx, loginUrl(ctx), def.method === 'GET' ? 302 : 303);
      }
      if (def.csrf === 'pre-session' ? !preSessionSatisfied(strapi, ctx) : !csrfSatisfied(strapi, ctx)) {
        if (def.refused) return await def.refused({ ctx, strapi, user, t });
        return errorPage(ctx, 403, t('shop.error.retryTitle'), t('shop.error.csrf'));
      }
      // As on the API (platform/http/nul-bytes.ts): PostgreSQL refuses U+0000 in text, so a NUL anywhere is
      // refused before a handler reads it, never a 500 or a half-done write.
      if (nulField(ctx.params ?? {}) !== null)
        return errorPage(ctx, 404, t('shop.error.notFoundTitle'), t('shop.error.notFound'));
      if (nulField(ctx.query ?? {}) !== null || nulField(ctx.request?.body) !== null) {
        return errorPage(ctx, 400, t('shop.error.failedTitle'), t('shop.error.nul'));
      }
      await def.handler({ ctx, strapi, user, t });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404)
        return errorPage(ctx, 404, t('shop.error.notFoundTitle'), t('shop.error.notFound'));
      if (error instanceof ApiError || error instanceof ZodError) {
        const detail =
          error instanceof ApiError && 'detail' in error.body && !Array.isArray(error.body.detail)
            ? localizeErrorText(error.body.detail, ctx.state.gcLocale)
            : t('shop.error.checkInput');
        return errorPage(ctx, error instanceof ApiError ? error.status : 400, t('shop.error.failedTitle'), detail);
      }
      strapi.log.error(
        `[greeting-cards] ${ctx.method} ${loggableUrl(strapi, ctx.path)} failed: ${(error as Error)?.stack ?? error}`,
      );
      errorPage(ctx, 500, t('shop.error.serverTitle'), t('shop.error.server'));
    }
  };
  return { method: def.method, path: def.path, handler, config: { auth: false as const } };
}

/** Registers storefront pages under the storefront's base path (`/cart/` is served at `/shop/cart/`). */
export function registerWebRoutes(strapi: Core.Strapi, defs: WebRouteDef[]): void {
  const { base } = mountPoints(strapi);
  registerOwnRoutes(
    strapi,
    defs.map((def) => toKoaRoute(strapi, { ...def, path: `${base}${def.path}` })),
  );
}

type KoaRoutes = Extract<Parameters<Core.Strapi['server']['routes']>[0], unknown[]>;

/** Registers plain Koa routes of the storefront (the editor's JSON, the view page) under the base path. */
export function registerShopRoutes(strapi: Core.Strapi, defs: KoaRoutes): void {
  const { base } = mountPoints(strapi);
  registerOwnRoutes(
    strapi,
    defs.map((def) => ({ ...def, path: `${base}${def.path}` })),
  );
}
