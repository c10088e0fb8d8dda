import type { Core } from '@strapi/strapi';
import type { Row } from '../../../platform/db/query';
import { getConfig } from '../../../platform/config/get-config';
import type { PluginConfig } from '../../../platform/config/settings';
import type { ItemSnapshot } from '../serializer';
import { lineShares } from '../rules/refund-shares';
import { parseVatRates, placeOfSupply, rateFor, spreadVat, vatBreakdown, vatOf, type VatLine } from './rules/vat';

export interface OrderVatLine extends VatLine {
  country: string;
}

export interface OrderVat {
  lines: OrderVatLine[];
  totals: { net: number; vat: number; gross: number };
  /** 'stripe' when Stripe Tax decided the amount, else 'rules'. */
  source: 'rules' | 'stripe';
}

interface PricedLine {
  method: string;
  recipientCountry: string | null;
  amount: number;
}

/** Each line's place of supply and rate under the shop's settings (docs/invoices.md). */
export function linesWithRates(config: PluginConfig, lines: PricedLine[], buyerCountry: string) {
  const rates = parseVatRates(config.vatRates);
  return lines.map((line) => {
    const country = placeOfSupply(line.method, line.recipientCountry, buyerCountry, config.vatHomeCountry);
    return { ...line, country, rateBp: rateFor(country, rates, config.vatDefaultRate) };
  });
}

/**
 * Prices entered net (SERVICE_PRICES_INCLUDE_VAT=false): each line priced gross where it is priced, its net
 * price plus its VAT at the line's place of supply, rounded half up per line (docs/invoices.md). Checkout
 * freezes the gross and the rate, so payments, refund shares, Stripe's line amounts and invoices all
 * work on what the buyer pays; the invoice takes the VAT back out of each gross and shows the net as entered.
 */
export function grossLines(config: PluginConfig, lines: PricedLine[], buyerCountry: string) {
  return linesWithRates(config, lines, buyerCountry).map((line) => {
    const { net, vat, gross } = vatOf(line.amount, line.rateBp, false);
    return { country: line.country, rateBp: line.rateBp, net, vat, gross };
  });
}

/** A line's price with its VAT added at `rateBp` (rounded half up), for a unit price shown beside a gross line. */
export const withVat = (net: number, rateBp: number): number => vatOf(net, rateBp, false).gross;

/**
 * What a line's shipping cost the buyer: its price as entered, with the VAT checkout added to the line
 * when prices are entered net (the rate frozen in the snapshot); a late card's shipping refund gives back
 * a share of this, never more than the line's share of the payment (rules/refund-shares.ts).
 */
export function shippingAsCharged(item: { shipping_pence?: unknown; snapshot?: unknown }): number {
  const shipping = Math.max(0, Math.floor(Number(item.shipping_pence ?? 0))) || 0;
  const rate = (item.snapshot as ItemSnapshot | null)?.vat_rate_bp;
  return typeof rate === 'number' ? withVat(shipping, rate) : shipping;
}

/** The VAT in gross amounts (what the buyer pays) after a discount, rounded per line; rates as given. */
export function vatOfGrossLines(
  lines: Array<{ amount: number; rateBp: number; country: string }>,
  discount: number,
): OrderVat {
  const breakdown = vatBreakdown(lines, discount, true);
  return {
    lines: breakdown.lines.map((l, i) => ({ ...l, country: lines[i].country })),
    totals: breakdown.totals,
    source: 'rules',
  };
}

const recipientCountryOf = (item: Row): string | null =>
  (item.snapshot as ItemSnapshot | null)?.recipient?.country ?? item.recipient?.country ?? null;

/**
 * Each frozen line's country and rate: the ones checkout froze in its snapshot (prices entered net),
 * else the shop's rules now.
 */
function ratedItems(config: PluginConfig, items: Row[], buyerCountry: string) {
  const priced = items.map((item) => ({
    method: String(item.delivery_method),
    recipientCountry: recipientCountryOf(item),
    amount: Number(item.line_total_pence ?? 0),
  }));
  return linesWithRates(config, priced, buyerCountry).map((line, i) => {
    const snap = items[i].snapshot as ItemSnapshot | null;
    return typeof snap?.vat_rate_bp === 'number' && typeof snap.vat_country === 'string'
      ? { ...line, rateBp: snap.vat_rate_bp, country: snap.vat_country }
      : line;
  });
}

/**
 * The VAT of an order's lines (frozen at checkout, in id order). Stripe Tax's total, when the payment
 * recorded one, is spread over the lines in proportion to what each paid; otherwise the shop's rules.
 * Frozen line totals are always what the buyer pays (gross): with prices entered net, checkout added
 * each line's VAT before freezing it (grossLines above).
 */
export function orderVat(strapi: Core.Strapi, order: Row, items: Row[], buyerCountry: string): OrderVat {
  const config = getConfig(strapi);
  const sorted = [...items].sort((a, b) => Number(a.id) - Number(b.id));
  const rated = ratedItems(config, sorted, buyerCountry);
  if (order.vat_source === 'stripe' && order.vat_pence !== null && order.vat_pence !== undefined) {
    const grosses = lineShares(
      Number(order.total_pence ?? 0),
      rated.map((p) => p.amount),
    );
    const spread = spreadVat(grosses, Number(order.vat_pence));
    return {
      lines: spread.lines.map((l, i) => ({ ...l, country: rated[i].country })),
      totals: spread.totals,
      source: 'stripe',
    };
  }
  return vatOfGrossLines(rated, Number(order.discount_pence ?? 0));
}
