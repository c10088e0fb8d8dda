import fc from 'fast-check';
import { lateness, windowEnd } from '../../plugins/greeting-cards/server/src/areas/fulfilment/rules/late-card';
import {
  lineShares,
  shippingRefundDue,
} from '../../plugins/greeting-cards/server/src/areas/orders/rules/refund-shares';

// Issue 44 item 4: when a posted card is late against its promised window, and how much of its shipping
// a refund may give back.

const LONDON = 'Europe/London';
const at = (iso: string) => new Date(iso);

describe('late posted cards', () => {
  it("ends the window at midnight after its last day on the shop's clock, summer time included", () => {
    expect(windowEnd('2026-01-13', LONDON)?.toISOString()).toBe('2026-01-14T00:00:00.000Z');
    expect(windowEnd('2026-07-14', LONDON)?.toISOString()).toBe('2026-07-14T23:00:00.000Z');
    expect(windowEnd('not a date', LONDON)).toBeNull();
  });

  const card = {
    status: 'processing',
    postal_status: 'in_production',
    promised_to: '2026-07-14',
    dispatch_on: '2026-07-10',
  };

  it('is not late before the window ends, and late after it when the card never shipped', () => {
    expect(lateness(card, at('2026-07-14T22:59:00Z'), LONDON)).toBe('on_time');
    expect(lateness(card, at('2026-07-14T23:00:00Z'), LONDON)).toBe('late');
    expect(lateness({ ...card, status: 'pending', postal_status: null }, at('2026-07-20T00:00:00Z'), LONDON)).toBe(
      'late',
    );
  });

  it('judges a shipped card by its dispatch day when the provider never reports deliveries', () => {
    const shipped = { ...card, status: 'sent', postal_status: 'shipped' };
    const after = at('2026-07-16T00:00:00Z');
    expect(lateness({ ...shipped, shipped_at: '2026-07-10T15:00:00Z' }, after, LONDON)).toBe('on_time');
    // 23:30 UTC on the 10th is the 11th in London (BST): a day late leaving.
    expect(lateness({ ...shipped, shipped_at: '2026-07-10T23:30:00Z' }, after, LONDON)).toBe('late');
    // A backend that answered "sent" at once: its sent_at is when it shipped.
    expect(lateness({ ...shipped, postal_status: null, sent_at: '2026-07-09T10:00:00Z' }, after, LONDON)).toBe(
      'on_time',
    );
  });

  it('is late when the delivery report came after the window, whenever it is asked', () => {
    const delivered = { ...card, status: 'sent', postal_status: 'delivered' };
    expect(lateness({ ...delivered, delivered_at: '2026-07-14T22:00:00Z' }, at('2026-08-01'), LONDON)).toBe('on_time');
    expect(lateness({ ...delivered, delivered_at: '2026-07-15T08:00:00Z' }, at('2026-07-15T09:00:00Z'), LONDON)).toBe(
      'late',
    );
    expect(lateness({ ...card, status: 'delivered', delivered_at: '2026-07-16' }, at('2026-07-16'), LONDON)).toBe(
      'late',
    );
  });

  it('leaves failed, cancelled and unpromised cards alone', () => {
    const after = at('2026-08-01T00:00:00Z');
    expect(lateness({ ...card, status: 'failed' }, after, LONDON)).toBe('on_time');
    expect(lateness({ ...card, status: 'cancelled' }, after, LONDON)).toBe('on_time');
    expect(lateness({ ...card, promised_to: null }, after, LONDON)).toBe('not_promised');
  });
});

describe('refunding a late card’s shipping', () => {
  it('gives back the shipping paid, less its part of a discount', () => {
    // One line: a 2.99 card with 4.75 shipping, paid in full.
    expect(shippingRefundDue(774, [{ id: 1, line_total_pence: 774 }], 1, 475)).toBe(475);
    // Half off the order: half the shipping was paid.
    expect(shippingRefundDue(387, [{ id: 1, line_total_pence: 774 }], 1, 475)).toBe(237);
    // Nothing paid for shipping, or an unknown line: nothing.
    expect(shippingRefundDue(299, [{ id: 1, line_total_pence: 299 }], 1, 0)).toBe(0);
    expect(shippingRefundDue(774, [{ id: 1, line_total_pence: 774 }], 2, 475)).toBe(0);
    // Given back in full already: nothing more.
    expect(shippingRefundDue(774, [{ id: 1, line_total_pence: 774, refunded_pence: 774 }], 1, 475)).toBe(0);
  });

  it('never gives back more than the shipping, nor than the line’s share of the payment', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 1 }),
        fc.integer({ min: 0, max: 30_000 }),
        fc.integer({ min: 0, max: 5 }),
        (totals, fraction, shipping, pick) => {
          const lines = totals.map((t, i) => ({ id: i + 1, line_total_pence: t }));
          const subtotal = totals.reduce((a, b) => a + b, 0);
          const paid = fraction ? subtotal : Math.floor(subtotal / 2);
          const index = pick % lines.length;
          const due = shippingRefundDue(paid, lines, index + 1, shipping);
          expect(due).toBeGreaterThanOrEqual(0);
          expect(due).toBeLessThanOrEqual(shipping);
          expect(due).toBeLessThanOrEqual(lineShares(paid, totals)[index]);
        },
      ),
    );
  });
});
