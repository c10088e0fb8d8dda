// The pages of a folded card. The front is the design itself (the spec's `version`, `background`
// and `objects` keep their meaning); the other pages live under `canvas_data.pages`, each with its
// own background, pattern and objects, on the same canvas size. A design without `pages` is a card
// whose inner pages are blank: exactly what every design was before pages existed. A group card may
// add extra inside pages (see MAX_EXTRA_PAGES). Pure.
import type { CanvasObject, PageDesign } from '../canvas-data';

import { INNER_PAGES, MAX_EXTRA_PAGES, type InnerPage } from './page-names';

export { INNER_PAGES, MAX_EXTRA_PAGES, type InnerPage };
/** In print order: the printer's PDF has one page per entry. */
export const PAGE_NAMES = ['front', ...INNER_PAGES] as const;
export type PageName = (typeof PAGE_NAMES)[number];

export const isInnerPage = (v: unknown): v is InnerPage =>
  typeof v === 'string' && (INNER_PAGES as readonly string[]).includes(v);
/** One of the four pages a shopper designs in the editor. */
export const isPageName = (v: unknown): v is PageName =>
  typeof v === 'string' && (PAGE_NAMES as readonly string[]).includes(v);

/**
 * Extra pages (`canvas_data.pages.extra`, an array): more inside pages after the inside right, made
 * only by the group-card layout when signatures do not fit the card's own inside (the editor keeps
 * them but does not edit them). `extra_1` is the first. At most MAX_EXTRA_PAGES: enough for a full
 * group card of long messages on the smallest canvas.
 */
export type ExtraPage = `extra_${number}`;
/** Any page a card may have: the four of every card and its extra pages. */
export type CardPage = PageName | ExtraPage;
export const extraPage = (n: number): ExtraPage => `extra_${n}`;
const extraIndex = (page: string): number | null => {
  const m = /^extra_([1-9]\d{0,3})$/.exec(page);
  return m && Number(m[1]) <= MAX_EXTRA_PAGES ? Number(m[1]) - 1 : null;
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * One page as a whole design (the shape the renderer draws): the card's version and canvas size with
 * that page's background, pattern and objects. A page the design does not have is blank white.
 */
export function pageDesign(canvasData: unknown, page: CardPage): Record<string, unknown> {
  const data = isRecord(canvasData) ? canvasData : {};
  const frame = { version: data.version, width: data.width, height: data.height };
  if (page === 'front') return { ...frame, background: data.background, pattern: data.pattern, objects: data.objects };
  const pages = isRecord(data.pages) ? data.pages : {};
  const index = extraIndex(page);
  const slot = index === null ? pages[page] : Array.isArray(pages.extra) ? pages.extra[index] : undefined;
  const own = isRecord(slot) ? slot : {};
  return {
    ...frame,
    background: own.background ?? '#FFFFFF',
    pattern: own.pattern,
    objects: Array.isArray(own.objects) ? own.objects : [],
  };
}

/** The design's extra pages, in order (none for a card the group-card layout did not fill). */
export function extraPages(canvasData: unknown): ExtraPage[] {
  const pages = isRecord(canvasData) && isRecord(canvasData.pages) ? canvasData.pages : {};
  const count = Array.isArray(pages.extra) ? Math.min(pages.extra.length, MAX_EXTRA_PAGES) : 0;
  return Array.from({ length: count }, (_, i) => extraPage(i + 1));
}

/** Every page of the card in reading and print order: front, inside left and right, extra pages, back. */
export function cardPages(canvasData: unknown): CardPage[] {
  return ['front', 'inside_left', 'inside_right', ...extraPages(canvasData), 'back'];
}

/** True when the page has anything of its own to draw (objects, a colour or a pattern). */
export function pageIsDesigned(canvasData: unknown, page: CardPage): boolean {
  if (page === 'front') return true;
  const design = pageDesign(canvasData, page) as Partial<PageDesign>;
  const background = typeof design.background === 'string' ? design.background.toUpperCase() : '#FFFFFF';
  return (design.objects?.length ?? 0) > 0 || background !== '#FFFFFF' || Boolean(design.pattern);
}

/** Every object of every page (extra pages too), each with the page it is on (premium checks, preflight). */
export function objectsByPage(canvasData: unknown): Array<{ page: CardPage; index: number; object: CanvasObject }> {
  const out: Array<{ page: CardPage; index: number; object: CanvasObject }> = [];
  for (const page of cardPages(canvasData)) {
    const objects = pageDesign(canvasData, page).objects;
    if (!Array.isArray(objects)) continue;
    objects.forEach((object, index) => {
      if (isRecord(object)) out.push({ page, index, object: object as CanvasObject });
    });
  }
  return out;
}

/** Every object of every page, front first. */
export const allObjects = (canvasData: unknown): CanvasObject[] => objectsByPage(canvasData).map((o) => o.object);
