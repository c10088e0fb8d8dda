import { COUNTRY_CODES, isCountryCode } from '../../plugins/greeting-cards/server/src/platform/addresses/countries';

describe('country codes', () => {
  it("are ISO 3166-1's 249 assigned alpha-2 codes, upper case, in alphabetical order", () => {
    expect(COUNTRY_CODES.size).toBe(249);
    expect([...COUNTRY_CODES]).toEqual([...COUNTRY_CODES].sort());
    for (const code of ['GB', 'DE', 'US', 'AX', 'BQ', 'SS', 'SX', 'CW', 'UM', 'AQ'])
      expect(isCountryCode(code)).toBe(true);
  });

  it('refuses codes ISO does not assign, and lower case', () => {
    for (const code of ['XK', 'UK', 'EU', 'ZZ', 'AN', 'gb', '']) expect(isCountryCode(code)).toBe(false);
  });
});
