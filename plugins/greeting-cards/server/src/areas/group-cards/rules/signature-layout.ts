// Where a group card's signatures go: pure, so the e-card view, the print PDF and the printer's PDF
// all draw the same layout through the one renderer (the signatures become text objects on the inside
// pages of the card's design). Messages flow down the inside right page, then the inside left, in the
// organiser's order, at the largest size that fits, never smaller than MIN_FONT (readable in print).
// When they do not fit the two inside pages even at MIN_FONT, they go on at MIN_FONT onto extra pages
// (canvas_data.pages.extra), as many as needed up to MAX_EXTRA_PAGES: a full card of long messages
// fits, so nothing is left off. Only a message taller than a whole page is split, by lines, across
// pages; a card that would need more than MAX_EXTRA_PAGES reports what is left off.

import type { CanvasObject } from '../../../platform/designs/canvas-data';
import { MAX_EXTRA_PAGES } from '../../../platform/designs/print-products/pages';

export interface SignatureForLayout {
  display_name: string;
  message: string;
  colour?: string | null;
  font?: string | null;
  emoji?: string | null;
  /** The signer's photos (issue 45 item 7), placed in a row under the message. */
  photos?: Array<{ src: string; width: number; height: number }>;
}

export interface SignatureLayout {
  inside_right: CanvasObject[];
  inside_left: CanvasObject[];
  /** Further inside pages, in order, when the two inside pages are not enough (most cards: none). */
  extra: CanvasObject[][];
  fontSize: number;
  /** Signatures that did not fit even on MAX_EXTRA_PAGES extra pages (left off; the organiser is told). */
  leftOff: number;
}

// Canvas units on an A5 page (600 wide for 148 mm): 14 units is about 3.5 mm (10 pt) of type. Other
// products scale these so that the type prints at the same size in mm (see fontSizes).
export const MAX_FONT = 24;
export const MIN_FONT = 14;
const A5_UNITS_PER_MM = 600 / 148;

/**
 * The largest and smallest sizes in canvas units for a page `width` units wide printed `trimWidthMm`
 * wide: on A6 (600 units for 105 mm) a unit is smaller on paper, so the sizes grow to stay readable.
 */
export function fontSizes(width: number, trimWidthMm?: number): { max: number; min: number } {
  if (!trimWidthMm || !(trimWidthMm > 0) || !(width > 0)) return { max: MAX_FONT, min: MIN_FONT };
  const scale = width / trimWidthMm / A5_UNITS_PER_MM;
  return { max: Math.round(MAX_FONT * scale), min: Math.round(MIN_FONT * scale) };
}
const LINE_HEIGHT = 1.25;
const CHAR_WIDTH = 0.52; // average glyph width in ems, generous for the curated handwriting fonts
const INSIDE_PAGES = 2;
/** A row of a signer's photos is this many lines of their type high (less when the row is too wide). */
const PHOTO_ROW_EMS = 7;

/**
 * The row of a signature's photos under its message, `width` wide at most: each photo keeps its shape at
 * one height, the row shrunk to fit the column. Objects are placed from `left`, with `top` 0.
 */
export function photoRow(
  photos: SignatureForLayout['photos'],
  width: number,
  fontSize: number,
  left: number,
): { height: number; objects: CanvasObject[] } {
  const list = (photos ?? []).filter((p) => p.width > 0 && p.height > 0);
  if (!list.length) return { height: 0, objects: [] };
  const gap = fontSize * 0.5;
  const ratios = list.map((p) => p.width / p.height);
  const wanted = fontSize * PHOTO_ROW_EMS;
  const height = Math.min(wanted, (width - gap * (list.length - 1)) / ratios.reduce((a, b) => a + b, 0));
  let x = left;
  const objects = list.map((p, i) => {
    const w = Math.round(height * ratios[i] * 100) / 100;
    const object: CanvasObject = {
      type: 'image',
      src: p.src,
      left: Math.round(x * 100) / 100,
      top: 0,
      width: w,
      height,
    };
    x += w + gap;
    return object;
  });
  return { height, objects };
}

const perLineFor = (width: number, fontSize: number) => Math.max(8, Math.floor(width / (fontSize * CHAR_WIDTH)));

/** Lines a text takes in a column `width` wide at `fontSize`, wrapping words. */
export function linesFor(text: string, width: number, fontSize: number): number {
  const perLine = perLineFor(width, fontSize);
  return text.split('\n').reduce((sum, para) => sum + Math.max(1, Math.ceil(para.length / perLine)), 0);
}

/** The text broken into lines of at most `perLine` characters, at spaces where it can (long words are cut). */
function wrap(text: string, perLine: number): string[] {
  const lines: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const word of para.split(' ')) {
      let rest = word;
      while (rest.length > perLine) {
        if (line) lines.push(line);
        lines.push(rest.slice(0, perLine));
        rest = rest.slice(perLine);
        line = '';
      }
      if (!line) line = rest;
      else if (line.length + 1 + rest.length <= perLine) line += ` ${rest}`;
      else {
        lines.push(line);
        line = rest;
      }
    }
    lines.push(line);
  }
  return lines;
}

// An entry without a name is the card's own inside message, which goes first (see finished-design.ts).
const blockText = (s: SignatureForLayout) =>
  `${s.emoji ? `${s.emoji} ` : ''}${s.message}${s.display_name ? `\n— ${s.display_name}` : ''}`;

interface Frame {
  width: number;
  height: number;
  margin: number;
}

/**
 * Flows every signature at one size onto at most `maxPages` pages. A signature that does not fit what
 * is left of a page starts the next one; one taller than a whole page is split by lines. Stops at the
 * first signature that does not fit the pages allowed (none of it is placed).
 */
function flow(signatures: SignatureForLayout[], frame: Frame, fontSize: number, maxPages: number) {
  const width = frame.width - 2 * frame.margin;
  const bottom = frame.height - frame.margin;
  const lineHeight = fontSize * LINE_HEIGHT;
  const gap = fontSize * 0.9;
  const pages: CanvasObject[][] = [[]];
  let top = frame.margin;
  let placed = 0;
  const box = (s: SignatureForLayout, text: string, at: number): CanvasObject => ({
    type: 'textbox',
    left: frame.margin,
    top: at,
    width,
    text,
    fontSize,
    lineHeight: LINE_HEIGHT,
    textAlign: 'left',
    fill: s.colour || '#222222',
    fontFamily: s.font || 'Roboto',
  });
  const nextPage = () => {
    if (pages.length >= maxPages) return false;
    pages.push([]);
    top = frame.margin;
    return true;
  };

  /** The signature's photos at `at`, under its message. */
  const placePhotos = (row: ReturnType<typeof photoRow>, at: number) => {
    for (const o of row.objects) pages[pages.length - 1].push({ ...o, top: at });
  };

  for (const s of signatures) {
    const text = blockText(s);
    const textHeight = linesFor(text, width, fontSize) * lineHeight;
    const row = photoRow(s.photos, width, fontSize, frame.margin);
    const photoGap = row.height ? fontSize * 0.4 : 0;
    const height = textHeight + photoGap + row.height;
    const mark = { page: pages.length, objects: pages[pages.length - 1].length, top };
    let fits = true;
    if (height <= bottom - frame.margin) {
      // The usual case: the whole message (and its photos) on one page, the next one if this one is full.
      if (top + height > bottom && !nextPage()) fits = false;
      else {
        pages[pages.length - 1].push(box(s, text, top));
        if (row.height) placePhotos(row, top + textHeight + photoGap);
        top += height + gap;
      }
    } else {
      // Taller than a page: as many lines as fit here, the rest on the pages after.
      let lines = wrap(text, perLineFor(width, fontSize));
      while (lines.length && fits) {
        const room = Math.floor((bottom - top) / lineHeight);
        if (room < 1) {
          fits = nextPage();
          continue;
        }
        pages[pages.length - 1].push(box(s, lines.slice(0, room).join('\n'), top));
        top += Math.min(room, lines.length) * lineHeight + gap;
        lines = lines.slice(room);
      }
      // Its photos after the last line, on the next page when this one has no room for them.
      if (fits && row.height) {
        if (top + row.height > bottom) fits = nextPage();
        if (fits) {
          placePhotos(row, top);
          top += row.height + gap;
        }
      }
    }
    if (!fits) {
      // Undo any part of this signature already placed: a message is on the card whole or not at all.
      pages.length = mark.page;
      pages[mark.page - 1].length = mark.objects;
      top = mark.top;
      break;
    }
    placed++;
  }
  return { pages, placed };
}

/**
 * Lays the signatures out on the inside pages (and extra pages if needed) of a card `page` units in
 * size, printed `page.trimWidthMm` wide (A5's scale when not given).
 */
export function layoutSignatures(
  signatures: SignatureForLayout[],
  page: { width: number; height: number; trimWidthMm?: number },
): SignatureLayout {
  const frame = { width: page.width, height: page.height, margin: Math.round(page.width * 0.08) };
  const { max, min } = fontSizes(page.width, page.trimWidthMm);
  const result = (pages: CanvasObject[][], fontSize: number, placed: number): SignatureLayout => ({
    inside_right: pages[0] ?? [],
    inside_left: pages[1] ?? [],
    extra: pages.slice(INSIDE_PAGES).filter((p) => p.length),
    fontSize,
    leftOff: signatures.length - placed,
  });
  for (let fontSize = max; fontSize >= min; fontSize--) {
    const { pages, placed } = flow(signatures, frame, fontSize, INSIDE_PAGES);
    if (placed === signatures.length) return result(pages, fontSize, placed);
  }
  // More than the inside holds at the smallest readable size: go on onto extra pages at that size. On a
  // small product that can run past the most extra pages; then smaller type, down to A5's minimum in
  // canvas units (what every product printed before sizes were scaled), rather than leaving anyone off.
  const floor = Math.min(min, MIN_FONT);
  for (let fontSize = min; ; fontSize--) {
    const { pages, placed } = flow(signatures, frame, fontSize, INSIDE_PAGES + MAX_EXTRA_PAGES);
    if (placed === signatures.length || fontSize <= floor) return result(pages, fontSize, placed);
  }
}
