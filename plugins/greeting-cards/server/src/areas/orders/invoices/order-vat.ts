import type { Core } from '@strapi/strapi';
import type { Row } from '../../../platform/db/query';
import { getConfig } from '../../../platform/config/get-config';
import type { PluginConfig } from '../../../platform/config/settings';
import type { ItemSnapshot } from '../serializer';
import { lineShares } from '../rules/refund-shares';
import { parseVatRates, placeOfSupply, rateFor, spreadVat, vatBreakdown, type VatLine } from './rules/vat';

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

/** VAT of prices as the shop enters them, after a discount (checkout uses it when prices are net). */
export function vatOfLines(
  config: PluginConfig,
  lines: PricedLine[],
  discount: number,
  buyerCountry: string,
): OrderVat {
  const rated = linesWithRates(config, lines, buyerCountry);
  const breakdown = vatBreakdown(rated, discount, config.pricesIncludeVat);
  return {
    lines: breakdown.lines.map((l, i) => ({ ...l, country: rated[i].country })),
    totals: breakdown.totals,
    source: 'rules',
  };
}

const recipientCountryOf = (item: Row): string | null =>
  (item.snapshot as ItemSnapshot | null)?.recipient?.country ?? item.recipient?.country ?? null;

/**
 * The VAT of an order's lines (frozen at checkout, in id order). Stripe Tax's total, when the payment
 * recorded one, is spread over the lines in proportion to what each paid; otherwise the shop's rules.
 */
export function orderVat(strapi: Core.Strapi, order: Row, items: Row[], buyerCountry: string): OrderVat {
  const config = getConfig(strapi);
  const sorted = [...items].sort((a, b) => Number(a.id) - Number(b.id));
  const priced = sorted.map((item) => ({
    method: String(item.delivery_method),
    recipientCountry: recipientCountryOf(item),
    amount: Number(item.line_total_pence ?? 0),
  }));
  if (order.vat_source === 'stripe' && order.vat_pence !== null && order.vat_pence !== undefined) {
    const rated = linesWithRates(config, priced, buyerCountry);
    const grosses = lineShares(
      Number(order.total_pence ?? 0),
      priced.map((p) => p.amount),
    );
    const spread = spreadVat(grosses, Number(order.vat_pence));
    return {
      lines: spread.lines.map((l, i) => ({ ...l, country: rated[i].country })),
      totals: spread.totals,
      source: 'stripe',
    };
  }
  return vatOfLines(config, priced, Number(order.discount_pence ?? 0), buyerCountry);
}
