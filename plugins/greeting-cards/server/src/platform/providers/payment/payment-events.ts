// The neutral actions a payment provider turns its webhook events into (platform/providers/payment/*/), so no
// vendor's event names or payload fields reach the domain or the services.
import type { SubscriptionStatus } from './subscription-state';

/** A provider subscription in our terms (the names mirror our subscription row's columns). */
export interface ProviderSubscriptionFields {
  provider_subscription_id: string;
  provider_customer_id: string | null;
  price_id: string | null;
  status: SubscriptionStatus;
  current_period_start: Date | null;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  canceled_at: Date | null;
  metadata: Record<string, string>;
}

/** What a subscription webhook means for us; handled by the subscriptions service. */
export type SubscriptionAction =
  /**
   * A subscription checkout finished: link its subscription and customer to the user. `userRefs` are
   * the user ids the provider echoed back, most trusted first (each is checked against the users table).
   */
  | {
      kind: 'subscription_checkout_completed';
      userRefs: unknown[];
      subscriptionId: string | null;
      customerId: string | null;
      metadata: Record<string, string>;
    }
  | {
      kind: 'subscription_created' | 'subscription_updated' | 'subscription_deleted';
      subscription: ProviderSubscriptionFields;
    }
  /** A renewal payment failed: the subscription is past due. */
  | { kind: 'invoice_payment_failed'; subscriptionId: string | null };

export const SUBSCRIPTION_ACTION_KINDS = [
  'subscription_checkout_completed',
  'subscription_created',
  'subscription_updated',
  'subscription_deleted',
  'invoice_payment_failed',
] as const satisfies readonly SubscriptionAction['kind'][];

export type PaymentAction =
  /** amountPence and currency are what the provider says it took, checked against the order. */
  | {
      kind: 'paid';
      orderUuid: string;
      sessionId: string | null;
      paymentId: string | null;
      amountPence: number | null;
      currency: string | null;
      /** The tax in amountPence as the provider computed it (Stripe Tax), else null or absent. */
      taxPence?: number | null;
    }
  | { kind: 'failed'; orderUuid: string; sessionId: string | null }
  | { kind: 'expired'; orderUuid: string; sessionId: string | null }
  | { kind: 'refunded'; paymentId: string; fullyRefunded: boolean }
  | SubscriptionAction
  | { kind: 'not_supported'; eventType: string; reason: string };

export function isSubscriptionAction(action: PaymentAction): action is SubscriptionAction {
  return (SUBSCRIPTION_ACTION_KINDS as readonly string[]).includes(action.kind);
}

export interface ProviderEvent {
  id: string;
  type: string;
  /** Seconds since the epoch, when the provider created the event. */
  created?: number;
  data: { object: Record<string, unknown> };
}
