import type { Core } from '@strapi/strapi';
import crypto from 'crypto';
import type { Ctx } from '../http/respond';
import { ASSET_VERSION } from './static-files';
import { pageCsrfToken } from './csrf';
import { helpersFor } from './view-helpers';
import { markLocale, pageLocale } from './locale';
import type { PluginConfig } from '../config/settings';
import { translator } from '../i18n/translate';
import { shippedText } from '../i18n/shipped-texts';
import { en } from '../i18n/messages/en';
import { LOCALE_NAMES, SUPPORTED_LOCALES } from '../i18n/locales';
import { getConfig } from '../config/get-config';
import { brandOf } from './brand';
import { viewsFor } from './view-files';
import { mountPoints } from '../mount/mount-points';

// Pages and htmx fragments come from the same Eta views (escaping by default) and the same layout:
// a full page wraps the view in the document, a fragment gets only the view plus an out-of-band toast.

export { VIEWS_DIR } from './view-files';

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
export const isHtmx = (ctx: Ctx): boolean =>
  ctx.get('HX-Request') === 'true' && ctx.get('HX-History-Restore-Request') !== 'true';

/** This page's own URL in another language: the same path and query, `locale` replaced. */
function withLocale(ctx: Ctx, code: string): string {
  const search = new URLSearchParams(ctx.querystring ?? '');
  search.set('locale', code);
  return `${ctx.path}?${search.toString()}`;
}

/** The brand's tagline and footer in the page's language while they are the shipped defaults. */
function localBrand(brand: ReturnType<typeof brandOf>, t: ReturnType<typeof translator>, netPrices: boolean) {
  // Prices entered net: the shipped footer's "Prices include VAT" would be wrong; its net twin says so.
  const footer = netPrices && brand.footer === en['shop.default.footer'] ? t('shop.default.footerNet') : brand.footer;
  return { ...brand, tagline: shippedText(brand.tagline, t), footer: shippedText(footer, t) };
}

function common(strapi: Core.Strapi, ctx: Ctx, data: ViewData) {
  const config = getConfig(strapi);
  const mount = mountPoints(strapi);
  const locale = pageLocale(strapi, ctx);
  markLocale(strapi, ctx, locale);
  return {
    prices: {
      ecard: config.ecardPrice,
      post: config.postedCardPrice,
      print: config.printPrice,
      giftWrap: config.giftWrapPrice,
    },
    currency: config.currency,
    // Prices entered net (SERVICE_PRICES_INCLUDE_VAT=false): the catalogue's prices are shown "plus VAT".
    pricesNet: !config.pricesIncludeVat,
    ...data,
    user: ctx.state.gcUser ?? null,
    csrfToken: pageCsrfToken(strapi, ctx),
    // The page's path within the shop (`/catalogue/` at `/shop/catalogue/`), for the navigation's current page.
    currentPath: ctx.path.slice(mount.base.length) || '/',
    // Every link a view prints starts with `base` (the storefront's base path, '' at the root), every
    // asset with `assets`, every API call with `api`: see platform/mount/mount-points.ts.
    base: mount.base,
    assets: mount.staticPath,
    api: mount.apiPrefix,
    brand: localBrand(brandOf(strapi), translator(locale), !config.pricesIncludeVat),
    v: ASSET_VERSION,
    h: helpersFor(locale),
    // The request's language and its messages: it.t('shop.cart.title'); the footer's language switcher
    // lists `locales` unless the shop pins one language.
    locale,
    t: translator(locale),
    // The same, for a partial whose caller uses `t` for something else (see partials/template-card.eta).
    translate: translator(locale),
    locales: config.shopLocale
      ? []
      : SUPPORTED_LOCALES.map((code) => ({ code, name: LOCALE_NAMES[code], href: withLocale(ctx, code) })),
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

export function renderPage(
  ctx: Ctx,
  view: string,
  data: ViewData = {},
  status?: number,
  layout: PageLayout = 'shop',
): void {
  const strapi: Core.Strapi = ctx.state.gcStrapi;
  const it = common(strapi, ctx, data);
  const eta = viewsFor(strapi);
  const body = eta.render(view, it);
  send(ctx, eta.render('layout', { ...it, body, fragment: false, layout }), status);
}

export function renderPartial(ctx: Ctx, view: string, data: ViewData = {}, status?: number): void {
  const strapi: Core.Strapi = ctx.state.gcStrapi;
  const it = common(strapi, ctx, data);
  const eta = viewsFor(strapi);
  const body = eta.render(view, it);
  send(ctx, eta.render('layout', { ...it, body, fragment: true }), status);
}

/** Full page normally; only `partial` when htmx asks for it. */
export function renderPageOrPartial(
  ctx: Ctx,
  view: string,
  partial: string,
  data: ViewData = {},
  status?: number,
): void {
  if (isHtmx(ctx)) renderPartial(ctx, partial, data, status);
  else renderPage(ctx, view, data, status);
}

// Kept pages (issue 46, item 3): a page drawn once and answered again to the same user while nothing it
// shows has changed (the caller keeps it, e.g. in platform/db/user-answers.ts, under a key naming all it
// depends on: see keptPageKey). What differs between requests for the same drawing is left out of it and
// filled in at answer time, escaped as the view escapes it: the CSRF token (per session), the language
// switcher's links (this request's path and query) and a toast's text. Everything else the layout reads
// comes from the plugin's configuration (keyed by its identity: a changed setting is a new object) or is
// fixed per process (asset version, message catalogues).

/** A drawn page without its per-request values: `parts` around `slots` (one more part than slots). */
export interface KeptPage {
  readonly parts: readonly string[];
  readonly slots: readonly string[];
}

// Marks the left-out values in the drawing: random per process, so no content (a card's title) can hold one.
const MARK = `gc-slot-${crypto.randomBytes(12).toString('hex')}-`;
const MARKED = new RegExp(`${MARK}([\\w:-]+)\\.`);
const configSerials = new WeakMap<PluginConfig, number>();
let lastConfigSerial = 0;

/**
 * What a kept page of this request depends on besides the caller's data and the user: fragment or page,
 * the language, the configuration in force (its identity), the page's own path (the navigation marks the
 * current page; a fragment does not show it) and a toast's kind. The caller adds its data's key.
 */
export function keptPageKey(ctx: Ctx, toast: Toast | null = null): string {
  const strapi: Core.Strapi = ctx.state.gcStrapi;
  const config = getConfig(strapi);
  let serial = configSerials.get(config);
  if (serial === undefined) {
    serial = ++lastConfigSerial;
    configSerials.set(config, serial);
  }
  const fragment = isHtmx(ctx);
  return [
    fragment ? 'fragment' : `page ${ctx.path}`,
    pageLocale(strapi, ctx),
    `config ${serial}`,
    toast ? `toast ${toast.kind}` : 'no toast',
  ].join('\n');
}

/** Draws what renderPageOrPartial would, with the per-request values left out (sendKept fills them in). */
export function drawKept(ctx: Ctx, view: string, partial: string, data: ViewData = {}): KeptPage {
  const strapi: Core.Strapi = ctx.state.gcStrapi;
  const fragment = isHtmx(ctx);
  const it = common(strapi, ctx, data);
  const marked = {
    ...it,
    csrfToken: `${MARK}csrf.`,
    locales: it.locales.map((l) => ({ ...l, href: `${MARK}href:${l.code}.` })),
    toast: it.toast ? { kind: it.toast.kind, text: `${MARK}toast.` } : null,
  };
  const eta = viewsFor(strapi);
  const body = eta.render(fragment ? partial : view, marked);
  const html = eta.render(
    'layout',
    fragment ? { ...marked, body, fragment: true } : { ...marked, body, fragment: false, layout: 'shop' },
  );
  const pieces = html.split(MARKED);
  return { parts: pieces.filter((_, i) => i % 2 === 0), slots: pieces.filter((_, i) => i % 2 === 1) };
}

/** Answers with a kept page, its per-request values filled in: byte for byte what renderPageOrPartial draws. */
export function sendKept(ctx: Ctx, kept: KeptPage, toast: Toast | null = null, status?: number): void {
  const strapi: Core.Strapi = ctx.state.gcStrapi;
  markLocale(strapi, ctx, pageLocale(strapi, ctx));
  const escape = viewsFor(strapi).config.escapeFunction;
  const csrf = escape(pageCsrfToken(strapi, ctx));
  let html = kept.parts[0];
  for (let i = 0; i < kept.slots.length; i += 1) {
    const slot = kept.slots[i];
    const value =
      slot === 'csrf'
        ? csrf
        : slot === 'toast'
          ? escape(toast?.text ?? '')
          : escape(withLocale(ctx, slot.slice('href:'.length)));
    html += value + kept.parts[i + 1];
  }
  send(ctx, html, status);
}
