import { formatMoney, minorUnitDigits, toMajorUnits } from '../../plugins/greeting-cards/server/src/domain/money-format';
import { helpers } from '../../plugins/greeting-cards/server/src/web/view-helpers';

// Intl separates a number from a trailing symbol with a no-break space; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('money: whole minor units formatted by Intl, with each currency\'s own minor units', () => {
  it('knows how many decimals a currency has from Intl, not a fixed 100', () => {
    expect(minorUnitDigits('GBP')).toBe(2);
    expect(minorUnitDigits('EUR')).toBe(2);
    expect(minorUnitDigits('JPY')).toBe(0);
    expect(minorUnitDigits('KWD')).toBe(3);
    expect(minorUnitDigits('jpy')).toBe(0);
    expect(toMajorUnits(399, 'GBP')).toBe(3.99);
    expect(toMajorUnits(399, 'JPY')).toBe(399);
  });

  it('formats GBP pence', () => {
    expect(formatMoney(399, 'GBP')).toBe('£3.99');
    expect(formatMoney(0, 'GBP')).toBe('£0.00');
    expect(formatMoney(-299, 'GBP')).toBe('-£2.99');
    expect(formatMoney(123456, 'GBP')).toBe('£1,234.56');
    expect(formatMoney(5, 'gbp')).toBe('£0.05');
  });

  it('formats EUR cents, by locale', () => {
    expect(formatMoney(1250, 'EUR')).toBe('€12.50');
    expect(plain(formatMoney(1250, 'EUR', 'de-DE'))).toBe('12,50 €');
    expect(plain(formatMoney(123456, 'EUR', 'fr-FR'))).toBe('1 234,56 €');
  });

  it('formats JPY, which has no minor unit: 500 is ¥500, not ¥5.00', () => {
    expect(formatMoney(500, 'JPY')).toBe('JP¥500');
    expect(formatMoney(500, 'JPY', 'ja-JP')).toBe('￥500');
    expect(formatMoney(123456, 'JPY', 'en-US')).toBe('¥123,456');
    expect(formatMoney(500, 'JPY')).not.toMatch(/5\.00/);
  });

  it('stays readable for odd input', () => {
    expect(formatMoney(null, 'GBP')).toBe('£0.00');
    expect(formatMoney('abc', 'GBP')).toBe('£0.00');
    expect(formatMoney(399, null)).toBe('£3.99');
    expect(formatMoney(399, 'GBPX')).toBe('3.99 GBPX');
    expect(formatMoney(399, 'GBP', 'not a locale!')).toBe('£3.99');
  });

  it('is what the storefront shows', () => {
    expect(helpers.money(399, 'GBP')).toBe('£3.99');
    expect(helpers.money(500, 'JPY')).toBe('JP¥500');
    expect(helpers.money(1250, 'EUR')).toBe('€12.50');
  });
});
