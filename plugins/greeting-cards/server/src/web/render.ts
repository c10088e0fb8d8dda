import type { Core } from '@strapi/strapi';
import { Eta } from 'eta';
import path from 'path';
import type { Ctx } from '../http/respond';
import { PLUGIN_ROOT, ASSET_VERSION } from './static-files';
import { pageCsrfToken } from './csrf';
import { helpers } from './view-helpers';
import { getConfig } from '../config/get-config';

// Pages and htmx fragments come from the same Eta views (escaping by default) and the same layout:
// a full page wraps the view in the document, a fragment gets only the view plus an out-of-band toast.

export const VIEWS_DIR = path.join(PLUGIN_ROOT, 'server', 'views');

const eta = new Eta({ views: VIEWS_DIR, cache: process.env.NODE_ENV === 'production', autoEscape: true, autoTrim: false });

export interface Toast {
  kind: 'success' | 'error' | 'info';
  text: string;
}

/**
 * The page frame: `shop` is the storefront's column; `workspace` is the same header and navigation
 * around a full-height tool (the card editor) with its own stylesheet and script.
 */
export type PageLayout = 'shop' | 'workspace';

export interface ViewData {
  title?: string;
  toast?: Toast | null;
  [key: string]: unknown;
}

/** True when htmx asked for a fragment (and not a history restore, which needs the whole page). */
export const isHtmx = (ctx: Ctx): boolean => ctx.get('HX-Request') === 'true' && ctx.get('HX-History-Restore-Request') !== 'true';

function common(strapi: Core.Strapi, ctx: Ctx, data: ViewData) {
  const config = getConfig(strapi);
  return {
    prices: { ecard: config.ecardPrice, post: config.postedCardPrice, print: config.printPrice, giftWrap: config.giftWrapPrice },
    currency: config.currency,
    ...data,
    user: ctx.state.gcUser ?? null,
    csrfToken: pageCsrfToken(strapi, ctx),
    currentPath: ctx.path,
    v: ASSET_VERSION,
    h: helpers,
    toast: data.toast ?? null,
  };
}

function send(ctx: Ctx, html: string, status?: number) {
  if (status) ctx.status = status;
  ctx.type = 'html';
  ctx.set('Cache-Control', 'private, no-store');
  // Full page and fragment differ by this header: caches must keep them apart.
  ctx.vary('HX-Request');
  ctx.body = html;
}

export function renderPage(ctx: Ctx, view: string, data: ViewData = {}, status?: number, layout: PageLayout = 'shop'): void {
  const strapi: Core.Strapi = ctx.state.gcStrapi;
  const it = common(strapi, ctx, data);
  const body = eta.render(view, it);
  send(ctx, eta.render('layout', { ...it, body, fragment: false, layout }), status);
}

export function renderPartial(ctx: Ctx, view: string, data: ViewData = {}, status?: number): void {
  const strapi: Core.Strapi = ctx.state.gcStrapi;
  const it = common(strapi, ctx, data);
  const body = eta.render(view, it);
  send(ctx, eta.render('layout', { ...it, body, fragment: true }), status);
}

/** Full page normally; only `partial` when htmx asks for it. */
export function renderPageOrPartial(ctx: Ctx, view: string, partial: string, data: ViewData = {}, status?: number): void {
  if (isHtmx(ctx)) renderPartial(ctx, partial, data, status);
  else renderPage(ctx, view, data, status);
}
