import type { Core } from '@strapi/strapi';
import crypto from 'crypto';
import { UID } from '../../platform/uids';
import { getConfig } from '../../platform/config/get-config';
import { badRequest, conflict, fieldError, unavailable } from '../../platform/errors';
import type { PortalInput, SubscriptionCheckoutInput } from '../../platform/http/inputs';
import { periodEnd } from '../../platform/providers/payment/subscription-state';
import { returnUrl } from '../payments';
import { paymentMode } from '../../platform/providers/payment';
import { providers } from '../../platform/providers/registry';
import { billingProfileOf, ensureCustomer } from './billing-customer';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import { assertAllowedRedirects } from '../../platform/http/redirects';
import { query, type Row } from '../../platform/db/query';
import { PUBLISHED } from '../../platform/db/published';
import { msg } from '../../platform/i18n/format-message';
import { getService } from '../../platform/get-service';

// Starting a subscription (demo: active at once; provider: a subscription-mode Checkout Session) and
// opening the billing portal, as helpers of the subscriptions service.

export type SubscribingUser = { id: number; email?: string };
type User = SubscribingUser;

export const ALREADY_SUBSCRIBED = msg('error.already_subscribed');

async function callProvider<T>(strapi: Core.Strapi, what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    strapi.log.error(`[greeting-cards] payment provider failed (${what}): ${(error as Error).message}`);
    throw unavailable(msg('error.payment_unreachable'));
  }
}

function modeOrFail(strapi: Core.Strapi) {
  const mode = paymentMode(getConfig(strapi));
  if (mode === 'off') {
    throw unavailable(msg('error.subscriptions_not_configured'));
  }
  return mode;
}

async function activateDemo(
  strapi: Core.Strapi,
  user: User,
  plan: Row,
  hasPremium: (userId: number) => Promise<boolean>,
): Promise<void> {
  const now = new Date();
  try {
    await strapi.db.transaction(async ({ trx }) => {
      // One demo checkout per user at a time: the second waits on the user's row (PostgreSQL; SQLite
      // runs one transaction at a time), then sees the first one's subscription and is refused. Without
      // the lock, a checkout that finished between the other's premium check and its count let both in.
      const users = strapi.db.metadata.get('plugin::users-permissions.user').tableName;
      await trx(users).select('id').where({ id: user.id }).forUpdate().first();
      if (await hasPremium(user.id)) throw conflict(ALREADY_SUBSCRIBED);
      // The id counts the user's subscriptions; the unique index still stands behind the lock.
      const seq = (await query(strapi, UID.subscription).count({ where: { user: { id: user.id } } })) + 1;
      await query(strapi, UID.subscription).create({
        data: {
          user: user.id,
          plan: plan.id,
          provider: 'demo',
          provider_subscription_id: `demo_sub_${user.id}_${seq}`,
          status: 'active',
          current_period_start: now,
          current_period_end: periodEnd(now, plan.interval),
          last_event_at: now,
        },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ALREADY_SUBSCRIBED);
    throw error;
  }
}

/** Subscribes the user to a plan, or says why not (already premium, no price, payments off). */
export async function startSubscriptionCheckout(
  strapi: Core.Strapi,
  user: User,
  input: SubscriptionCheckoutInput,
  hasPremium: (userId: number) => Promise<boolean>,
) {
  assertAllowedRedirects(getConfig(strapi), { success_url: input.success_url, cancel_url: input.cancel_url });
  const plan: Row | null = await query(strapi, UID.subscriptionPlan).findOne({
    where: { slug: input.plan_slug, is_active: true, ...PUBLISHED },
  });
  if (!plan) throw fieldError('plan_slug', msg('error.no_plan'));
  if (await hasPremium(user.id)) throw conflict(ALREADY_SUBSCRIBED);
  const config = getConfig(strapi);
  const successUrl = returnUrl(input.success_url, config.subscriptionSuccessUrl, '', config);
  const cancelUrl = returnUrl(input.cancel_url, config.subscriptionCancelUrl, '', config);
  if (modeOrFail(strapi) === 'demo') {
    await activateDemo(strapi, user, plan, hasPremium);
    return { checkout_url: successUrl, provider: 'demo' };
  }
  if (!plan.provider_price_id) throw badRequest(msg('error.plan_no_price'));
  const provider = providers(strapi).get('subscription')!;
  // Prices entered net: the plan's price is net, and the provider adds this VAT to every charge.
  const vat = await getService(strapi, 'invoices').membershipVat(user.id);
  const session = await callProvider(strapi, 'subscription checkout', async () =>
    provider.startSubscriptionCheckout({
      vat,
      priceId: plan.provider_price_id,
      customerId: await ensureCustomer(strapi, provider, user),
      userId: user.id,
      planSlug: plan.slug,
      successUrl,
      cancelUrl,
      idempotencyKey: `gc-subscribe-${user.id}-${crypto.randomUUID()}`,
    }),
  );
  return { checkout_url: session.url, session_id: session.sessionId, provider: provider.name };
}

/** The provider's billing portal for the user (demo mode: straight back). */
export async function openBillingPortal(strapi: Core.Strapi, user: User, input: PortalInput) {
  const config = getConfig(strapi);
  assertAllowedRedirects(config, { return_url: input.return_url });
  const back = returnUrl(input.return_url, config.billingPortalReturnUrl, '', config);
  if (modeOrFail(strapi) === 'demo') return { portal_url: back, provider: 'demo' };
  const profile = await billingProfileOf(strapi, user);
  if (!profile.customerId) throw badRequest(msg('error.no_billing_account'));
  const provider = providers(strapi).get('subscription')!;
  const portalUrl = await callProvider(strapi, 'billing portal', () =>
    provider.createPortalSession(profile.customerId!, back),
  );
  return { portal_url: portalUrl, provider: provider.name };
}
