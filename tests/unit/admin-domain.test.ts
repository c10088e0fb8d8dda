import { maskSecret, SETTING_GROUPS } from '../../plugins/greeting-cards/server/src/platform/config/settings-groups';
import { SETTINGS } from '../../plugins/greeting-cards/server/src/platform/config/settings';
import { statusHistory } from '../../plugins/greeting-cards/server/src/areas/orders/rules/order-history';
import { dayRange, oneOf, searchText } from '../../plugins/greeting-cards/server/src/platform/http/admin-query';
import { FieldErrorCollector, msg } from '../../plugins/greeting-cards/server/src/platform/errors';

describe('settings shown to operators', () => {
  it('masks secrets by length and says when one is missing', () => {
    expect(maskSecret('sk_test_51Habcdefghij9f')).toBe('sk_t…9f');
    expect(maskSecret('short')).toBe('set');
    expect(maskSecret('')).toBe('not set');
    expect(maskSecret(undefined)).toBe('not set');
  });
  it('puts every setting in a group', () => {
    for (const setting of SETTINGS)
      expect({ key: setting.key, group: typeof SETTING_GROUPS[setting.key] }).toEqual({
        key: setting.key,
        group: 'string',
      });
  });
});

describe('order status history', () => {
  const created = '2026-01-01T10:00:00.000Z';
  it('is the cart, then each recorded change', () => {
    const history = statusHistory({ status: 'paid', created_at: created }, [
      { status: 'pending_payment', at: '2026-01-01T10:05:00.000Z' },
      { status: 'paid', at: new Date('2026-01-01T10:06:00.000Z') },
    ]);
    expect(history).toEqual([
      { status: 'cart', at: created },
      { status: 'pending_payment', at: '2026-01-01T10:05:00.000Z' },
      { status: 'paid', at: '2026-01-01T10:06:00.000Z' },
    ]);
  });
  it("falls back to the order's own timestamps for orders from before the recording", () => {
    expect(
      statusHistory(
        {
          status: 'refunded',
          created_at: created,
          paid_at: '2026-01-02T00:00:00.000Z',
          refunded_at: '2026-01-03T00:00:00.000Z',
        },
        [],
      ),
    ).toEqual([
      { status: 'cart', at: created },
      { status: 'paid', at: '2026-01-02T00:00:00.000Z' },
      { status: 'refunded', at: '2026-01-03T00:00:00.000Z' },
    ]);
    expect(statusHistory({ status: 'pending_payment', created_at: created }, [])).toEqual([
      { status: 'cart', at: created },
      { status: 'pending_payment', at: null },
    ]);
  });
});

describe('admin query filters', () => {
  it('reads UTC days, both ends included, and names bad values', () => {
    const errors = new FieldErrorCollector();
    expect(dayRange({ from: '2026-02-01', to: '2026-02-03' }, errors)).toEqual({
      from: new Date('2026-02-01T00:00:00Z'),
      until: new Date('2026-02-04T00:00:00Z'),
    });
    expect(errors.has()).toBe(false);
    dayRange({ from: '2026-02-30', to: ['x'] }, errors);
    expect(() => errors.throwIfAny()).toThrow(
      expect.objectContaining({ body: { from: [msg('error.date')], to: [msg('error.date')] } }),
    );
    const reversed = new FieldErrorCollector();
    dayRange({ from: '2026-02-03', to: '2026-02-01' }, reversed);
    expect(reversed.has('to')).toBe(true);
  });
  it('accepts only listed values and bounded search text', () => {
    const errors = new FieldErrorCollector();
    expect(oneOf({ status: 'paid' }, 'status', ['paid', 'cart'] as const, errors)).toBe('paid');
    expect(oneOf({}, 'status', ['paid'] as const, errors)).toBeNull();
    expect(searchText({ q: '  ada@ ' }, errors)).toBe('ada@');
    expect(errors.has()).toBe(false);
    oneOf({ status: ['paid'] }, 'status', ['paid'] as const, errors);
    searchText({ q: 'x'.repeat(201) }, errors);
    expect(errors.has('status') && errors.has('q')).toBe(true);
  });
});
