import type { Core } from '@strapi/strapi';
import { UID } from '../../platform/uids';
import { getConfig } from '../../platform/config/get-config';
import type {
  ProviderEvent,
  ProviderSubscriptionFields,
  SubscriptionAction,
} from '../../platform/providers/payment/payment-events';
import {
  shouldApply,
  TERMINAL_STATUSES,
  type StoredSubscription,
} from '../../platform/providers/payment/subscription-state';
import { providers } from '../../platform/providers/registry';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import { query, type Row } from '../../platform/db/query';
import { PUBLISHED } from '../../platform/db/published';

type SubRow = StoredSubscription & Row;
type CheckoutCompleted = SubscriptionAction & { kind: 'subscription_checkout_completed' };

// Keeps subscription rows in step with the provider's events (already neutral actions: the provider
// read its own payloads). Every write names the event's `created` time; an event older than the last
// one applied, or one that would bring a canceled subscription back, changes nothing.

const subs = (strapi: Core.Strapi) => query(strapi, UID.subscription);
const plans = (strapi: Core.Strapi) => query(strapi, UID.subscriptionPlan);

const bySubscriptionId = (strapi: Core.Strapi, id: string): Promise<SubRow | null> =>
  subs(strapi).findOne({ where: { provider_subscription_id: id }, populate: ['plan', 'user'] });

async function existingUser(strapi: Core.Strapi, raw: unknown): Promise<number | null> {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const user = await query(strapi, getConfig(strapi).userModel).findOne({ where: { id }, select: ['id'] });
  return user ? id : null;
}

async function planFor(
  strapi: Core.Strapi,
  fields: ProviderSubscriptionFields,
  existing: Row | null,
): Promise<number | null> {
  if (fields.price_id) {
    const plan = await plans(strapi).findOne({
      where: { provider_price_id: fields.price_id, ...PUBLISHED },
      select: ['id'],
    });
    if (plan) return plan.id;
  }
  if (existing?.plan) return existing.plan.id;
  const slug = fields.metadata.plan_slug;
  const plan = slug ? await plans(strapi).findOne({ where: { slug, ...PUBLISHED }, select: ['id'] }) : null;
  return plan?.id ?? null;
}

async function userFor(
  strapi: Core.Strapi,
  fields: ProviderSubscriptionFields,
  existing: Row | null,
  hint: number | null,
): Promise<number | null> {
  if (existing?.user) return existing.user.id;
  const fromMetadata = await existingUser(strapi, fields.metadata.user_id);
  if (fromMetadata) return fromMetadata;
  if (hint) return hint;
  if (!fields.provider_customer_id) return null;
  return providers(strapi).get('billingProfile').userIdForCustomer(fields.provider_customer_id);
}

/** Creates or updates the row of one provider subscription from its current state. */
async function upsert(
  strapi: Core.Strapi,
  fields: ProviderSubscriptionFields,
  eventAt: Date,
  userHint: number | null = null,
  retried = false,
): Promise<string> {
  const existing = await bySubscriptionId(strapi, fields.provider_subscription_id);
  if (!shouldApply(existing, fields.status, eventAt)) return 'ignored: out of date';
  const user = await userFor(strapi, fields, existing, userHint);
  if (!user) {
    strapi.log.warn(
      `[greeting-cards] subscription ${fields.provider_subscription_id}: no user found (metadata, customer); ignored`,
    );
    return 'ignored: unknown user';
  }
  const data: Row = {
    user,
    plan: await planFor(strapi, fields, existing),
    provider: providers(strapi).get('webhook').name,
    provider_customer_id: fields.provider_customer_id ?? existing?.provider_customer_id ?? null,
    status: fields.status,
    current_period_start: fields.current_period_start ?? existing?.current_period_start ?? null,
    current_period_end: fields.current_period_end ?? existing?.current_period_end ?? null,
    cancel_at_period_end: fields.cancel_at_period_end,
    canceled_at: fields.canceled_at,
    last_event_at: eventAt,
  };
  if (existing) {
    // Conditional: a newer event applied meanwhile wins.
    await subs(strapi).updateMany({
      where: { id: existing.id, $or: [{ last_event_at: { $null: true } }, { last_event_at: { $lte: eventAt } }] },
      data,
    });
    return `subscription ${fields.status}`;
  }
  try {
    await subs(strapi).create({ data: { ...data, provider_subscription_id: fields.provider_subscription_id } });
    return `subscription ${fields.status}`;
  } catch (error) {
    // Two events for a new subscription raced: the other created the row, update it instead.
    if (!isUniqueViolation(error) || retried) throw error;
    return upsert(strapi, fields, eventAt, userHint, true);
  }
}

/** A completed subscription-mode checkout: link the subscription (and customer) to the user. */
async function checkoutCompleted(strapi: Core.Strapi, checkout: CheckoutCompleted, eventAt: Date): Promise<string> {
  let userId: number | null = null;
  for (const ref of checkout.userRefs) userId ??= await existingUser(strapi, ref);
  const { subscriptionId, customerId: customer } = checkout;
  if (!userId || !subscriptionId) return 'ignored: no user or subscription';
  if (customer) await providers(strapi).get('billingProfile').claimCustomerId(userId, customer);
  const provider = providers(strapi).get('subscription');
  const fields = provider ? await provider.getSubscription(subscriptionId) : null;
  if (fields) return upsert(strapi, fields, eventAt, userId);
  // Not readable from here: record the link; the subscription's own events fill in the rest.
  return upsert(
    strapi,
    {
      provider_subscription_id: subscriptionId,
      provider_customer_id: customer,
      price_id: null,
      status: 'incomplete',
      current_period_start: null,
      current_period_end: null,
      cancel_at_period_end: false,
      canceled_at: null,
      metadata: { ...checkout.metadata, user_id: String(userId) },
    },
    eventAt,
    userId,
  );
}

async function paymentFailed(strapi: Core.Strapi, id: string | null, eventAt: Date): Promise<string> {
  const existing = id ? await bySubscriptionId(strapi, id) : null;
  if (!existing) return 'ignored: unknown subscription';
  if (
    (TERMINAL_STATUSES as readonly string[]).includes(existing.status) ||
    !shouldApply(existing, 'past_due', eventAt)
  ) {
    return 'ignored: out of date';
  }
  await subs(strapi).update({ where: { id: existing.id }, data: { status: 'past_due', last_event_at: eventAt } });
  return 'subscription past_due';
}

/** Applies one subscription action; returns what happened, for the webhook's answer. */
export async function applySubscriptionAction(
  strapi: Core.Strapi,
  event: ProviderEvent,
  action: SubscriptionAction,
): Promise<string> {
  const eventAt = typeof event.created === 'number' ? new Date(event.created * 1000) : new Date();
  switch (action.kind) {
    case 'subscription_checkout_completed':
      return checkoutCompleted(strapi, action, eventAt);
    case 'subscription_created':
    case 'subscription_updated':
      return upsert(strapi, action.subscription, eventAt);
    case 'subscription_deleted':
      // However the provider words it, a deleted subscription is over.
      return upsert(strapi, { ...action.subscription, status: 'canceled' }, eventAt);
    case 'invoice_payment_failed':
      return paymentFailed(strapi, action.subscriptionId, eventAt);
  }
}
