// The provider side of subscriptions: customers, subscription-mode Checkout, the billing portal and
// reading a subscription back. Only provider mode has one; demo mode activates subscriptions locally.
import type { PluginConfig } from '../../config/settings';
import { createStripeClient } from './stripe-payment-provider';

export interface SubscriptionCheckoutRequest {
  priceId: string;
  customerId: string;
  userId: number;
  planSlug: string;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

export interface SubscriptionProvider {
  readonly name: string;
  /** Creates the customer; the same idempotency key always gives the same customer. */
  createCustomer(input: { email: string | null; name: string | null; userId: number }, idempotencyKey: string): Promise<string>;
  startSubscriptionCheckout(request: SubscriptionCheckoutRequest): Promise<{ sessionId: string; url: string }>;
  createPortalSession(customerId: string, returnUrl: string): Promise<string>;
  /** The provider's subscription object, or null when it does not exist. */
  getSubscription(id: string): Promise<Record<string, unknown> | null>;
}

export function createStripeSubscriptionProvider(options: { secretKey: string; apiBase?: string }): SubscriptionProvider {
  const client = createStripeClient(options);
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
          line_items: [{ price: req.priceId, quantity: 1 }],
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
    async getSubscription(id) {
      try {
        return (await client.subscriptions.retrieve(id)) as unknown as Record<string, unknown>;
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw error;
      }
    },
  };
}

/** The subscription provider in provider mode; null in demo mode or when payments are off. */
export function resolveSubscriptionProvider(config: PluginConfig): SubscriptionProvider | null {
  if (!config.stripeSecretKey) return null;
  return createStripeSubscriptionProvider({ secretKey: config.stripeSecretKey, apiBase: config.stripeApiBase });
}
