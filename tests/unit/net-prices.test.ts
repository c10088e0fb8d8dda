import fc from 'fast-check';
import { defaults } from '../../plugins/greeting-cards/server/src/platform/config/settings';
import {
  grossLines,
  shippingAsCharged,
  vatOfGrossLines,
  withVat,
} from '../../plugins/greeting-cards/server/src/areas/orders/invoices/order-vat';
import { creditOf } from '../../plugins/greeting-cards/server/src/areas/orders/invoices/rules/vat';
import {
  lineShares,
  refundDue,
  shippingRefundDue,
} from '../../plugins/greeting-cards/server/src/areas/orders/rules/refund-shares';
import { orderTotals } from '../../plugins/greeting-cards/server/src/areas/orders/rules/pricing';

// Prices entered net (SERVICE_PRICES_INCLUDE_VAT=false, docs/invoices.md): checkout adds each line's VAT
// at its place of supply, rounded half up per line, and freezes the gross; payment, refund shares and
// invoices then work on the gross, so nothing given back can exceed what was paid.
const config = {
  ...defaults('test'),
  pricesIncludeVat: false,
  vatRates: 'GB:2000,DE:1900,FR:2000,IE:2300,US:0',
  vatDefaultRate: 2000,
  vatHomeCountry: 'GB',
};

describe('net prices: VAT added per line at checkout', () => {
  it("adds each line's VAT at its place of supply, rounded half up per line", () => {
    const out = grossLines(
      config,
      [
        { method: 'ecard', recipientCountry: 'FR', amount: 249 }, // buyer's country: DE, 19 %
        { method: 'post', recipientCountry: 'IE', amount: 335 }, // goods: the recipient's, 23 %
        { method: 'print', recipientCountry: null, amount: 100 }, // e-service: DE
        { method: 'post', recipientCountry: 'US', amount: 500 }, // an export listed at 0
      ],
      'DE',
    );
    // 249 x 19 % = 47.31 -> 47; 335 x 23 % = 77.05 -> 77; 100 x 19 % = 19; 0
    expect(out).toEqual([
      { country: 'DE', rateBp: 1900, net: 249, vat: 47, gross: 296 },
      { country: 'IE', rateBp: 2300, net: 335, vat: 77, gross: 412 },
      { country: 'DE', rateBp: 1900, net: 100, vat: 19, gross: 119 },
      { country: 'US', rateBp: 0, net: 500, vat: 0, gross: 500 },
    ]);
    // Half a unit rounds up: 2.50 x 20 % = 0.50 exactly; 2.49 x 20 % = 49.8 -> 50; 0.25 x 19 % = 4.75 -> 5.
    expect(withVat(250, 2000)).toBe(300);
    expect(withVat(249, 2000)).toBe(299);
    expect(withVat(25, 1900)).toBe(30);
    // No buyer country: e-services take the shop's own country.
    expect(grossLines(config, [{ method: 'ecard', recipientCountry: 'DE', amount: 299 }], '')[0]).toMatchObject({
      country: 'GB',
      rateBp: 2000,
      gross: 359,
    });
  });

  it('gives back on the invoice, from the frozen gross, the net price as entered and the VAT added', () => {
    const lines = [
      { method: 'ecard', recipientCountry: null, amount: 249 },
      { method: 'post', recipientCountry: 'DE', amount: 335 },
      { method: 'post', recipientCountry: 'IE', amount: 1999 },
    ];
    const added = grossLines(config, lines, 'GB');
    const invoice = vatOfGrossLines(
      added.map((a) => ({ amount: a.gross, rateBp: a.rateBp, country: a.country })),
      0,
    );
    expect(invoice.lines.map((l) => l.net)).toEqual([249, 335, 1999]);
    expect(invoice.lines.map((l) => l.vat)).toEqual(added.map((a) => a.vat));
    expect(invoice.totals).toEqual({
      net: 249 + 335 + 1999,
      vat: added.reduce((s, a) => s + a.vat, 0),
      gross: added.reduce((s, a) => s + a.gross, 0),
    });
  });

  it('takes a discount off the gross; the invoice lines add up to what was paid', () => {
    const added = grossLines(
      config,
      [
        { method: 'ecard', recipientCountry: null, amount: 249 },
        { method: 'post', recipientCountry: 'DE', amount: 335 },
      ],
      'GB',
    );
    const totals = orderTotals(
      added.map((a) => a.gross),
      100,
    );
    expect(totals).toEqual({ subtotal_pence: 299 + 399, discount_pence: 100, total_pence: 598 });
    const invoice = vatOfGrossLines(
      added.map((a) => ({ amount: a.gross, rateBp: a.rateBp, country: a.country })),
      totals.discount_pence,
    );
    expect(invoice.totals.gross).toBe(598);
    expect(invoice.totals.net + invoice.totals.vat).toBe(598);
  });

  it('never gives back more than was paid, line by line or in all, and credits never exceed the invoice', () => {
    const line = fc.record({
      method: fc.constantFrom('ecard', 'post', 'print'),
      recipientCountry: fc.constantFrom(null, 'GB', 'DE', 'IE', 'US', 'JP'),
      amount: fc.integer({ min: 0, max: 20000 }),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 8 }),
        fc.constantFrom('', 'GB', 'DE', 'FR'),
        fc.integer({ min: 0, max: 30000 }),
        (lines, buyer, discount) => {
          const added = grossLines(config, lines, buyer);
          const totals = orderTotals(
            added.map((a) => a.gross),
            discount,
          );
          const paid = totals.total_pence;
          // Every line's share is of the gross paid; together exactly what was paid.
          const shares = lineShares(
            paid,
            added.map((a) => a.gross),
          );
          expect(shares.reduce((s, n) => s + n, 0)).toBe(paid);
          // Cancelling every line, one after another, gives back exactly what was paid, never more.
          const refundLines = added.map((a, i) => ({ id: i + 1, line_total_pence: a.gross, refunded_pence: 0 }));
          let given = 0;
          for (const l of refundLines) {
            const due = refundDue(paid, refundLines, l.id);
            expect(due).toBeLessThanOrEqual(shares[l.id - 1]);
            l.refunded_pence = due;
            given += due;
            expect(given).toBeLessThanOrEqual(paid);
          }
          expect(given).toBe(paid);
          // The invoice on the frozen gross states what was paid, and the credit notes of those refunds
          // never exceed it, VAT included.
          const invoice = vatOfGrossLines(
            added.map((a) => ({ amount: a.gross, rateBp: a.rateBp, country: a.country })),
            totals.discount_pence,
          );
          expect(invoice.totals.gross).toBe(paid);
          const credits = invoice.lines.map((l, i) => creditOf(l, refundLines[i].refunded_pence));
          expect(credits.reduce((s, c) => s + c.gross, 0)).toBe(paid);
          credits.forEach((c, i) => {
            expect(c.gross).toBeLessThanOrEqual(invoice.lines[i].gross);
            expect(c.vat).toBeLessThanOrEqual(invoice.lines[i].vat);
          });
          // Without a discount each line's invoice net is its net price as entered.
          if (totals.discount_pence === 0) expect(invoice.lines.map((l) => l.net)).toEqual(lines.map((l) => l.amount));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("net prices: a late card's shipping as charged", () => {
  it('is the shipping with the VAT checkout added at the line’s frozen rate; as entered without one', () => {
    expect(shippingAsCharged({ shipping_pence: 250, snapshot: { vat_rate_bp: 1900 } })).toBe(298); // 47.5 -> 48
    expect(shippingAsCharged({ shipping_pence: 250, snapshot: { card_title: 'x' } })).toBe(250);
    expect(shippingAsCharged({ shipping_pence: null, snapshot: null })).toBe(0);
    // Its refund: a share of the gross line paid, never more than the line's share (refund-shares.ts).
    const lines = [{ id: 1, line_total_pence: 298 + 475, refunded_pence: 0 }];
    expect(shippingRefundDue(773, lines, 1, 298)).toBe(298);
    expect(shippingRefundDue(700, lines, 1, 298)).toBe(Math.floor((700 * 298) / 773));
  });
});
