import type { Core } from '@strapi/strapi';
import { UID } from '../../platform/uids';
import { query, type Row } from '../../platform/db/query';
import { getConfig } from '../../platform/config/get-config';
import { getService } from '../../platform/get-service';
import type { OrderView } from './serializer';
import { grossLines, vatOfGrossLines, withVat } from './invoices/order-vat';

// The basket when prices are entered net (SERVICE_PRICES_INCLUDE_VAT=false): a consumer shop shows what
// the buyer will pay, so each line is shown as checkout will charge it, its net price plus its VAT at its
// place of supply, rounded half up per line (invoices/order-vat.ts grossLines, the same function checkout
// freezes with). The promo preview is taken on these gross lines, as checkout takes it. With prices
// entered gross (the default) the cart is returned as it is, with no query.

export interface CartRates {
  /** Per line, in the cart's order: the rate and country its VAT was added at. */
  lines: Array<{ rateBp: number; country: string }>;
}

/** The cart with every line's VAT added (prices entered net), and the rates; gross prices: as it is, null. */
export async function cartWithVat(
  strapi: Core.Strapi,
  userId: number,
  cart: OrderView,
): Promise<{ cart: OrderView; rates: CartRates | null }> {
  const config = getConfig(strapi);
  if (config.pricesIncludeVat || !cart.items.length) return { cart, rates: null };
  const recipientIds = [...new Set(cart.items.map((i) => i.recipient).filter((id): id is number => id !== null))];
  const [buyerCountry, recipients] = await Promise.all([
    getService(strapi, 'invoices').buyerCountry(userId),
    recipientIds.length
      ? (query(strapi, UID.recipient).findMany({
          where: { id: { $in: recipientIds } },
          select: ['id', 'country'],
        }) as Promise<Row[]>)
      : Promise.resolve([] as Row[]),
  ]);
  const countryOf = new Map(recipients.map((r) => [Number(r.id), (r.country as string | null) ?? null]));
  const added = grossLines(
    config,
    cart.items.map((item) => ({
      method: String(item.delivery_method),
      recipientCountry: item.recipient !== null ? (countryOf.get(Number(item.recipient)) ?? null) : null,
      amount: Number(item.line_total_pence ?? 0),
    })),
    buyerCountry,
  );
  const items = cart.items.map((item, i) => ({
    ...item,
    unit_price_pence: withVat(Number(item.unit_price_pence ?? 0), added[i].rateBp),
    line_total_pence: added[i].gross,
  }));
  const subtotal = items.reduce((sum, i) => sum + i.line_total_pence, 0);
  return {
    cart: { ...cart, items, subtotal_pence: subtotal, total_pence: subtotal - Number(cart.discount_pence ?? 0) },
    rates: { lines: added.map((a) => ({ rateBp: a.rateBp, country: a.country })) },
  };
}

/** The VAT in a priced cart's total after `discount`, as checkout will state it (per line, half up). */
export function cartVat(cart: OrderView, rates: CartRates, discount: number): number {
  return vatOfGrossLines(
    cart.items.map((item, i) => ({ amount: Number(item.line_total_pence ?? 0), ...rates.lines[i] })),
    discount,
  ).totals.vat;
}
