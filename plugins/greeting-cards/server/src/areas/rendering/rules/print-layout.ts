// The print-at-home layout of a folded card: its flat sheet (the product's, see
// platform/designs/print-products/products.ts; A5 is A4 landscape, as it always was), two sheets:
//   page 1 (outside): back panel on the left (its design, if any, and the shop's small print),
//                     the design's front on the right;
//   page 2 (inside):  inside left (blank or designed), inside right (its design, if any, and the
//                     inside message, wrapped and centred);
//   pages 3...:       only for a card with extra pages (a large group card): insert sheets, two extra
//                     pages side by side on each, in order, to print, fold and lay inside the card.
// With crop marks on, each page grows by the product's bleed on every side (A5: 303 x 216 mm): the
// panels' backgrounds run into the bleed, the design stays inside the trim box, and short marks are
// drawn in the bleed at the trim corners and at the fold, stopping short of the trim so none survive
// cutting. The printer's PDF (one page per card page, no marks) is printer-layout.ts.
import type { PageSizeMm } from '../../../platform/providers/renderer/types';
import { productOf, type Product } from '../../../platform/designs/print-products/products';
import { replaceEmoji } from './emoji';
import { QR_CSS } from './message-qr';

export const A4_LANDSCAPE: PageSizeMm = { widthMm: 297, heightMm: 210 };
const MARK_GAP_MM = 0.5;

/** One drawn page: its sanitised SVG and the background colour that fills around it (bleed, slivers). */
export interface DrawnPage {
  svg: string;
  background: string;
}

export interface PrintLayoutInput {
  /** The design's front, already sanitised SVG markup. */
  frontSvg: string;
  /** Background colour of the design, used to fill the bleed around the front. */
  frontBackground: string;
  insideMessage: string;
  cropMarks: boolean;
  brandText: string;
  /** PNG data URLs of emoji drawn from the colour emoji font, keyed by the emoji. */
  emojiImages?: Record<string, string>;
  /** Product code (default the legacy A5). */
  product?: string;
  /** The inner pages that have a design of their own; the others are blank as before pages existed. */
  pages?: { inside_left?: DrawnPage; inside_right?: DrawnPage; back?: DrawnPage };
  /** The card's extra pages, in order (canvas_data.pages.extra); most cards have none. */
  extra?: DrawnPage[];
  /** The message QR block for the back (message-qr.ts), when the card has a video or voice message. */
  qrHtml?: string;
}

export function printPageSize(cropMarks: boolean, product?: string): PageSizeMm {
  const p = productOf(product);
  const bleed = cropMarks ? p.bleedMm : 0;
  return { widthMm: p.homeSheetMm.width + 2 * bleed, heightMm: p.homeSheetMm.height + 2 * bleed };
}

export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Longer messages get a smaller type size so they still fit the panel. */
export function messageFontSizePt(message: string): number {
  const n = message.length;
  if (n <= 80) return 22;
  if (n <= 200) return 17;
  if (n <= 500) return 13.5;
  if (n <= 1200) return 11;
  return 9;
}

function cropMarksSvg(size: PageSizeMm, b: number): string {
  const { widthMm: w, heightMm: h } = size;
  const stop = b - MARK_GAP_MM;
  const lines: string[] = [];
  for (const y of [b, h - b]) {
    lines.push(
      `<line x1="0" y1="${y}" x2="${stop}" y2="${y}"/>`,
      `<line x1="${w - stop}" y1="${y}" x2="${w}" y2="${y}"/>`,
    );
  }
  for (const x of [b, w / 2, w - b]) {
    lines.push(
      `<line x1="${x}" y1="0" x2="${x}" y2="${stop}"/>`,
      `<line x1="${x}" y1="${h - stop}" x2="${x}" y2="${h}"/>`,
    );
  }
  return `<svg class="marks" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}mm" height="${h}mm"><g stroke="#000" stroke-width="0.1">${lines.join('')}</g></svg>`;
}

export function messageHtml(message: string, images: Record<string, string>): string {
  return replaceEmoji(message, escapeHtml, (e) =>
    images[e] && /^data:image\/png;base64,[A-Za-z0-9+/=]+$/.test(images[e])
      ? `<img class="emoji" alt="${escapeHtml(e)}" src="${images[e]}">`
      : escapeHtml(e),
  );
}

// The print document is only ever drawn by our own Chromium: no script may run in it and nothing
// may load from anywhere but inline data and our uploads, whatever a design holds.
export const PRINT_CSP =
  "default-src 'none'; script-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:";

export const mm = (n: number) => `${Number(n.toFixed(3))}mm`;

/** The style sheet's head shared by both print documents: CSP, fonts, message and small print. */
export function printHead(size: PageSizeMm, message: string, extraCss: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${PRINT_CSP}"><link rel="stylesheet" href="/static/fonts/fonts.css"><style>
@page { size: ${mm(size.widthMm)} ${mm(size.heightMm)}; margin: 0; }
html, body { margin: 0; padding: 0; }
.page { position: relative; width: ${mm(size.widthMm)}; height: ${mm(size.heightMm)}; overflow: hidden; break-after: page; }
.page:last-child { break-after: auto; }
.art svg { display: block; width: 100%; height: 100%; }
.brand { position: absolute; left: 0; right: 0; bottom: 16mm; text-align: center; color: #8a8a8a;
  font: 8pt 'DejaVu Sans', 'Liberation Sans', sans-serif; letter-spacing: 0.08em; }
.message { display: flex; align-items: center; justify-content: center; box-sizing: border-box; padding: 20mm 16mm; }
.message p { margin: 0; text-align: center; white-space: pre-wrap; overflow-wrap: anywhere; color: #2b2b2b;
  font: italic ${messageFontSizePt(message)}pt/1.45 'Georgia', 'DejaVu Serif', 'Liberation Serif', serif, 'Noto Color Emoji'; }
.message img.emoji { height: 1.2em; width: 1.2em; vertical-align: -0.25em; }
${extraCss}
</style></head><body>`;
}

/** What goes on one panel or page inside its trim box: the page's art, then its words on top. */
export function pageContent(art: DrawnPage | undefined, words: string): string {
  return `${art ? `<div class="art layer">${art.svg}</div>` : ''}${words}`;
}

export const backWords = (brandText: string, qrHtml = '') =>
  `${qrHtml}<div class="brand">${escapeHtml(brandText)}</div>`;
export const messageWords = (message: string, images: Record<string, string>) =>
  message ? `<div class="layer message"><p>${messageHtml(message, images)}</p></div>` : '';
const background = (page: DrawnPage | undefined) => (page ? ` style="background: ${escapeHtml(page.background)}"` : '');

/** Sheets after the inside for extra pages: two to a sheet, the last one's right half blank if odd. */
function insertSheets(extra: DrawnPage[], marks: string): string {
  let html = '';
  for (let i = 0; i < extra.length; i += 2) {
    const [left, right] = [extra[i], extra[i + 1]];
    html += `
<section class="page insert">
  <div class="panel left"${background(left)}><div class="trim">${pageContent(left, '')}</div></div>
  <div class="panel right"${background(right)}><div class="trim">${pageContent(right, '')}</div></div>
  ${marks}
</section>`;
  }
  return html;
}

export function cardPrintHtml(input: PrintLayoutInput): string {
  const product: Product = productOf(input.product);
  const size = printPageSize(input.cropMarks, input.product);
  const b = input.cropMarks ? product.bleedMm : 0;
  const panel = { width: product.homeSheetMm.width / 2, height: product.homeSheetMm.height };
  const marks = input.cropMarks ? cropMarksSvg(size, b) : '';
  const message = input.insideMessage.trim();
  const pages = input.pages ?? {};
  const front: DrawnPage = { svg: input.frontSvg, background: input.frontBackground };
  const css = `.panel { position: absolute; top: 0; height: ${mm(size.heightMm)}; background: #fff; }
.left { left: 0; width: ${mm(b + panel.width)}; }
.right { left: ${mm(b + panel.width)}; width: ${mm(b + panel.width)}; }
.trim { position: absolute; top: ${mm(b)}; width: ${mm(panel.width)}; height: ${mm(panel.height)}; }
.left .trim { left: ${mm(b)}; }
.right .trim { left: 0; }
.layer { position: absolute; inset: 0; }
.message.layer { display: flex; }
.marks { position: absolute; left: 0; top: 0; }
${input.qrHtml ? QR_CSS : ''}`;
  return `${printHead(size, message, css)}
<section class="page outside">
  <div class="panel left back"${background(pages.back)}><div class="trim">${pageContent(pages.back, backWords(input.brandText, input.qrHtml))}</div></div>
  <div class="panel right front"${background(front)}><div class="trim">${pageContent(front, '')}</div></div>
  ${marks}
</section>
<section class="page inside">
  <div class="panel left"${background(pages.inside_left)}><div class="trim">${pageContent(pages.inside_left, '')}</div></div>
  <div class="panel right"${background(pages.inside_right)}><div class="trim">${pageContent(pages.inside_right, messageWords(message, input.emojiImages ?? {}))}</div></div>
  ${marks}
</section>${insertSheets(input.extra ?? [], marks)}
</body></html>`;
}
