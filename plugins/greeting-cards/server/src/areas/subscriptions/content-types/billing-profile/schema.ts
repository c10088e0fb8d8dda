import { defineType, rel, str, int } from '../../../../platform/db/define-content-type';

const billingProfile = defineType({
  singular: 'billing-profile',
  plural: 'billing-profiles',
  displayName: 'Billing profile',
  curated: false,
  description: 'The payment provider customer of a user.',
  unique: ['user_key'],
  attributes: {
    user: rel.oneToOne('plugin::users-permissions.user'),
    // The owner's id (whatever SERVICE_USER_MODEL is): a unique index on it means one profile per
    // user even when two checkouts race to create it.
    user_key: int(),
    stripe_customer_id: str(),
    email: str(),
    name: str(),
  },
});

export default billingProfile;
