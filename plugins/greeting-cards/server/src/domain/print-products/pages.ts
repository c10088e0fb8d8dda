// The pages of a folded card. The front is the design itself (the spec's `version`, `background`
// and `objects` keep their meaning); the other pages live under `canvas_data.pages`, each with its
// own background, pattern and objects, on the same canvas size. A design without `pages` is a card
// whose inner pages are blank: exactly what every design was before pages existed. Pure.
import type { CanvasObject, PageDesign } from '../canvas-data';

export const INNER_PAGES = ['inside_left', 'inside_right', 'back'] as const;
export type InnerPage = (typeof INNER_PAGES)[number];
/** In print order: the printer's PDF has one page per entry. */
export const PAGE_NAMES = ['front', ...INNER_PAGES] as const;
export type PageName = (typeof PAGE_NAMES)[number];

export const isInnerPage = (v: unknown): v is InnerPage => typeof v === 'string' && (INNER_PAGES as readonly string[]).includes(v);
export const isPageName = (v: unknown): v is PageName => typeof v === 'string' && (PAGE_NAMES as readonly string[]).includes(v);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * One page as a whole design (the shape the renderer draws): the card's version and canvas size with
 * that page's background, pattern and objects. A page the design does not have is blank white.
 */
export function pageDesign(canvasData: unknown, page: PageName): Record<string, unknown> {
  const data = isRecord(canvasData) ? canvasData : {};
  const frame = { version: data.version, width: data.width, height: data.height };
  if (page === 'front') return { ...frame, background: data.background, pattern: data.pattern, objects: data.objects };
  const pages = isRecord(data.pages) ? data.pages : {};
  const own = isRecord(pages[page]) ? (pages[page] as Record<string, unknown>) : {};
  return { ...frame, background: own.background ?? '#FFFFFF', pattern: own.pattern, objects: Array.isArray(own.objects) ? own.objects : [] };
}

/** True when the page has anything of its own to draw (objects, a colour or a pattern). */
export function pageIsDesigned(canvasData: unknown, page: PageName): boolean {
  if (page === 'front') return true;
  const design = pageDesign(canvasData, page) as Partial<PageDesign>;
  const background = typeof design.background === 'string' ? design.background.toUpperCase() : '#FFFFFF';
  return (design.objects?.length ?? 0) > 0 || background !== '#FFFFFF' || Boolean(design.pattern);
}

/** Every object of every page, each with the page it is on (premium checks, preflight). */
export function objectsByPage(canvasData: unknown): Array<{ page: PageName; index: number; object: CanvasObject }> {
  const out: Array<{ page: PageName; index: number; object: CanvasObject }> = [];
  for (const page of PAGE_NAMES) {
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
