// The provider side of subscriptions: customers, subscription-mode Checkout, the billing portal and
// reading a subscription back. Only provider mode has one; demo mode activates subscriptions locally.
import type { ProviderSubscriptionFields } from './payment-events';

export interface SubscriptionCheckoutRequest {
  priceId: string;
  customerId: string;
  userId: number;
  planSlug: string;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
  /**
   * Prices entered net (SERVICE_PRICES_INCLUDE_VAT=false): the VAT the provider adds to every charge of the
   * plan's (net) price, at the plan's place of supply. Absent with gross prices or a rate of 0.
   */
  vat?: { country: string; rateBp: number } | null;
}

export interface SubscriptionProvider {
  readonly name: string;
  /** Creates the customer; the same idempotency key always gives the same customer. */
  createCustomer(
    input: { email: string | null; name: string | null; userId: number },
    idempotencyKey: string,
  ): Promise<string>;
  startSubscriptionCheckout(request: SubscriptionCheckoutRequest): Promise<{ sessionId: string; url: string }>;
  createPortalSession(customerId: string, returnUrl: string): Promise<string>;
  /** The provider's subscription in our terms, or null when it does not exist. */
  getSubscription(id: string): Promise<ProviderSubscriptionFields | null>;
  /**
   * Ends the subscription now, without a refund (an account deletion). Safe to repeat: a subscription
   * that is already ended, or that the provider does not know, is left as it is.
   */
  cancelSubscription(id: string): Promise<void>;
}
