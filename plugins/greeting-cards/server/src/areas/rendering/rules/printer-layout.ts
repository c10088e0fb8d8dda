// The printer's PDF of a folded card: one page per card page (front, inside left, inside right,
// then any extra pages a large group card has, back), each at the product's trim size plus its bleed on every side, no crop marks: what print
// services ask for. Each page's background colour fills the bleed, its art is drawn at trim size and
// may run on into the bleed (overflow visible), so a photo placed to the edge survives the cut.
// Text stays vector text (the art is Fabric's SVG), photos are the original files (the SVG refers to
// them; Chromium embeds the image it loaded, not a resampled copy).
import type { PageSizeMm } from '../../../platform/providers/renderer/types';
import { PAGE_NAMES, type PageName } from '../../../platform/designs/print-products/pages';
import { productOf } from '../../../platform/designs/print-products/products';
import { QR_CSS } from './message-qr';
import { backWords, escapeHtml, messageWords, mm, pageContent, printHead, type DrawnPage } from './print-layout';

export interface PrinterLayoutInput {
  product?: string;
  /** Every page's art; a page left out is blank white. */
  pages: Partial<Record<PageName, DrawnPage>>;
  /** The card's extra pages, in order, printed after the inside right (canvas_data.pages.extra). */
  extra?: DrawnPage[];
  insideMessage: string;
  brandText: string;
  emojiImages?: Record<string, string>;
  /** The message QR block for the back (message-qr.ts), when the card has a video or voice message. */
  qrHtml?: string;
}

/** One page of the printer's PDF: trim plus bleed on every side. */
export function printerPageSize(product?: string): PageSizeMm {
  const p = productOf(product);
  return { widthMm: p.trimMm.width + 2 * p.bleedMm, heightMm: p.trimMm.height + 2 * p.bleedMm, bleedMm: p.bleedMm };
}

export function printerPdfHtml(input: PrinterLayoutInput): string {
  const product = productOf(input.product);
  const size = printerPageSize(input.product);
  const b = product.bleedMm;
  const message = input.insideMessage.trim();
  const css = `.page { background: #fff; }
.trim { position: absolute; left: ${mm(b)}; top: ${mm(b)}; width: ${mm(product.trimMm.width)}; height: ${mm(product.trimMm.height)}; }
.layer { position: absolute; inset: 0; }
.message.layer { display: flex; }
.art svg { overflow: visible; }
${input.qrHtml ? QR_CSS : ''}`;
  const words: Record<PageName, string> = {
    front: '',
    inside_left: '',
    inside_right: messageWords(message, input.emojiImages ?? {}),
    back: backWords(input.brandText, input.qrHtml),
  };
  const section = (name: string, art: DrawnPage | undefined, text: string) => {
    const style = art ? ` style="background: ${escapeHtml(art.background)}"` : '';
    return `<section class="page ${name}"${style}><div class="trim">${pageContent(art, text)}</div></section>`;
  };
  const pages = PAGE_NAMES.flatMap((name) => [
    ...(name === 'back' ? (input.extra ?? []).map((art, i) => section(`extra extra-${i + 1}`, art, '')) : []),
    section(name, input.pages[name], words[name]),
  ]);
  return `${printHead(size, message, css)}
${pages.join('\n')}
</body></html>`;
}
