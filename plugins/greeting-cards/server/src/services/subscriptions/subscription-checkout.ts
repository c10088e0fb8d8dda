import type { Core } from '@strapi/strapi';
import crypto from 'crypto';
import { UID } from '../../uids';
import { getConfig } from '../../config/get-config';
import { badRequest, conflict, fieldError, unavailable } from '../../errors';
import type { PortalInput, SubscriptionCheckoutInput } from '../../http/inputs';
import { periodEnd } from '../../domain/subscription-state';
import { returnUrl } from '../../domain/payment-lines';
import { paymentMode } from '../../providers/payment';
import { providers } from '../../providers/registry';
import { billingProfileOf, ensureCustomer } from './billing-customer';
import { isUniqueViolation } from '../../db/unique-violation';
import { assertAllowedRedirects } from '../shared/redirects';
import { query } from '../../db/query';

type Row = Record<string, any>;
type User = { id: number; email?: string };

export const ALREADY_SUBSCRIBED =
  'You already have an active premium subscription. Manage or cancel it in the billing portal (POST /api/subscriptions/portal/).';

// Starting a subscription (demo: active at once; provider: a subscription-mode Checkout Session) and
// opening the billing portal.
export function subscriptionCheckout(strapi: Core.Strapi, hasPremium: (userId: number) => Promise<boolean>) {
  const subs = () => query(strapi, UID.subscription);

  async function callProvider<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      strapi.log.error(`[greeting-cards] payment provider failed (${what}): ${(error as Error).message}`);
      throw unavailable('The payment provider could not be reached. Please try again.');
    }
  }

  function modeOrFail() {
    const mode = paymentMode(getConfig(strapi));
    if (mode === 'off') {
      throw unavailable('Payments are not configured: set SERVICE_STRIPE_SECRET_KEY, or enable SERVICE_DEMO_PAYMENTS for demo subscriptions.');
    }
    return mode;
  }

  async function activateDemo(user: User, plan: Row): Promise<void> {
    const now = new Date();
    // The id counts the user's subscriptions: two racing demo checkouts compute the same id and the
    // unique index lets only one through.
    const seq = (await subs().count({ where: { user: { id: user.id } } })) + 1;
    try {
      await subs().create({
        data: {
          user: user.id, plan: plan.id, provider: 'demo', provider_subscription_id: `demo_sub_${user.id}_${seq}`,
          status: 'active', current_period_start: now, current_period_end: periodEnd(now, plan.interval), last_event_at: now,
        },
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(ALREADY_SUBSCRIBED);
      throw error;
    }
  }

  return {
    async checkout(user: User, input: SubscriptionCheckoutInput) {
      assertAllowedRedirects(getConfig(strapi), { success_url: input.success_url, cancel_url: input.cancel_url });
      const plan: Row | null = await query(strapi, UID.subscriptionPlan).findOne({ where: { slug: input.plan_slug, is_active: true } });
      if (!plan) throw fieldError('plan_slug', 'No active plan has this slug.');
      if (await hasPremium(user.id)) throw conflict(ALREADY_SUBSCRIBED);
      const config = getConfig(strapi);
      const successUrl = returnUrl(input.success_url, config.subscriptionSuccessUrl, '', config);
      const cancelUrl = returnUrl(input.cancel_url, config.subscriptionCancelUrl, '', config);
      if (modeOrFail() === 'demo') {
        await activateDemo(user, plan);
        return { checkout_url: successUrl, provider: 'demo' };
      }
      if (!plan.provider_price_id) throw badRequest('This plan has no provider price yet, so it cannot be bought online. Please choose another plan.');
      const provider = providers(strapi).get('subscription')!;
      const session = await callProvider('subscription checkout', async () =>
        provider.startSubscriptionCheckout({
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
    },

    async portal(user: User, input: PortalInput) {
      const config = getConfig(strapi);
      assertAllowedRedirects(config, { return_url: input.return_url });
      const back = returnUrl(input.return_url, config.billingPortalReturnUrl, '', config);
      if (modeOrFail() === 'demo') return { portal_url: back, provider: 'demo' };
      const profile = await billingProfileOf(strapi, user);
      if (!profile.customerId) throw badRequest('You have no billing account yet: subscribe first at /subscriptions/.');
      const provider = providers(strapi).get('subscription')!;
      const portalUrl = await callProvider('billing portal', () => provider.createPortalSession(profile.customerId!, back));
      return { portal_url: portalUrl, provider: provider.name };
    },
  };
}
