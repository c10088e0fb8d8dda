import { bootFailure } from '../helpers/strapi';

// A wrong billing setting stops boot in bootstrap(), with a message naming the setting.
describe('billing settings are checked against the content types at boot', () => {
  const ACCOUNT = 'api::billing-account.billing-account';
  it.each([
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
  ])('refuses %s', async (_name, env, pattern) => {
    const error = await bootFailure({ SERVICE_SEED_SAMPLE_DATA: 'false', ...env });
    expect(error.message).toMatch(pattern);
  });
});
