import { bootFailure, QUIET_APP, startApp, type TestApp } from '../helpers/strapi';
import { fromEnvironment } from '../../plugins/greeting-cards/server/src/platform/config/settings';
import { validateConfig } from '../../plugins/greeting-cards/server/src/platform/config/validate';
import { buildBillingProfileStore } from '../../plugins/greeting-cards/server/src/platform/providers/billing-profile';
import type { Core } from '@strapi/strapi';

// A wrong billing setting stops boot, with a message naming the setting. Each rule is checked here
// against the content types of one running app, by the same two steps boot takes: the settings read and
// checked across each other (register), then checked against the content types (bootstrap). Two cases
// boot for real, one failing in each step, to show boot runs them and refuses. (Every case booted a
// failing Strapi before: 7 s of the SQLite run and 44 s of PostgreSQL's in CI.)
const ACCOUNT = 'api::billing-account.billing-account';
const CASES: Array<[string, Record<string, string>, RegExp]> = [
  [
    'an unknown user model',
    { SERVICE_USER_MODEL: 'api::member.member' },
    /SERVICE_USER_MODEL: "api::member.member" is not a content type/,
  ],
  [
    'an unknown billing model',
    { SERVICE_BILLING_PROFILE_MODEL: 'api::wallet.wallet', SERVICE_BILLING_PROFILE_USER_FIELD: 'user' },
    /SERVICE_BILLING_PROFILE_MODEL: "api::wallet.wallet"/,
  ],
  [
    'a model without its user field',
    { SERVICE_BILLING_PROFILE_MODEL: ACCOUNT },
    /SERVICE_BILLING_PROFILE_USER_FIELD must be set/,
  ],
  [
    'a user field that is not a relation to the user',
    { SERVICE_BILLING_PROFILE_MODEL: ACCOUNT, SERVICE_BILLING_PROFILE_USER_FIELD: 'vat_number' },
    /SERVICE_BILLING_PROFILE_USER_FIELD: "vat_number" is not a relation/,
  ],
  [
    'an unknown relation',
    { SERVICE_BILLING_PROFILE_RELATION: 'wallet' },
    /SERVICE_BILLING_PROFILE_RELATION: "wallet" is not a relation of plugin::users-permissions.user/,
  ],
  [
    'a relation with an unknown mapped field',
    {
      SERVICE_BILLING_PROFILE_RELATION: 'billing_account',
      SERVICE_BILLING_FIELD_MAP: '{"stripe_customer_id":"stripe_id"}',
    },
    /SERVICE_BILLING_FIELD_MAP: api::billing-account.billing-account has no field "stripe_id"/,
  ],
  [
    'a relation without a customer id field',
    { SERVICE_BILLING_PROFILE_RELATION: 'billing_account' },
    /SERVICE_BILLING_FIELD_MAP: map stripe_customer_id/,
  ],
  [
    'a customer id mapped to a non-text field',
    {
      SERVICE_BILLING_PROFILE_RELATION: 'billing_account',
      SERVICE_BILLING_FIELD_MAP: '{"stripe_customer_id":"user"}',
    },
    /must be a text field/,
  ],
  ['an unknown key in the field map', { SERVICE_BILLING_FIELD_MAP: '{"iban":"x"}' }, /SERVICE_BILLING_FIELD_MAP/],
];

describe('billing settings are checked against the content types at boot', () => {
  describe('each rule, against a running app', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startApp(QUIET_APP);
    });
    afterAll(async () => {
      await app?.stop();
    });

    it.each(CASES)('refuses %s', (_name, env, pattern) => {
      const strapi = app.strapi as unknown as Core.Strapi;
      expect(() => buildBillingProfileStore(strapi, validateConfig(fromEnvironment(env)))).toThrow(pattern);
    });

    it('accepts the host app’s billing account, by model and by relation (the cases above differ from these by one setting)', () => {
      const strapi = app.strapi as unknown as Core.Strapi;
      const map = '{"stripe_customer_id":"customer_ref"}';
      for (const env of [
        { SERVICE_BILLING_PROFILE_RELATION: 'billing_account', SERVICE_BILLING_FIELD_MAP: map },
        {
          SERVICE_BILLING_PROFILE_MODEL: ACCOUNT,
          SERVICE_BILLING_PROFILE_USER_FIELD: 'user',
          SERVICE_BILLING_FIELD_MAP: map,
        },
      ]) {
        expect(buildBillingProfileStore(strapi, validateConfig(fromEnvironment(env)))).toBeTruthy();
      }
    });
  });

  it.each([CASES[0], CASES[2]])('a boot with %s stops, naming the setting', async (_name, env, pattern) => {
    const error = await bootFailure({ SERVICE_SEED_SAMPLE_DATA: 'false', ...env });
    expect(error.message).toMatch(pattern);
  });
});
