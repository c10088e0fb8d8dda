import { PATTERN_NAMES, isPatternName, type BackgroundPattern } from './background-patterns';
import { LEGACY_PRODUCT, productOf } from './print-products/products';
import { INNER_PAGES, MAX_EXTRA_PAGES, type InnerPage } from './print-products/page-names';

const isInnerPage = (v: unknown): v is InnerPage =>
  typeof v === 'string' && (INNER_PAGES as readonly string[]).includes(v);
import { COMMON_OPTIONAL, COMMON_REQUIRED, numberIn, objectRules, type CanvasLimits } from './canvas-fields';

// Validation of a design (`canvas_data`) against docs/canvas-data.md, the contract shared with the
// editor and the renderer. Pure: no Strapi, no I/O.
//
// Error format (used everywhere canvas_data is written): one list of messages under the
// `canvas_data` field, each message prefixed with the path inside the design, for example
//   {"canvas_data": ["objects[3].fontSize: must be a number"]}
//
// The result is a normalised copy holding only the keys the contract knows. Unknown keys are
// dropped rather than stored, so nothing the contract does not describe (Fabric's clipPath,
// nested objects, foreign image sources...) can ever reach the renderer.

export type { CanvasLimits };

export type CanvasObject = Record<string, unknown> & { type: string; left: number; top: number };

/** What every page has: the front's keys (the design itself) and each inner page's. */
export interface PageDesign {
  background: string;
  /** optional: a curated pattern drawn over the background colour (platform/designs/background-patterns.ts). */
  pattern?: BackgroundPattern;
  objects: CanvasObject[];
}

/**
 * The folded card's other pages (platform/designs/print-products/pages.ts); a design without them is a front.
 * `extra`: more inside pages after the inside right, made by the group-card layout.
 */
export type CardPages = Partial<Record<InnerPage, PageDesign>> & { extra?: PageDesign[] };

export interface CanvasData extends PageDesign {
  version: string;
  width?: number;
  height?: number;
  pages?: CardPages;
}

export type CanvasResult = { ok: true; value: CanvasData } | { ok: false; errors: string[] };

// Stop collecting after this many messages: a hostile design could otherwise make a huge answer.
const MAX_MESSAGES = 20;
const HEX_BACKGROUND = /^#[0-9A-Fa-f]{6}$/;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Validates a design; on success returns the normalised copy to store. */
export function validateCanvasData(input: unknown, limits: CanvasLimits): CanvasResult {
  const errors: string[] = [];
  const add = (path: string, message: string) => {
    if (errors.length < MAX_MESSAGES) errors.push(path ? `${path}: ${message}` : message);
  };

  if (!isPlainObject(input)) return { ok: false, errors: ['must be a JSON object'] };
  let bytes: number;
  try {
    bytes = new TextEncoder().encode(JSON.stringify(input)).length;
  } catch {
    return { ok: false, errors: ['must be a JSON object'] };
  }
  if (bytes > limits.maxBytes)
    return { ok: false, errors: [`must be at most ${limits.maxBytes} bytes (got ${bytes})`] };

  const out: CanvasData = { version: '', background: '', objects: [] };
  if (input.version === undefined) add('version', 'is required');
  else if (typeof input.version !== 'string' || input.version.length === 0 || input.version.length > 32)
    add('version', 'must be a string of 1 to 32 characters');
  else out.version = input.version;

  for (const key of ['width', 'height'] as const) {
    if (input[key] === undefined) continue;
    const problem = numberIn(1, 10_000)(input[key]);
    if (problem) add(key, problem);
    else out[key] = input[key] as number;
  }

  checkSurface(input, '', out, limits, add);

  if (input.pages !== undefined && input.pages !== null) {
    const pages = input.pages;
    // `extra` is left out of the messages: only the group-card layout makes extra pages.
    const known = INNER_PAGES.join(', ');
    if (!isPlainObject(pages)) add('pages', `must be an object with any of ${known}`);
    else {
      const clean: CardPages = {};
      // A page may leave out its background (white) and objects (none); otherwise the front's rules.
      const page = (value: unknown, at: string): PageDesign | null => {
        if (!isPlainObject(value)) {
          add(at, 'must be an object with a background and objects');
          return null;
        }
        const surface: PageDesign = { background: '#FFFFFF', objects: [] };
        checkSurface({ background: '#FFFFFF', objects: [], ...value }, `${at}.`, surface, limits, add);
        return surface;
      };
      for (const [name, value] of Object.entries(pages)) {
        if (name === 'extra') {
          if (!Array.isArray(value)) add('pages.extra', 'must be an array of pages');
          else if (value.length > MAX_EXTRA_PAGES)
            add('pages.extra', `must hold at most ${MAX_EXTRA_PAGES} pages (got ${value.length})`);
          else {
            const extra = value.map((v, i) => page(v, `pages.extra[${i}]`));
            if (extra.length) clean.extra = extra.filter((p): p is PageDesign => p !== null);
          }
          continue;
        }
        if (!isInnerPage(name)) {
          add(`pages.${name}`, `is not a page: pages are ${known}`);
          continue;
        }
        const surface = page(value, `pages.${name}`);
        if (surface) clean[name] = surface;
      }
      out.pages = clean;
    }
  }

  return errors.length ? { ok: false, errors } : { ok: true, value: out };
}

/** Background, pattern and objects of one page (the front is the design itself), into `out`. */
function checkSurface(
  input: Record<string, unknown>,
  at: string,
  out: PageDesign,
  limits: CanvasLimits,
  add: (path: string, message: string) => void,
): void {
  if (input.background === undefined) add(`${at}background`, 'is required');
  else if (typeof input.background !== 'string' || !HEX_BACKGROUND.test(input.background))
    add(`${at}background`, 'must be a colour in #RRGGBB form');
  else out.background = input.background;

  if (input.pattern !== undefined && input.pattern !== null) {
    const pattern = input.pattern;
    if (!isPlainObject(pattern)) add(`${at}pattern`, 'must be an object with a name and a color');
    else {
      const nameOk = isPatternName(pattern.name);
      const colourOk = typeof pattern.color === 'string' && HEX_BACKGROUND.test(pattern.color);
      if (!nameOk) add(`${at}pattern.name`, `must be one of ${PATTERN_NAMES.join(', ')}`);
      if (!colourOk) add(`${at}pattern.color`, 'must be a colour in #RRGGBB form');
      if (nameOk && colourOk)
        out.pattern = { name: pattern.name as BackgroundPattern['name'], color: pattern.color as string };
    }
  }

  // A check may name a part inside its field (a stroke's `[3][1]: must be a number`): it joins the path.
  const addAt = (path: string, problem: string) => {
    const inner = /^((?:\[\d+\])+): (.*)$/.exec(problem);
    if (inner) add(`${path}${inner[1]}`, inner[2]);
    else add(path, problem);
  };
  const objects = input.objects;
  if (objects === undefined) add(`${at}objects`, 'is required');
  else if (!Array.isArray(objects)) add(`${at}objects`, 'must be an array');
  else if (objects.length > limits.maxObjects)
    add(`${at}objects`, `must hold at most ${limits.maxObjects} objects (got ${objects.length})`);
  else {
    const rules = objectRules(limits);
    objects.forEach((object, index) => {
      const where = `${at}objects[${index}]`;
      if (!isPlainObject(object)) return add(where, 'must be an object');
      const type = object.type;
      if (typeof type !== 'string' || !(type in rules)) {
        return add(`${where}.type`, `must be one of ${Object.keys(rules).join(', ')}`);
      }
      const { required, optional } = rules[type];
      const clean: Record<string, unknown> = { type };
      for (const [field, check] of Object.entries({ ...COMMON_REQUIRED, ...required })) {
        if (object[field] === undefined) add(`${where}.${field}`, 'is required');
        else {
          const problem = check(object[field]);
          if (problem) addAt(`${where}.${field}`, problem);
          else clean[field] = object[field];
        }
      }
      for (const [field, check] of Object.entries({ ...COMMON_OPTIONAL, ...optional })) {
        if (object[field] === undefined || object[field] === null) continue;
        const problem = check(object[field]);
        if (problem) add(`${where}.${field}`, problem);
        else clean[field] = object[field];
      }
      out.objects.push(clean as CanvasObject);
    });
  }
}

/** A blank design: what a card starts with when none is given, on its product's canvas (A5 unless said). */
export function blankCanvas(product: unknown = LEGACY_PRODUCT): CanvasData {
  const { width, height } = productOf(product).canvas;
  return { version: '7.0.0', width, height, background: '#FFFFFF', objects: [] };
}
