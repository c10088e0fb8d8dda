import {
  formatMoney,
  minorUnitDigits,
  parseMajorAmount,
  toMajorText,
  toMajorUnits,
} from '../../plugins/greeting-cards/server/src/platform/i18n/money-format';
import { helpers } from '../../plugins/greeting-cards/server/src/platform/web/view-helpers';

// Intl separates a number from a trailing symbol with a no-break space; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe("money: whole minor units formatted by Intl, with each currency's own minor units", () => {
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

describe('decimal amounts typed on the admin settings page', () => {
  it('become whole minor units of the currency, without floating point', () => {
    expect(parseMajorAmount('3.49', 'GBP')).toBe(349);
    expect(parseMajorAmount('3.5', 'GBP')).toBe(350);
    expect(parseMajorAmount(' 3 ', 'GBP')).toBe(300);
    expect(parseMajorAmount('3,49', 'EUR')).toBe(349);
    expect(parseMajorAmount('0.29', 'GBP')).toBe(29);
    // 1.13 * 100 is 112.99999999999999 in floating point.
    expect(parseMajorAmount('1.13', 'GBP')).toBe(113);
    expect(parseMajorAmount('500', 'JPY')).toBe(500);
    expect(parseMajorAmount('1.234', 'KWD')).toBe(1234);
  });

  it('refuse what is not an amount, or has more decimals than the currency', () => {
    for (const [text, currency] of [
      ['3.999', 'GBP'],
      ['5.5', 'JPY'],
      ['-1', 'GBP'],
      ['abc', 'GBP'],
      ['', 'GBP'],
      ['1e3', 'GBP'],
      ['£3', 'GBP'],
    ]) {
      expect(parseMajorAmount(text, currency)).toBeNull();
    }
  });

  it('are shown back as the same text', () => {
    expect(toMajorText(349, 'GBP')).toBe('3.49');
    expect(toMajorText(5, 'GBP')).toBe('0.05');
    expect(toMajorText(500, 'JPY')).toBe('500');
    expect(toMajorText(1234, 'KWD')).toBe('1.234');
    for (const minor of [0, 1, 99, 113, 299, 123456])
      expect(parseMajorAmount(toMajorText(minor, 'EUR'), 'EUR')).toBe(minor);
  });
});
