// SERVICE_PRICES_INCLUDE_VAT: on (the default), prices are entered gross; off, checkout adds VAT to net
// prices (docs/invoices.md). Net prices with Stripe Tax would have both add VAT: that pair stops the boot.
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

  it('accepts net prices', () => {
    expect(
      validateConfig({ ...defaults('test'), ...fromEnvironment({ SERVICE_PRICES_INCLUDE_VAT: 'false' }) })
        .pricesIncludeVat,
    ).toBe(false);
  });

  it('refuses net prices with Stripe Tax, naming both settings', () => {
    expect(() =>
      validateConfig({
        ...defaults('test'),
        ...fromEnvironment({ SERVICE_PRICES_INCLUDE_VAT: 'false', SERVICE_STRIPE_TAX: 'true' }),
      }),
    ).toThrow(/SERVICE_PRICES_INCLUDE_VAT \(pricesIncludeVat\) must stay on with SERVICE_STRIPE_TAX/);
    expect(
      validateConfig({
        ...defaults('test'),
        ...fromEnvironment({ SERVICE_PRICES_INCLUDE_VAT: 'true', SERVICE_STRIPE_TAX: 'true' }),
      }).stripeTax,
    ).toBe(true);
  });
});
