import {
  creditOf,
  parseVatRates,
  placeOfSupply,
  rateFor,
  spreadVat,
  vatBreakdown,
  vatOf,
} from '../../plugins/greeting-cards/server/src/areas/orders/invoices/rules/vat';

// The VAT rules of docs/invoices.md: integer minor units, rates in basis points, rounding per line.
describe('VAT rules', () => {
  it('reads rates as COUNTRY:basis_points or a JSON object, and refuses anything else', () => {
    expect(parseVatRates('GB:2000, de:1900,FR:2000')).toEqual({ GB: 2000, DE: 1900, FR: 2000 });
    expect(parseVatRates('{"GB":2000,"IE":2300}')).toEqual({ GB: 2000, IE: 2300 });
    expect(parseVatRates('')).toEqual({});
    expect(() => parseVatRates('GB:20%')).toThrow(/basis points/);
    expect(() => parseVatRates('GBR:2000')).toThrow(/two-letter/);
    expect(() => parseVatRates('GB:10001')).toThrow(/basis points/);
    expect(() => parseVatRates('GB')).toThrow(/COUNTRY:basis_points/);
  });

  it("takes the country's rate, else the default", () => {
    const rates = { GB: 2000, DE: 1900 };
    expect(rateFor('de', rates, 1500)).toBe(1900);
    expect(rateFor('JP', rates, 1500)).toBe(1500);
    expect(rateFor(null, rates, 1500)).toBe(1500);
  });

  it('taxes a posted card where it is delivered and an e-card where the buyer belongs', () => {
    expect(placeOfSupply('post', 'DE', 'GB', 'GB')).toBe('DE');
    expect(placeOfSupply('post', '', 'FR', 'GB')).toBe('FR');
    expect(placeOfSupply('ecard', 'DE', 'FR', 'GB')).toBe('FR');
    expect(placeOfSupply('print', 'DE', '', 'GB')).toBe('GB');
    expect(placeOfSupply('ecard', null, null, 'GB')).toBe('GB');
  });

  it('takes VAT out of a gross price and adds it to a net one, rounding half up to a whole unit', () => {
    // 299 x 2000 / 12000 = 49.83 -> 50
    expect(vatOf(299, 2000, true)).toEqual({ net: 249, vat: 50, gross: 299 });
    // 399 x 1900 / 11900 = 63.706 -> 64
    expect(vatOf(399, 1900, true)).toEqual({ net: 335, vat: 64, gross: 399 });
    // 250 x 2000 / 10000 = 50
    expect(vatOf(250, 2000, false)).toEqual({ net: 250, vat: 50, gross: 300 });
    // 5 x 500 / 10000 = 0.25 -> 0; 10 x 500 / 10000 = 0.5 -> 1 (half up)
    expect(vatOf(5, 500, false).vat).toBe(0);
    expect(vatOf(10, 500, false).vat).toBe(1);
    expect(vatOf(0, 2000, true)).toEqual({ net: 0, vat: 0, gross: 0 });
    expect(vatOf(1000, 0, true)).toEqual({ net: 1000, vat: 0, gross: 1000 });
  });

  it('rounds per line after spreading the discount, and the totals are the sums of the lines', () => {
    const lines = [
      { amount: 299, rateBp: 2000 },
      { amount: 399, rateBp: 1900 },
      { amount: 299, rateBp: 2000 },
    ];
    const none = vatBreakdown(lines, 0, true);
    expect(none.lines.map((l) => l.vat)).toEqual([50, 64, 50]);
    expect(none.totals).toEqual({ net: 997 - 164, vat: 164, gross: 997 });
    // A 100 discount over 997: shares 269 / 359 / 269 (largest remainder), each taxed on its own.
    const discounted = vatBreakdown(lines, 100, true);
    expect(discounted.lines.map((l) => l.gross)).toEqual([269, 359, 269]);
    expect(discounted.totals.gross).toBe(897);
    expect(discounted.lines.map((l) => l.vat)).toEqual([45, 57, 45]);
    expect(discounted.totals.vat).toBe(147);
    for (const l of discounted.lines) expect(l.net + l.vat).toBe(l.gross);
    // Per line, not on the total: 3 x 1 at 20% gross is 0 VAT each (0.1667 rounds down), not 1 on 3.
    expect(
      vatBreakdown(
        [1, 1, 1].map((amount) => ({ amount, rateBp: 2000 })),
        0,
        true,
      ).totals.vat,
    ).toBe(0);
  });

  it('adds VAT per line to net prices', () => {
    const out = vatBreakdown(
      [
        { amount: 250, rateBp: 2000 },
        { amount: 333, rateBp: 1900 },
      ],
      0,
      false,
    );
    expect(out.lines.map((l) => l.vat)).toEqual([50, 63]);
    expect(out.totals).toEqual({ net: 583, vat: 113, gross: 696 });
  });

  it('takes back out of a net price made gross exactly the VAT it added, for every price up to 25.00 and rate', () => {
    // What net prices can rest on (docs/invoices.md, Limits): checkout may freeze each line gross (net
    // plus its VAT, rounded) and every later step (payment, refund shares, invoice) keep working on gross
    // amounts. With VAT v = n x r + e (|e| <= 1/2), the VAT taken out of n + v is v - e / (1 + r): never a
    // tie for r > 0, so it rounds back to v, and the invoice shows the net price as entered.
    const mismatches: string[] = [];
    for (const rate of [1, 500, 700, 1000, 1300, 1900, 2000, 2100, 2300, 2500, 2700, 5000, 10000])
      for (let net = 0; net <= 2500; net += 1) {
        const added = vatOf(net, rate, false);
        const back = vatOf(added.gross, rate, true);
        if (back.net !== net || back.vat !== added.vat) mismatches.push(`${net} at ${rate}: ${JSON.stringify(back)}`);
      }
    expect(mismatches).toEqual([]);
  });

  it('spreads a total someone else computed (Stripe Tax) over the lines without losing a unit', () => {
    const out = spreadVat([299, 399, 299], 167);
    expect(out.totals.vat).toBe(167);
    expect(out.totals.gross).toBe(997);
    expect(out.lines.map((l) => l.vat).reduce((a, b) => a + b, 0)).toBe(167);
    expect(out.lines[0].rateBp).toBeGreaterThan(1900);
  });

  it('credits a part of a line at its own rate', () => {
    const line = { ...vatOf(399, 2000, true), rateBp: 2000 };
    expect(creditOf(line, 399)).toEqual({ net: 332, vat: 67, gross: 399, rateBp: 2000 });
    expect(creditOf(line, 200)).toEqual({ net: 166, vat: 34, gross: 200, rateBp: 2000 });
    expect(creditOf(line, 1000).gross).toBe(399);
  });
});
