// SERVICE_PRICES_INCLUDE_VAT: checkout charges prices as entered, so net prices would give invoices that
// total more than was paid. Until checkout adds VAT, turning it off stops the boot with the setting's name.
import { defaults, fromEnvironment } from '../../plugins/greeting-cards/server/src/platform/config/settings';
import { validateConfig } from '../../plugins/greeting-cards/server/src/platform/config/validate';

describe('SERVICE_PRICES_INCLUDE_VAT', () => {
  it('is on by default and accepted on', () => {
    expect(defaults('test').pricesIncludeVat).toBe(true);
    expect(
      validateConfig({ ...defaults('test'), ...fromEnvironment({ SERVICE_PRICES_INCLUDE_VAT: 'true' }) })
        .pricesIncludeVat,
    ).toBe(true);
  });

  it('refuses net prices, naming the setting and saying what to do', () => {
    expect(() =>
      validateConfig({ ...defaults('test'), ...fromEnvironment({ SERVICE_PRICES_INCLUDE_VAT: 'false' }) }),
    ).toThrow(/SERVICE_PRICES_INCLUDE_VAT \(pricesIncludeVat\) must stay on for now: .*enter them with VAT included/);
  });
});
