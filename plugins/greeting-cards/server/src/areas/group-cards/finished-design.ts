import type { Row } from '../../platform/db/query';
import { productOf } from '../../platform/designs/print-products/products';
import { layoutSignatures } from './rules/signature-layout';
import { shownPhotos } from './rules/signature-photos';

/**
 * The card's design with the visible signatures laid out on its inside pages (after what is there) and,
 * when there are many, on extra pages after them (white, signatures only). `extraPages` says how many.
 * The card's inside message goes first in the same flow, so it never sits over the signatures: the
 * renderer centres an inside message on the inside right, where the signatures start. `insideMessage`
 * is then empty (the sent card's message is in its design).
 */
export function finishedDesign(
  card: Row,
  visible: Row[],
): { canvas: Record<string, unknown>; leftOff: number; extraPages: number; insideMessage: string } {
  const design = (card.canvas_data && typeof card.canvas_data === 'object' ? card.canvas_data : {}) as Record<
    string,
    unknown
  >;
  const product = productOf(card.product);
  const fallback = product.canvas;
  // The trim's width in mm keeps the type the same size on paper whatever the product (A6 scales it up).
  const size = {
    width: Number(design.width) || fallback.width,
    height: Number(design.height) || fallback.height,
    trimWidthMm: product.trimMm.width,
  };
  const message = typeof card.inside_message === 'string' ? card.inside_message.trim() : '';
  const signatures = visible.map((s) => ({
    display_name: s.display_name,
    message: s.message,
    colour: s.colour,
    font: s.font,
    emoji: s.sticker?.emoji ?? null,
    // Photos the organiser hid stay off the card.
    photos: shownPhotos(s).map((p) => ({ src: p.url, width: p.width, height: p.height })),
  }));
  // With no signatures shown, the card is as designed: the message stays the renderer's to place.
  const lead = message && signatures.length ? [{ display_name: '', message }] : [];
  const layout = layoutSignatures([...lead, ...signatures], size);
  const pages = (design.pages && typeof design.pages === 'object' ? design.pages : {}) as Record<
    string,
    Record<string, unknown>
  >;
  const withPage = (name: 'inside_left' | 'inside_right', objects: unknown[]) => {
    const own = pages[name] ?? {};
    return {
      ...own,
      background: own.background ?? '#FFFFFF',
      objects: [...(Array.isArray(own.objects) ? own.objects : []), ...objects],
    };
  };
  const extra = layout.extra.map((objects) => ({ background: '#FFFFFF', objects }));
  return {
    canvas: {
      ...design,
      pages: {
        ...pages,
        inside_right: withPage('inside_right', layout.inside_right),
        inside_left: withPage('inside_left', layout.inside_left),
        ...(extra.length ? { extra } : {}),
      },
    },
    leftOff: layout.leftOff,
    extraPages: extra.length,
    insideMessage: lead.length ? '' : message,
  };
}
