// VAT on an order's lines. Pure; money in integer minor units, rates in basis points (2000 = 20%).
//
// The rule (docs/invoices.md):
// - Which country's rate: a posted card is goods, taxed where it is delivered (the recipient's country);
//   an e-card or a print-at-home PDF is an electronically supplied service, taxed where the consumer
//   belongs (the buyer's country as their details give it, else the shop's own country).
// - Per line: an order's discount is first spread over its lines (lineShares: largest remainder), then
//   each line's VAT is rounded half up to a whole minor unit on its own; the totals are the sums of the
//   lines, so the invoice's lines always add up to its totals.
// - Prices entered gross (VAT included, the default): VAT = gross x rate / (10000 + rate), net = gross - VAT,
//   and the buyer pays what the shop shows. Prices entered net: VAT = net x rate / 10000 on top.
import { lineShares } from '../../rules/refund-shares';

export type VatRates = Record<string, number>;

/** "GB:2000,DE:1900" (or a JSON object {"GB":2000}) into a map by upper-case country code; throws with a message. */
export function parseVatRates(raw: string): VatRates {
  const text = raw.trim();
  if (!text) return {};
  let entries: Array<[string, unknown]>;
  if (text.startsWith('{')) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new Error(`expected GB:2000,DE:1900 or {"GB":2000}, got "${raw}"`);
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('expected a JSON object');
    entries = Object.entries(value);
  } else {
    entries = text
      .split(',')
      .filter((part) => part.trim() !== '')
      .map((part) => {
        const [country, rate, ...rest] = part.split(':').map((s) => s.trim());
        if (rest.length || rate === undefined) throw new Error(`expected COUNTRY:basis_points, got "${part.trim()}"`);
        return [country, rate];
      });
  }
  const rates: VatRates = {};
  for (const [country, rate] of entries) {
    if (!/^[A-Za-z]{2}$/.test(country)) throw new Error(`"${country}" is not a two-letter country code`);
    const bp = typeof rate === 'number' ? rate : /^\d+$/.test(String(rate)) ? Number(rate) : NaN;
    if (!Number.isInteger(bp) || bp < 0 || bp > 10000)
      throw new Error(`the rate of ${country} must be whole basis points from 0 to 10000, got "${String(rate)}"`);
    rates[country.toUpperCase()] = bp;
  }
  return rates;
}

/** The rate of a country, else the default rate. */
export const rateFor = (country: string | null | undefined, rates: VatRates, defaultRate: number): number => {
  const code = (country ?? '').trim().toUpperCase();
  return code && Object.prototype.hasOwnProperty.call(rates, code) ? rates[code] : defaultRate;
};

/** The country whose VAT applies to a line (see the rule above). */
export function placeOfSupply(
  method: string,
  recipientCountry: string | null | undefined,
  buyerCountry: string | null | undefined,
  homeCountry: string,
): string {
  const clean = (c: string | null | undefined) => (c ?? '').trim().toUpperCase() || null;
  if (method === 'post') return clean(recipientCountry) ?? clean(buyerCountry) ?? clean(homeCountry)!;
  return clean(buyerCountry) ?? clean(homeCountry)!;
}

/** a x b / c rounded half up, exactly (BigInt), for non-negative integers. */
function mulDivRound(a: number, b: number, c: number): number {
  if (c <= 0) return 0;
  const n = BigInt(a) * BigInt(b);
  const d = BigInt(c);
  return Number((n * 2n + d) / (2n * d));
}

export interface VatAmounts {
  net: number;
  vat: number;
  gross: number;
}

/** One amount at one rate. `amount` is gross when pricesIncludeVat, else net. */
export function vatOf(amount: number, rateBp: number, pricesIncludeVat: boolean): VatAmounts {
  const a = Math.max(0, Math.floor(amount));
  const rate = Math.max(0, Math.floor(rateBp));
  if (pricesIncludeVat) {
    const vat = mulDivRound(a, rate, 10000 + rate);
    return { net: a - vat, vat, gross: a };
  }
  const vat = mulDivRound(a, rate, 10000);
  return { net: a, vat, gross: a + vat };
}

export interface VatLineInput {
  /** The line's price as entered (gross or net, as the shop's prices are), before the order's discount. */
  amount: number;
  rateBp: number;
}

export interface VatLine extends VatAmounts {
  rateBp: number;
}

export interface VatBreakdown {
  lines: VatLine[];
  totals: VatAmounts;
}

/**
 * Every line's net, VAT and gross after the order's discount, rounded per line; totals are the lines' sums.
 * `discount` is in the same terms as the amounts (gross or net).
 */
export function vatBreakdown(lines: VatLineInput[], discount: number, pricesIncludeVat: boolean): VatBreakdown {
  const amounts = lines.map((l) => Math.max(0, Math.floor(l.amount)));
  const subtotal = amounts.reduce((s, a) => s + a, 0);
  const payable = Math.max(0, subtotal - Math.max(0, Math.floor(discount)));
  const shares = lineShares(payable, amounts);
  const out = lines.map((l, i) => ({ ...vatOf(shares[i], l.rateBp, pricesIncludeVat), rateBp: l.rateBp }));
  return { lines: out, totals: sumOf(out) };
}

/**
 * A VAT total someone else decided (Stripe Tax) over lines whose gross amounts are known: spread in
 * proportion to the gross (largest remainder), so the lines still add up; each line's rate is then the
 * effective one, rounded to a basis point.
 */
export function spreadVat(grosses: number[], totalVat: number): VatBreakdown {
  const g = grosses.map((a) => Math.max(0, Math.floor(a)));
  const vats = lineShares(Math.max(0, Math.floor(totalVat)), g);
  const out = g.map((gross, i) => {
    const net = gross - vats[i];
    return { net, vat: vats[i], gross, rateBp: net > 0 ? mulDivRound(vats[i], 10000, net) : 0 };
  });
  return { lines: out, totals: sumOf(out) };
}

/** A part of an invoice given back (a credit note): the line's own amounts scaled to `refund`, rounded once. */
export function creditOf(line: VatLine, refund: number): VatLine {
  const gross = Math.max(0, Math.min(Math.floor(refund), line.gross));
  const vat = line.gross > 0 ? mulDivRound(gross, line.vat, line.gross) : 0;
  return { net: gross - vat, vat, gross, rateBp: line.rateBp };
}

export const sumOf = (lines: VatAmounts[]): VatAmounts =>
  lines.reduce((t, l) => ({ net: t.net + l.net, vat: t.vat + l.vat, gross: t.gross + l.gross }), {
    net: 0,
    vat: 0,
    gross: 0,
  });
