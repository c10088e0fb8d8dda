import crypto from 'crypto';
import type { Core } from '@strapi/strapi';

// Plans, stored subscriptions and Stripe-shaped subscription objects for the subscription tests.
const q = (strapi: Core.Strapi, uid: string) => strapi.db.query(uid);
export const PLAN = 'plugin::greeting-cards.subscription-plan';
export const SUBSCRIPTION = 'plugin::greeting-cards.subscription';
export const BILLING_PROFILE = 'plugin::greeting-cards.billing-profile';

export async function createPlan(strapi: Core.Strapi, fields: Record<string, unknown> = {}) {
  const slug = `plan-${crypto.randomBytes(4).toString('hex')}`;
  return q(strapi, PLAN).create({
    data: {
      name: `Plan ${slug}`,
      slug,
      amount_pence: 499,
      interval: 'month',
      is_active: true,
      grants_premium: true,
      publishedAt: new Date(),
      ...fields,
    },
  });
}

export async function subscriptionRow(strapi: Core.Strapi, providerSubscriptionId: string) {
  return q(strapi, SUBSCRIPTION).findOne({
    where: { provider_subscription_id: providerSubscriptionId },
    populate: ['plan', 'user'],
  });
}

export async function subscriptionsOf(strapi: Core.Strapi, userId: number) {
  return q(strapi, SUBSCRIPTION).findMany({ where: { user: { id: userId } }, populate: ['plan'] });
}

/** Moves every subscription of the user to a period that ended an hour ago. */
export async function endPeriods(strapi: Core.Strapi, userId: number) {
  const rows = await subscriptionsOf(strapi, userId);
  for (const row of rows) {
    await q(strapi, SUBSCRIPTION).update({
      where: { id: row.id },
      data: { current_period_end: new Date(Date.now() - 3600_000) },
    });
  }
}

const now = () => Math.floor(Date.now() / 1000);

/** A Stripe subscription object as the current API version sends it (period on the item). */
export function stripeSubscription(fields: {
  id?: string;
  customer?: string;
  price: string;
  status?: string;
  periodEnd?: number;
  cancelAtPeriodEnd?: boolean;
  metadata?: Record<string, string>;
  canceledAt?: number | null;
}) {
  return {
    id: fields.id ?? `sub_${crypto.randomBytes(8).toString('hex')}`,
    object: 'subscription',
    customer: fields.customer ?? `cus_${crypto.randomBytes(8).toString('hex')}`,
    status: fields.status ?? 'active',
    cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
    canceled_at: fields.canceledAt ?? null,
    metadata: fields.metadata ?? {},
    items: {
      object: 'list',
      data: [
        {
          id: `si_${crypto.randomBytes(6).toString('hex')}`,
          price: { id: fields.price },
          current_period_start: now() - 60,
          current_period_end: fields.periodEnd ?? now() + 30 * 86400,
        },
      ],
    },
  };
}
