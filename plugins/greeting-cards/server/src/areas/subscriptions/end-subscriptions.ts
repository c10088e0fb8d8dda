import type { Core } from '@strapi/strapi';
import { UID } from '../../platform/uids';
import { query, type Row } from '../../platform/db/query';
import { providers } from '../../platform/providers/registry';
import { TERMINAL_STATUSES } from '../../platform/providers/payment/subscription-state';

// An account deletion ends the account's subscriptions (docs/accounts.md, "Deleting an account"): a
// live one at the payment provider is cancelled there now, so a deleted shopper is never charged
// again, and every row is marked canceled. The rows stay, as records of what was paid. Safe to
// repeat: an ended row is passed over, and the provider's side leaves an ended subscription alone
// (SubscriptionProvider.cancelSubscription). A provider that does not answer throws, and the
// deletion's next run tries again.

const ended = (row: Row) => (TERMINAL_STATUSES as readonly string[]).includes(String(row.status));

export async function endSubscriptionsOf(strapi: Core.Strapi, userId: number): Promise<number> {
  const rows: Row[] = await query(strapi, UID.subscription).findMany({
    where: { user: { id: userId } },
    select: ['id', 'status', 'provider', 'provider_subscription_id'],
  });
  let cancelled = 0;
  for (const row of rows.filter((r) => !ended(r))) {
    const provider = providers(strapi).get('subscription');
    if (row.provider_subscription_id && row.provider !== 'demo') {
      if (provider && provider.name === row.provider) {
        await provider.cancelSubscription(String(row.provider_subscription_id));
        cancelled += 1;
      } else {
        // Payments switched off, or another provider now: the deletion still goes on, and says so.
        strapi.log.error(
          `[greeting-cards] subscription ${row.id} of a deleted account is at ${String(row.provider)}, which is not configured: cancel ${String(row.provider_subscription_id)} there by hand`,
        );
      }
    }
    await query(strapi, UID.subscription).update({
      where: { id: row.id },
      data: { status: 'canceled', canceled_at: new Date(), cancel_at_period_end: false },
    });
  }
  return cancelled;
}
