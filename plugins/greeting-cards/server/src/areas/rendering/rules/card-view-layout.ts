// The e-card view page lays the card's pages out at screen size, but the inside message must sit on
// the inside right as it does on paper (print-layout.ts): the same type size and padding, expressed
// as a share of the page's width (CSS container units), so it wraps where the PDF wraps. Pure.
import { productOf, effectiveProductCode } from '../../../platform/designs/print-products/products';
import { messageFontSizePt } from './print-layout';

const PT_TO_MM = 25.4 / 72;
/** The print layout's message padding (print-layout.ts: 20 mm top and bottom, 16 mm at the sides). */
const PADDING_MM = { block: 20, inline: 16 };

export interface CardViewLayout {
  /** CSS aspect-ratio of one page: the design's canvas (it follows the product). */
  aspect: string;
  /** Inline style of the message layer: type size and padding in container-width units. */
  messageStyle: string;
}

const round = (n: number) => Number(n.toFixed(4));

export function cardViewLayout(canvasData: unknown, message: string, product?: unknown): CardViewLayout {
  const data = (canvasData && typeof canvasData === 'object' ? canvasData : {}) as {
    width?: unknown;
    height?: unknown;
  };
  const trim = productOf(effectiveProductCode(product)).trimMm;
  const width = Number(data.width) > 0 ? Number(data.width) : trim.width;
  const height = Number(data.height) > 0 ? Number(data.height) : trim.height;
  const share = (mm: number) => `${round((mm / trim.width) * 100)}cqw`;
  return {
    aspect: `${round(width)} / ${round(height)}`,
    messageStyle: `font-size: ${share(messageFontSizePt(message) * PT_TO_MM)}; padding: ${share(PADDING_MM.block)} ${share(PADDING_MM.inline)}`,
  };
}
