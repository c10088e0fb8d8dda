import fs from 'fs';
import path from 'path';
import { bootFailure, startApp } from '../helpers/strapi';
import {
  fromEnvironment,
  defaults,
  SETTINGS,
  type PluginConfig,
} from '../../plugins/greeting-cards/server/src/platform/config/settings';
import { validateConfig } from '../../plugins/greeting-cards/server/src/platform/config/validate';
import { settingsTable } from '../../plugins/greeting-cards/server/src/platform/config/settings-table';

describe('plugin configuration', () => {
  it('has the spec defaults', () => {
    const c = validateConfig(fromEnvironment({}));
    expect(c).toMatchObject({
      ecardPrice: 299,
      postedCardPrice: 399,
      printPrice: 0,
      giftWrapPrice: 199,
      libraryAutoSaveDrafts: true,
      useSystemUserDetails: true,
      autoSyncUserRecipient: true,
      demoPayments: true,
      postalReferencePrefix: 'PB',
      userFieldMap: { email: 'email', first_name: 'first_name', last_name: 'last_name' },
      profileFieldMap: {},
      reminderDaysBefore: [7, 3, 1],
    });
  });

  it('reads every SERVICE_* variable', () => {
    const c = fromEnvironment({
      SERVICE_ECARD_PRICE: '150',
      SERVICE_LIBRARY_AUTO_SAVE_DRAFTS: 'false',
      SERVICE_USER_FIELD_MAP: '{"email":"mail"}',
      SERVICE_REMINDER_DAYS_BEFORE: '[14, 2]',
      SERVICE_PUBLIC_URL: 'https://cards.example.com',
    });
    expect(c.ecardPrice).toBe(150);
    expect(c.libraryAutoSaveDrafts).toBe(false);
    expect(c.userFieldMap).toEqual({ email: 'mail' });
    expect(c.reminderDaysBefore).toEqual([14, 2]);
    expect(c.publicUrl).toBe('https://cards.example.com');
    // every setting has a distinct SERVICE_ name and a default
    const names = SETTINGS.map((s) => s.env);
    expect(new Set(names).size).toBe(names.length);
    for (const s of SETTINGS) expect(defaults()).toHaveProperty(s.key);
  });

  it.each([
    ['SERVICE_ECARD_PRICE', 'abc', /SERVICE_ECARD_PRICE/],
    ['SERVICE_POSTED_CARD_PRICE', '-5', /SERVICE_POSTED_CARD_PRICE/],
    ['SERVICE_DEMO_PAYMENTS', 'maybe', /SERVICE_DEMO_PAYMENTS/],
    ['SERVICE_USER_FIELD_MAP', '{not json', /SERVICE_USER_FIELD_MAP/],
    ['SERVICE_PUBLIC_URL', 'not a url', /SERVICE_PUBLIC_URL/],
    ['SERVICE_POSTAL_REFERENCE_PREFIX', 'pb-1', /SERVICE_POSTAL_REFERENCE_PREFIX/],
    ['SERVICE_BILLING_FIELD_MAP', '{"iban":"x"}', /SERVICE_BILLING_FIELD_MAP/],
  ])('rejects %s=%s naming the setting', (name, value, pattern) => {
    expect(() => validateConfig(fromEnvironment({ [name]: value }))).toThrow(pattern);
  });

  it('asks a chosen print provider for its key, product map and callback secret, naming each', () => {
    expect(validateConfig(fromEnvironment({})).postalProvider).toBe('stub');
    expect(() => validateConfig(fromEnvironment({ SERVICE_POSTAL_PROVIDER: 'royal-mail' }))).toThrow(
      /SERVICE_POSTAL_PROVIDER \(postalProvider\) must be stub, prodigi or gelato/,
    );
    const prodigi = () => validateConfig(fromEnvironment({ SERVICE_POSTAL_PROVIDER: 'prodigi' }));
    expect(prodigi).toThrow(
      /SERVICE_PRODIGI_API_KEY \(prodigiApiKey\) must be set when SERVICE_POSTAL_PROVIDER=prodigi/,
    );
    expect(prodigi).toThrow(/SERVICE_PRODIGI_SKU_MAP \(prodigiSkuMap\) must map "card"/);
    expect(prodigi).toThrow(/SERVICE_POSTAL_CALLBACK_SECRET \(postalCallbackSecret\) must be set/);
    const complete = {
      SERVICE_PRODIGI_API_KEY: 'key',
      SERVICE_PRODIGI_SKU_MAP: '{"card":"SKU"}',
      SERVICE_POSTAL_CALLBACK_SECRET: 'a'.repeat(32),
    };
    expect(validateConfig(fromEnvironment({ SERVICE_POSTAL_PROVIDER: 'prodigi', ...complete })).prodigiApiBase).toBe(
      'https://api.sandbox.prodigi.com',
    );
    expect(() =>
      validateConfig(
        fromEnvironment({ SERVICE_POSTAL_PROVIDER: 'prodigi', ...complete, SERVICE_POSTAL_CALLBACK_SECRET: 'short' }),
      ),
    ).toThrow(/SERVICE_POSTAL_CALLBACK_SECRET.*at least 24/);
    expect(() =>
      validateConfig(
        fromEnvironment({ SERVICE_POSTAL_PROVIDER: 'prodigi', ...complete, SERVICE_PRODIGI_SHIPPING_METHOD: 'Pigeon' }),
      ),
    ).toThrow(/SERVICE_PRODIGI_SHIPPING_METHOD/);
    expect(() =>
      validateConfig(
        fromEnvironment({
          SERVICE_POSTAL_PROVIDER: 'prodigi',
          ...complete,
          SERVICE_PRODIGI_API_BASE: 'api.prodigi.com',
        }),
      ),
    ).toThrow(/SERVICE_PRODIGI_API_BASE/);
    expect(() =>
      validateConfig(
        fromEnvironment({
          SERVICE_POSTAL_PROVIDER: 'gelato',
          SERVICE_POSTAL_CALLBACK_SECRET: 'a'.repeat(32),
          SERVICE_GELATO_API_KEY: 'key',
        }),
      ),
    ).toThrow(/SERVICE_GELATO_PRODUCT_MAP \(gelatoProductMap\) must map "card"/);
    expect(() => validateConfig(fromEnvironment({ SERVICE_GELATO_ORDER_TYPE: 'maybe' }))).toThrow(
      /SERVICE_GELATO_ORDER_TYPE/,
    );
  });

  it('refuses to boot with a print provider whose settings are missing, naming them', async () => {
    const error = await bootFailure({
      SERVICE_POSTAL_PROVIDER: 'gelato',
      SERVICE_GELATO_PRODUCT_MAP: '{"card":"cards_pf_a5"}',
    });
    expect(error.message).toMatch(/SERVICE_GELATO_API_KEY/);
    expect(error.message).toMatch(/SERVICE_POSTAL_CALLBACK_SECRET/);
    expect(error.message).not.toMatch(/SERVICE_GELATO_PRODUCT_MAP/);
  });

  it('stops Strapi booting with a message naming the bad setting', async () => {
    const error = await bootFailure({ SERVICE_GIFT_WRAP_PRICE: 'twelve' });
    expect(error.message).toMatch(/SERVICE_GIFT_WRAP_PRICE/);
    const error2 = await bootFailure({ SERVICE_GIFT_WRAP_PRICE: '-1' });
    expect(error2.message).toMatch(/SERVICE_GIFT_WRAP_PRICE.*negative/);
  });

  it('boots with a valid override and exposes the typed config', async () => {
    const app = await startApp({ SERVICE_ECARD_PRICE: '349', SERVICE_SEED_SAMPLE_DATA: 'false' });
    try {
      const config = app.strapi.config.get('plugin::greeting-cards') as PluginConfig;
      expect(config.ecardPrice).toBe(349);
      expect(await app.strapi.db.query('plugin::greeting-cards.template').count()).toBe(0);
    } finally {
      await app.stop();
    }
  });
});

describe('README and docs/configuration.md', () => {
  it('documents every SERVICE_* setting with its current default', () => {
    expect(fs.readFileSync(path.resolve(__dirname, '../../README.md'), 'utf8')).toContain('npm test');
    const readme: string = fs.readFileSync(path.resolve(__dirname, '../../docs/configuration.md'), 'utf8');
    for (const s of SETTINGS)
      expect({ setting: s.env, documented: readme.includes('`' + s.env + '`') }).toEqual({
        setting: s.env,
        documented: true,
      });
    // The table is generated from the setting records: a changed default or description shows up here.
    const table = readme.match(/<!-- settings:start -->\n([\s\S]*?)<!-- settings:end -->/)?.[1];
    expect(table).toBe(settingsTable());
  });
});
