import { defineType, rel, str, bool, dt, enumeration } from '../../../../platform/db/define-content-type';
import { UID } from '../../../../platform/uids';
import { SUBSCRIPTION_STATUSES } from '../../../../platform/enums';

const subscription = defineType({
  singular: 'subscription',
  plural: 'subscriptions',
  displayName: 'Subscription',
  curated: false,
  description: "A user's subscription to a plan.",
  unique: ['provider_subscription_id'],
  attributes: {
    user: rel.user(),
    plan: rel.manyToOne(UID.subscriptionPlan),
    provider: str({ default: 'demo' }),
    provider_subscription_id: str({ unique: true }),
    provider_customer_id: str(),
    status: enumeration(SUBSCRIPTION_STATUSES, 'incomplete'),
    current_period_start: dt(),
    current_period_end: dt(),
    cancel_at_period_end: bool(false),
    canceled_at: dt(),
    // `created` of the newest provider event applied: older events arriving late are ignored.
    last_event_at: dt(),
  },
});

export default subscription;
