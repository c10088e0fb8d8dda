import type { Core } from '@strapi/strapi';
import { UID } from '../../platform/uids';
import type { ProviderEvent, SubscriptionAction } from '../../platform/providers/payment/payment-events';
import { grantsPremium, isLive, type StoredSubscription } from '../../platform/providers/payment/subscription-state';
import { serializePlan, serializeSubscription } from './serializer';
import { openBillingPortal, startSubscriptionCheckout, type SubscribingUser } from './subscription-checkout';
import { applySubscriptionAction } from './subscription-sync';
import { pagedRows } from '../../platform/db/paged-rows';
import type { PageRequest } from '../../platform/http/pagination';
import type { PortalInput, SubscriptionCheckoutInput } from '../../platform/http/inputs';
import { query, type Row } from '../../platform/db/query';
import { PUBLISHED } from '../../platform/db/published';

type SubRow = StoredSubscription & Row;

export { ALREADY_SUBSCRIBED } from './subscription-checkout';

// Plans, the user's status and premium access here; subscribing and the portal in
// subscription-checkout; the provider's subscription events in subscription-sync.
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const subs = () => query(strapi, UID.subscription);
  const plans = () => query(strapi, UID.subscriptionPlan);

  /** The user's subscriptions: the one giving premium first, then live ones, then the newest. */
  async function subscriptionsOf(userId: number): Promise<SubRow[]> {
    const rows: SubRow[] = await subs().findMany({
      where: { user: { id: userId } },
      populate: ['plan'],
      orderBy: [{ id: 'desc' }],
    });
    const now = new Date();
    return rows.sort(
      (a, b) =>
        Number(grantsPremium(b, now)) - Number(grantsPremium(a, now)) ||
        Number(isLive(b, now)) - Number(isLive(a, now)),
    );
  }

  /** True while the user has an active or trialing subscription, within its period, to a plan granting premium. */
  async function hasPremium(userId: number): Promise<boolean> {
    const rows: SubRow[] = await subs().findMany({
      where: { user: { id: userId }, status: { $in: ['active', 'trialing'] } },
      populate: ['plan'],
    });
    const now = new Date();
    return rows.some((row) => grantsPremium(row, now));
  }

  return {
    hasPremium,
    checkout: (user: SubscribingUser, input: SubscriptionCheckoutInput) =>
      startSubscriptionCheckout(strapi, user, input, hasPremium),
    portal: (user: SubscribingUser, input: PortalInput) => openBillingPortal(strapi, user, input),

    async listPlans(page: PageRequest) {
      const where = { is_active: true, ...PUBLISHED };
      const { count, rows } = await pagedRows(
        page,
        () => plans().count({ where }),
        () =>
          plans().findMany({
            where,
            orderBy: [{ amount_pence: 'asc' }, { id: 'asc' }],
            offset: page.offset,
            limit: page.pageSize,
          }),
      );
      return { count, results: (rows as Row[]).map(serializePlan) };
    },

    async status(userId: number) {
      const [current] = await subscriptionsOf(userId);
      const now = new Date();
      return {
        active: current ? isLive(current, now) : false,
        has_premium: current ? grantsPremium(current, now) : false,
        subscription: current ? serializeSubscription(current) : null,
      };
    },

    /** The webhook's hook for subscription events; returns what happened, for the webhook's answer. */
    handleSubscriptionEvent(event: ProviderEvent, action: SubscriptionAction): Promise<string> {
      return applySubscriptionAction(strapi, event, action);
    },
  };
};
