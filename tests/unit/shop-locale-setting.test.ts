// SERVICE_SHOP_LOCALE: empty (each request chooses) or a language the shop ships; anything else stops
// the boot with the setting's name, instead of a shop that silently falls back to English.
import { defaults, fromEnvironment } from '../../plugins/greeting-cards/server/src/platform/config/settings';
import { validateConfig } from '../../plugins/greeting-cards/server/src/platform/config/validate';

describe('SERVICE_SHOP_LOCALE', () => {
  it('defaults to empty: the language is chosen per request', () => {
    expect(defaults('test').shopLocale).toBe('');
  });

  it('accepts a shipped language from the environment', () => {
    expect(validateConfig({ ...defaults('test'), ...fromEnvironment({ SERVICE_SHOP_LOCALE: 'de' }) }).shopLocale).toBe(
      'de',
    );
    expect(validateConfig({ ...defaults('test'), shopLocale: 'en' }).shopLocale).toBe('en');
  });

  it('refuses a language the shop does not ship, naming the setting', () => {
    expect(() => validateConfig({ ...defaults('test'), shopLocale: 'fr' })).toThrow(
      /SERVICE_SHOP_LOCALE \(shopLocale\) must be empty or one of en, de/,
    );
    expect(() => validateConfig({ ...defaults('test'), shopLocale: 'de-DE' })).toThrow(/SERVICE_SHOP_LOCALE/);
  });
});
