import fc from 'fast-check';
import {
  lineShares,
  refundDue,
  type RefundLine,
} from '../../plugins/greeting-cards/server/src/areas/orders/rules/refund-shares';
import { orderTotals, priceLine } from '../../plugins/greeting-cards/server/src/areas/orders/rules/pricing';
import {
  discountFor,
  type PromoDefinition,
} from '../../plugins/greeting-cards/server/src/areas/orders/rules/promo-rules';
import type { DeliveryMethod } from '../../plugins/greeting-cards/server/src/platform/enums';

// Issue 39, finding 1: what a cancelled line gives back is its share of what the order paid, never
// more than the payment, and never twice.

describe("refund shares: each line's part of what was paid", () => {
  it('splits a paid total in proportion to the line totals, the odd pennies to the largest remainders (earlier lines on a tie)', () => {
    // The order: two posted cards, 50 % off, 399 paid.
    expect(lineShares(399, [399, 399])).toEqual([200, 199]);
    expect(lineShares(599, [399, 399, 399])).toEqual([200, 200, 199]);
    // 1000 over 300/200/100: 500, 333.33, 166.67 -> the .67 gets the spare penny.
    expect(lineShares(1000, [600, 400, 200])).toEqual([500, 333, 167]);
    // No discount: every line its own total.
    expect(lineShares(1347, [948, 399, 0])).toEqual([948, 399, 0]);
  });

  it('gives nothing when nothing was paid, and never more than a line cost', () => {
    expect(lineShares(0, [399, 299])).toEqual([0, 0]);
    expect(lineShares(500, [0, 0])).toEqual([0, 0]);
    expect(lineShares(10_000, [399, 299])).toEqual([399, 299]);
    expect(lineShares(100, [])).toEqual([]);
  });

  it('refunds a line its share less what it got, capped by what the order still holds', () => {
    const lines: RefundLine[] = [
      { id: 7, line_total_pence: 399 },
      { id: 9, line_total_pence: 399 },
    ];
    expect(refundDue(399, lines, 7)).toBe(200);
    expect(refundDue(399, [{ ...lines[0], refunded_pence: 200 }, lines[1]], 7)).toBe(0);
    expect(refundDue(399, [{ ...lines[0], refunded_pence: 200 }, lines[1]], 9)).toBe(199);
    // Money already given back some other way (more than this line's share is left nowhere).
    expect(refundDue(399, [{ ...lines[0], refunded_pence: 300 }, lines[1]], 9)).toBe(99);
    expect(refundDue(399, lines, 42)).toBe(0);
  });
});

// Random baskets as the shop prices them (settings' prices, gift wrap and add-ons on posted cards),
// random promo codes as promo-rules applies them, and random sequences of cancels (repeats included).
const PRICES = { ecardPrice: 299, postedCardPrice: 399, printPrice: 0, giftWrapPrice: 199 };

const line = fc.record({
  delivery_method: fc.constantFrom<DeliveryMethod>('ecard', 'post', 'print'),
  gift_wrap: fc.boolean(),
  gift_addon_price_pence: fc.option(fc.integer({ min: 0, max: 5000 }), { nil: null }),
});

const promo: fc.Arbitrary<PromoDefinition | null> = fc.option(
  fc.oneof(
    fc.record({
      code: fc.constant('FIXED'),
      kind: fc.constant('fixed' as const),
      amount_pence: fc.integer({ min: 0, max: 20_000 }),
      is_active: fc.constant(true),
    }),
    fc.record({
      code: fc.constant('PERCENT'),
      kind: fc.constant('percent' as const),
      percent: fc.integer({ min: 0, max: 100 }),
      cap_pence: fc.option(fc.integer({ min: 0, max: 5000 }), { nil: null }),
      is_active: fc.constant(true),
    }),
    fc.record({
      code: fc.constant('FREE'),
      kind: fc.constant('free_ecard' as const),
      cap_pence: fc.option(fc.integer({ min: 0, max: 299 }), { nil: null }),
      is_active: fc.constant(true),
    }),
  ),
  { nil: null },
);

const scenario = fc
  .record({ basket: fc.array(line, { minLength: 1, maxLength: 25 }), promo })
  .chain(({ basket, promo }) =>
    fc.record({
      basket: fc.constant(basket),
      promo: fc.constant(promo),
      // Indexes into the basket: any order, any repeats, not necessarily every line.
      cancels: fc.array(fc.nat({ max: basket.length - 1 }), { maxLength: basket.length * 2 }),
    }),
  );

type BasketLine = { delivery_method: DeliveryMethod; gift_wrap: boolean; gift_addon_price_pence: number | null };

/** Checkout's arithmetic: each line priced, the promo's discount, the total paid. Lines get ids in basket order. */
function checkout(basket: BasketLine[], code: PromoDefinition | null) {
  const priced = basket.map((l) => ({ delivery_method: l.delivery_method, ...priceLine(l, PRICES) }));
  const result = code ? discountFor(code, priced) : null;
  const totals = orderTotals(
    priced.map((p) => p.line_total_pence),
    result?.ok ? result.discount_pence : 0,
  );
  return {
    lines: priced.map((p, i) => ({ id: 100 + i, line_total_pence: p.line_total_pence })),
    paid: totals.total_pence,
  };
}

describe('refund shares: properties over random baskets, promos and cancels', () => {
  it('the shares are whole pence, within each line, and add up to exactly what was paid', () => {
    fc.assert(
      fc.property(scenario, ({ basket, promo: code }) => {
        const { lines, paid } = checkout(basket, code);
        const shares = lineShares(
          paid,
          lines.map((l) => l.line_total_pence),
        );
        expect(shares.reduce((a, b) => a + b, 0)).toBe(paid);
        shares.forEach((share, i) => {
          expect(Number.isInteger(share)).toBe(true);
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(lines[i].line_total_pence);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('cancels in any order never give back more than was paid, never refund a line twice, and all of them give back all of it', () => {
    fc.assert(
      fc.property(scenario, ({ basket, promo: code, cancels }) => {
        const { lines, paid } = checkout(basket, code);
        const ledger = new Map<number, number>();
        const refunds: Array<{ line: number; amount: number }> = [];
        const cancelLine = (index: number) => {
          const id = lines[index].id;
          // As the service does: a line with a refund recorded is answered from it, never refunded again.
          if (ledger.has(id)) return;
          const amount = refundDue(
            paid,
            lines.map((l) => ({ ...l, refunded_pence: ledger.get(l.id) ?? 0 })),
            id,
          );
          ledger.set(id, amount);
          if (amount > 0) refunds.push({ line: id, amount });
        };
        cancels.forEach(cancelLine);
        const given = () => refunds.reduce((sum, r) => sum + r.amount, 0);
        expect(given()).toBeLessThanOrEqual(paid);
        expect(new Set(refunds.map((r) => r.line)).size).toBe(refunds.length);
        // Each line gets back at most its part of the payment (rounded up to the penny), not its undiscounted price.
        const subtotal = lines.reduce((sum, l) => sum + l.line_total_pence, 0);
        for (const r of refunds)
          expect(r.amount).toBeLessThanOrEqual(
            Math.ceil((paid * lines.find((l) => l.id === r.line)!.line_total_pence) / subtotal),
          );
        // Cancelling what is left: the whole payment is back, to the penny.
        lines.forEach((_, index) => cancelLine(index));
        expect(given()).toBe(paid);
        expect(new Set(refunds.map((r) => r.line)).size).toBe(refunds.length);
      }),
      { numRuns: 500 },
    );
  });
});
