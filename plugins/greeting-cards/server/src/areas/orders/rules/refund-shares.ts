// What each line of an order paid, and what a cancelled line may give back. Pure; integer pence.
//
// The rule (docs/orders.md, "Refunds"): an order's discount (a promo code, or anything else that makes
// the paid total less than the lines' sum) is spread over every line in proportion to its undiscounted
// line total. Each line's exact share, paid x line / subtotal, is rounded down, and the pennies left over
// go one each to the lines with the largest remainders (the largest-remainder method; equal remainders:
// the earlier line first). The shares are whole pence, never more than their line, and add up to
// exactly what was paid. A cancelled line gives back its share less what it got back already, and never
// more than the order still holds, so the refunds of an order can never add up to more than its payment.

/** A line of the order: its undiscounted total as frozen at checkout, and what was given back for it so far. */
export interface RefundLine {
  id: number;
  line_total_pence: number;
  refunded_pence?: number;
}

const pence = (n: unknown) => {
  const v = Math.floor(Number(n));
  return Number.isFinite(v) && v > 0 ? v : 0;
};

/**
 * Each line's share of `paidPence`, in the order given (callers give lines in id order, so the
 * tie-break does not depend on how a query happened to return them). The sum is exactly the paid total, capped at the lines' sum (a paid total above it would
 * be a bug upstream; nobody is given more than a line cost).
 */
export function lineShares(paidPence: number, lineTotals: number[]): number[] {
  const totals = lineTotals.map(pence);
  const subtotal = totals.reduce((sum, n) => sum + n, 0);
  const paid = Math.min(pence(paidPence), subtotal);
  if (!subtotal || !paid) return totals.map(() => 0);
  // BigInt keeps paid x line exact however large an order grows.
  const big = BigInt(paid);
  const whole = totals.map((t) => BigInt(t) * big);
  const shares = whole.map((w) => Number(w / BigInt(subtotal)));
  const remainders = whole.map((w, index) => ({ index, rest: w % BigInt(subtotal) }));
  let left = paid - shares.reduce((sum, n) => sum + n, 0);
  remainders.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index } of remainders) {
    if (left <= 0) break;
    shares[index] += 1;
    left -= 1;
  }
  return shares;
}

/**
 * What cancelling line `lineId` gives back now (lines in any order; shares are taken in id order): its
 * share of the payment less what it got already,
 * capped by what the order still holds (paid less every refund so far). 0 when nothing is owed: an
 * unknown line, a free one, one refunded before, or an order given back in full.
 */
export function refundDue(paidPence: number, lines: RefundLine[], lineId: number): number {
  const byId = [...lines].sort((a, b) => a.id - b.id);
  const index = byId.findIndex((l) => l.id === lineId);
  if (index < 0) return 0;
  const share = lineShares(
    paidPence,
    byId.map((l) => l.line_total_pence),
  )[index];
  const given = lines.reduce((sum, l) => sum + pence(l.refunded_pence), 0);
  const stillHeld = Math.max(0, pence(paidPence) - given);
  return Math.max(0, Math.min(share - pence(byId[index].refunded_pence), stillHeld));
}

/**
 * What refunding the shipping of line `lineId` gives back (a late posted card, issue 44): the part of the
 * line's share of the payment that paid for its shipping (share x shipping / line total, rounded down, so
 * an order's discount is spread over the shipping as over the rest of the line), never more than the
 * shipping cost, nor than the line's refund due (refundDue above). 0 when nothing was paid for shipping.
 */
export function shippingRefundDue(
  paidPence: number,
  lines: RefundLine[],
  lineId: number,
  shippingPence: number,
): number {
  const shipping = pence(shippingPence);
  const byId = [...lines].sort((a, b) => a.id - b.id);
  const index = byId.findIndex((l) => l.id === lineId);
  if (index < 0 || !shipping) return 0;
  const lineTotal = pence(byId[index].line_total_pence);
  if (!lineTotal) return 0;
  const share = lineShares(
    paidPence,
    byId.map((l) => l.line_total_pence),
  )[index];
  const paidForShipping = Number((BigInt(share) * BigInt(Math.min(shipping, lineTotal))) / BigInt(lineTotal));
  return Math.max(0, Math.min(paidForShipping, shipping, refundDue(paidPence, lines, lineId)));
}
