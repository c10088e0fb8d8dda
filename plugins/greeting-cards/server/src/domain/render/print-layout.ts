// The print-ready layout of a folded A5 card on two A4 landscape pages:
//   page 1 (outside): back panel on the left (small service mark), the design's front on the right;
//   page 2 (inside):  left panel blank, right panel with the inside message, wrapped and centred.
// With crop marks on, each page grows by a 3 mm bleed on every side (303 x 216 mm): the panels'
// backgrounds run into the bleed, the design stays inside the trim box, and short marks are drawn in
// the bleed at the trim corners and at the fold, stopping short of the trim so none survive cutting.
import type { PageSizeMm } from '../../providers/renderer/types';
import { replaceEmoji } from './emoji';

export const A4_LANDSCAPE: PageSizeMm = { widthMm: 297, heightMm: 210 };
export const BLEED_MM = 3;
const PANEL_MM = A4_LANDSCAPE.widthMm / 2; // 148.5 mm, a folded A5 card (148 mm) with half a mm to spare
const MARK_GAP_MM = 0.5;

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
}

export function printPageSize(cropMarks: boolean): PageSizeMm {
  const bleed = cropMarks ? BLEED_MM : 0;
  return { widthMm: A4_LANDSCAPE.widthMm + 2 * bleed, heightMm: A4_LANDSCAPE.heightMm + 2 * bleed };
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

function cropMarksSvg(size: PageSizeMm): string {
  const b = BLEED_MM;
  const { widthMm: w, heightMm: h } = size;
  const stop = b - MARK_GAP_MM;
  const lines: string[] = [];
  for (const y of [b, h - b]) {
    lines.push(`<line x1="0" y1="${y}" x2="${stop}" y2="${y}"/>`, `<line x1="${w - stop}" y1="${y}" x2="${w}" y2="${y}"/>`);
  }
  for (const x of [b, w / 2, w - b]) {
    lines.push(`<line x1="${x}" y1="0" x2="${x}" y2="${stop}"/>`, `<line x1="${x}" y1="${h - stop}" x2="${x}" y2="${h}"/>`);
  }
  return `<svg class="marks" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}mm" height="${h}mm"><g stroke="#000" stroke-width="0.1">${lines.join('')}</g></svg>`;
}

function messageHtml(message: string, images: Record<string, string>): string {
  return replaceEmoji(message, escapeHtml, (e) => (images[e] && /^data:image\/png;base64,[A-Za-z0-9+/=]+$/.test(images[e])
    ? `<img class="emoji" alt="${escapeHtml(e)}" src="${images[e]}">`
    : escapeHtml(e)));
}

// The print document is only ever drawn by our own Chromium: no script may run in it and nothing
// may load from anywhere but inline data and our uploads, whatever a design holds.
export const PRINT_CSP = "default-src 'none'; script-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:";

export function cardPrintHtml(input: PrintLayoutInput): string {
  const size = printPageSize(input.cropMarks);
  const b = input.cropMarks ? BLEED_MM : 0;
  const marks = input.cropMarks ? cropMarksSvg(size) : '';
  const mm = (n: number) => `${Number(n.toFixed(3))}mm`;
  const message = input.insideMessage.trim();
  return `<!doctype html>
<html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${PRINT_CSP}"><link rel="stylesheet" href="/static/fonts/fonts.css"><style>
@page { size: ${mm(size.widthMm)} ${mm(size.heightMm)}; margin: 0; }
html, body { margin: 0; padding: 0; }
.page { position: relative; width: ${mm(size.widthMm)}; height: ${mm(size.heightMm)}; overflow: hidden; break-after: page; }
.page:last-child { break-after: auto; }
.panel { position: absolute; top: 0; height: ${mm(size.heightMm)}; background: #fff; }
.left { left: 0; width: ${mm(b + PANEL_MM)}; }
.right { left: ${mm(b + PANEL_MM)}; width: ${mm(b + PANEL_MM)}; }
.trim { position: absolute; top: ${mm(b)}; width: ${mm(PANEL_MM)}; height: ${mm(A4_LANDSCAPE.heightMm)}; }
.left .trim { left: ${mm(b)}; }
.right .trim { left: 0; }
.front svg { display: block; width: 100%; height: 100%; }
.brand { position: absolute; left: 0; right: 0; bottom: 16mm; text-align: center; color: #8a8a8a;
  font: 8pt 'DejaVu Sans', 'Liberation Sans', sans-serif; letter-spacing: 0.08em; }
.message { display: flex; align-items: center; justify-content: center; box-sizing: border-box; padding: 20mm 16mm; }
.message p { margin: 0; text-align: center; white-space: pre-wrap; overflow-wrap: anywhere; color: #2b2b2b;
  font: italic ${messageFontSizePt(message)}pt/1.45 'Georgia', 'DejaVu Serif', 'Liberation Serif', serif, 'Noto Color Emoji'; }
.message img.emoji { height: 1.2em; width: 1.2em; vertical-align: -0.25em; }
.marks { position: absolute; left: 0; top: 0; }
</style></head><body>
<section class="page outside">
  <div class="panel left back"><div class="trim"><div class="brand">${escapeHtml(input.brandText)}</div></div></div>
  <div class="panel right front" style="background: ${escapeHtml(input.frontBackground)}"><div class="trim">${input.frontSvg}</div></div>
  ${marks}
</section>
<section class="page inside">
  <div class="panel left"></div>
  <div class="panel right"><div class="trim message"><p>${messageHtml(message, input.emojiImages ?? {})}</p></div></div>
  ${marks}
</section>
</body></html>`;
}
