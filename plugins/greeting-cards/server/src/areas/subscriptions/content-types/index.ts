import subscriptionPlan from './subscription-plan/schema';
import subscription from './subscription/schema';
import billingProfile from './billing-profile/schema';

/** The content types of this area, by name. */
export default {
  'subscription-plan': subscriptionPlan,
  subscription: subscription,
  'billing-profile': billingProfile,
};
