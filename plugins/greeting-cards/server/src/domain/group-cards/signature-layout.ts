// Where a group card's signatures go: pure, so the e-card view, the print PDF and the printer's PDF
// all draw the same layout through the one renderer (the signatures become text objects on the inside
// pages of the card's design). Messages flow down the inside right page, then the inside left, in the
// organiser's order, at the largest size that fits, never smaller than MIN_FONT (readable in print).

import type { CanvasObject } from '../canvas-data';

export interface SignatureForLayout {
  display_name: string;
  message: string;
  colour?: string | null;
  font?: string | null;
  emoji?: string | null;
}

export interface SignatureLayout {
  inside_right: CanvasObject[];
  inside_left: CanvasObject[];
  fontSize: number;
  /** Signatures that did not fit even at MIN_FONT (left off; the organiser is told). */
  leftOff: number;
}

// Canvas units: an A5 page is 600 wide for 148 mm, so 14 units is about 3.5 mm (10 pt) of type.
export const MAX_FONT = 24;
export const MIN_FONT = 14;
const LINE_HEIGHT = 1.25;
const CHAR_WIDTH = 0.52; // average glyph width in ems, generous for the curated handwriting fonts

/** Lines a text takes in a column `width` wide at `fontSize`, wrapping words. */
export function linesFor(text: string, width: number, fontSize: number): number {
  const perLine = Math.max(8, Math.floor(width / (fontSize * CHAR_WIDTH)));
  return text.split('\n').reduce((sum, para) => sum + Math.max(1, Math.ceil(para.length / perLine)), 0);
}

const blockText = (s: SignatureForLayout) => `${s.emoji ? `${s.emoji} ` : ''}${s.message}\n— ${s.display_name}`;

function flow(signatures: SignatureForLayout[], page: { width: number; height: number }, margin: number, fontSize: number) {
  const width = page.width - 2 * margin;
  const gap = fontSize * 0.9;
  const pages: CanvasObject[][] = [[], []];
  let pageIndex = 0;
  let top = margin;
  let placed = 0;
  for (const s of signatures) {
    const text = blockText(s);
    const height = linesFor(text, width, fontSize) * fontSize * LINE_HEIGHT;
    if (top + height > page.height - margin) {
      if (pageIndex === 1) break;
      pageIndex = 1;
      top = margin;
      if (top + height > page.height - margin) break;
    }
    pages[pageIndex].push({
      type: 'textbox', left: margin, top, width, text, fontSize, lineHeight: LINE_HEIGHT, textAlign: 'left',
      fill: s.colour || '#222222', fontFamily: s.font || 'Roboto',
    });
    top += height + gap;
    placed++;
  }
  return { pages, placed };
}

/** Lays the signatures out on the inside pages of a card `page` units in size. */
export function layoutSignatures(signatures: SignatureForLayout[], page: { width: number; height: number }): SignatureLayout {
  const margin = Math.round(page.width * 0.08);
  for (let fontSize = MAX_FONT; fontSize >= MIN_FONT; fontSize--) {
    const { pages, placed } = flow(signatures, page, margin, fontSize);
    if (placed === signatures.length || fontSize === MIN_FONT) {
      return { inside_right: pages[0], inside_left: pages[1], fontSize, leftOff: signatures.length - placed };
    }
  }
  /* istanbul ignore next: the loop always returns at MIN_FONT */
  return { inside_right: [], inside_left: [], fontSize: MIN_FONT, leftOff: signatures.length };
}
