import { Eta } from 'eta';
import type { Core } from '@strapi/strapi';
import type { Ctx } from '../../http/respond';
import { pageCsrfToken } from '../csrf';
import { VIEWS_DIR } from '../render';

// The editor is a full-screen workspace with its own slim layout (views/editor/layout.eta): the same
// views folder, escaping engine, CSRF token and static files as the shop, without the shop's header.
const eta = new Eta({ views: VIEWS_DIR, cache: process.env.NODE_ENV === 'production' });

export interface PageData {
  title: string;
  script?: string;
  [key: string]: unknown;
}

export function renderPartial(view: string, data: Record<string, unknown>): string {
  return eta.render(view, data);
}

export function renderEditorPage(strapi: Core.Strapi, ctx: Ctx, view: string, data: PageData, layout = 'editor/layout'): void {
  const body = renderPartial(view, data);
  ctx.type = 'html';
  ctx.set('Cache-Control', 'private, no-store');
  ctx.body = renderPartial(layout, { ...data, body, csrfToken: pageCsrfToken(strapi, ctx) });
}
