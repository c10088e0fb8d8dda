// The neutral actions a payment provider turns its webhook events into (providers/payment/*/), so no
// vendor's event names reach the domain. Subscription events become `subscription_changed` and are
// handed to the subscriptions service.
export type PaymentAction =
  /** amountPence and currency are what the provider says it took, checked against the order. */
  | { kind: 'paid'; orderUuid: string; sessionId: string | null; paymentId: string | null; amountPence: number | null; currency: string | null }
  | { kind: 'failed'; orderUuid: string; sessionId: string | null }
  | { kind: 'expired'; orderUuid: string; sessionId: string | null }
  | { kind: 'refunded'; paymentId: string; fullyRefunded: boolean }
  | { kind: 'subscription_changed'; eventType: string; object: Record<string, unknown> }
  | { kind: 'not_supported'; eventType: string; reason: string };

export interface ProviderEvent {
  id: string;
  type: string;
  /** Seconds since the epoch, when the provider created the event. */
  created?: number;
  data: { object: Record<string, unknown> };
}
