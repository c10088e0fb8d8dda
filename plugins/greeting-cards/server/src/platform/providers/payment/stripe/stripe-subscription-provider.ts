// Stripe's side of subscriptions: customers, subscription-mode Checkout, the billing portal.
import type { SubscriptionProvider } from '../subscription-provider';
import { createStripeClient } from './stripe-payment-provider';
import { fromStripeSubscription } from './stripe-payloads';
import { stripeVatRate } from './stripe-tax-rates';

export function createStripeSubscriptionProvider(options: {
  secretKey: string;
  apiBase?: string;
}): SubscriptionProvider {
  const client = createStripeClient(options);
  async function getSubscription(id: string) {
    try {
      const subscription = await client.subscriptions.retrieve(id);
      return fromStripeSubscription(subscription as unknown as Record<string, unknown>);
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) return null;
      throw error;
    }
  }
  return {
    name: 'stripe',
    async createCustomer(input, idempotencyKey) {
      const customer = await client.customers.create(
        { email: input.email ?? undefined, name: input.name ?? undefined, metadata: { user_id: String(input.userId) } },
        { idempotencyKey },
      );
      return customer.id;
    },
    async startSubscriptionCheckout(req) {
      const metadata = { user_id: String(req.userId), plan_slug: req.planSlug };
      const session = await client.checkout.sessions.create(
        {
          mode: 'subscription',
          customer: req.customerId,
          client_reference_id: String(req.userId),
          metadata,
          // The subscription carries them too, so its own events name the user and plan.
          subscription_data: { metadata },
          // Prices entered net: the plan's Price stays its net amount (the webhook finds the plan by it), and
          // an exclusive tax rate makes Stripe add the VAT to this charge and every renewal (its invoices
          // then show net, rate, VAT and total).
          line_items: [
            {
              price: req.priceId,
              quantity: 1,
              ...(req.vat ? { tax_rates: [await stripeVatRate(client, req.vat)] } : {}),
            },
          ],
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
        },
        { idempotencyKey: req.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
      return { sessionId: session.id, url: session.url };
    },
    async createPortalSession(customerId, returnUrl) {
      const session = await client.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return session.url;
    },
    async cancelSubscription(id) {
      const current = await getSubscription(id);
      if (!current || current.status === 'canceled' || current.status === 'incomplete_expired') return;
      // One key per subscription: a retry after a lost answer is the same cancellation.
      await client.subscriptions.cancel(id, {}, { idempotencyKey: `gc-cancel-${id}` });
    },
    getSubscription,
  };
}
