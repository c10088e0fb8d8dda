import type { DeliveryMethod } from '../../../platform/enums';

// Prices are integer pence and come from settings and the catalogue, never from the client.
export interface PriceList {
  ecardPrice: number;
  postedCardPrice: number;
  printPrice: number;
  giftWrapPrice: number;
}

export interface LineInput {
  delivery_method: DeliveryMethod;
  gift_wrap: boolean;
  /** Price of the chosen gift add-on, or null when none. */
  gift_addon_price_pence: number | null;
  /** What the card's video or voice message adds to the line (messageAddOn's pence; 0 or absent: nothing). */
  media_message_pence?: number;
}

export { messageAddOn, type MessageAddOn } from '../../../platform/pricing/message-add-on';

export interface LinePrice {
  unit_price_pence: number;
  line_total_pence: number;
}

export function basePrice(method: DeliveryMethod, prices: PriceList): number {
  switch (method) {
    case 'ecard':
      return prices.ecardPrice;
    case 'post':
      return prices.postedCardPrice;
    case 'print':
      return prices.printPrice;
  }
}

/**
 * The card itself is the unit price; gift wrap and the add-on (posted cards only) add to the line, and so
 * does the card's video or voice message (any method: an e-card plays it, a printed card links to it).
 */
export function priceLine(line: LineInput, prices: PriceList): LinePrice {
  const unit = basePrice(line.delivery_method, prices);
  const extras =
    (line.delivery_method === 'post'
      ? (line.gift_wrap ? prices.giftWrapPrice : 0) + (line.gift_addon_price_pence ?? 0)
      : 0) + Math.max(0, line.media_message_pence ?? 0);
  return { unit_price_pence: unit, line_total_pence: unit + extras };
}

export interface Totals {
  subtotal_pence: number;
  discount_pence: number;
  total_pence: number;
}

/** A discount never exceeds the subtotal, and is never negative. */
export function orderTotals(lineTotals: number[], discount = 0): Totals {
  const subtotal = lineTotals.reduce((sum, n) => sum + n, 0);
  const applied = Math.max(0, Math.min(Math.floor(discount), subtotal));
  return { subtotal_pence: subtotal, discount_pence: applied, total_pence: subtotal - applied };
}
