import { defineType, str, text, int, bool, enumeration } from '../../../../platform/db/define-content-type';
import { PLAN_INTERVALS } from '../../../../platform/enums';

const subscriptionPlan = defineType({
  singular: 'subscription-plan',
  plural: 'subscription-plans',
  displayName: 'Subscription plan',
  curated: true,
  publishable: true,
  description: 'Monthly plans. The provider price id comes from the Stripe dashboard.',
  attributes: {
    name: str({ required: true }),
    slug: { type: 'uid', targetField: 'name', required: true },
    description: text(),
    provider_price_id: str(),
    amount_pence: int({ required: true, min: 0 }),
    interval: enumeration(PLAN_INTERVALS, 'month'),
    is_active: bool(true),
    grants_premium: bool(true),
  },
});

export default subscriptionPlan;
