import path from 'path';
import { Eta } from 'eta';
import type { Core } from '@strapi/strapi';
import { csrfToken } from './csrf';

// Eta views (escaped by default) from the plugin's server/views/. Minimal version for the editor;
// the storefront's module of the same name (one shared layout) replaces it on merge.
export const VIEWS_DIR = path.resolve(__dirname, '../../../server/views');
const eta = new Eta({ views: VIEWS_DIR, cache: process.env.NODE_ENV === 'production' });

export interface PageData {
  title: string;
  script?: string;
  [key: string]: unknown;
}

export function renderPartial(view: string, data: Record<string, unknown>): string {
  return eta.render(view, data);
}

export function renderPage(strapi: Core.Strapi, ctx: any, view: string, data: PageData, layout = 'editor/layout'): void {
  const body = renderPartial(view, data);
  ctx.type = 'html';
  ctx.set('Cache-Control', 'private, no-store');
  ctx.body = renderPartial(layout, { ...data, body, csrfToken: csrfToken(strapi, ctx) });
}
