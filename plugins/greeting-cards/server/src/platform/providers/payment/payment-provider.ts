// The replaceable payment part. Orders and subscriptions talk to this interface only; the Stripe
// implementation, the demo mode and an in-memory double for unit tests sit next to it.
import type { PaymentAction, ProviderEvent } from './payment-events';

export interface CheckoutLine {
  name: string;
  description?: string;
  amount_pence: number;
  quantity: number;
}

export interface OrderCheckoutRequest {
  orderUuid: string;
  currency: string;
  lines: CheckoutLine[];
  customerEmail?: string;
  successUrl: string;
  cancelUrl: string;
  /** Same key, same session: a double click or a retried request never opens two sessions. */
  idempotencyKey: string;
  metadata?: Record<string, string>;
}

export type CheckoutStart =
  /** The buyer must go to the provider's hosted page. */
  | { kind: 'redirect'; sessionId: string; url: string }
  /** Paid on the spot (demo mode): complete the order now. */
  | { kind: 'completed'; sessionId: string | null; paymentId: string | null };

export interface SessionInfo {
  id: string;
  status: string | null;
  url: string | null;
}

/** Part of a payment given back (a cancelled posted card). */
export interface RefundRequest {
  /** The provider's payment id recorded on the order (Stripe: the payment intent). */
  paymentId: string;
  amountPence: number;
  currency: string;
  /** Same key, same refund: a retried request never gives the money back twice. */
  idempotencyKey: string;
  metadata?: Record<string, string>;
}

export interface PaymentProvider {
  readonly name: string;
  /** The request header (lower case) that carries a webhook's signature. */
  readonly signatureHeader: string;
  startOrderCheckout(request: OrderCheckoutRequest): Promise<CheckoutStart>;
  /** An existing hosted session, to reuse it while it is still open. Null when unknown. */
  getSession(sessionId: string): Promise<SessionInfo | null>;
  /** Closes a hosted session that is still open, so a cancelled order cannot be paid there. */
  expireSession(sessionId: string): Promise<void>;
  /**
   * Verifies a webhook's signature over the exact raw body (throws WebhookVerificationError) and turns
   * the event into a neutral action; the event's id and type are kept to record it once.
   */
  parseWebhook(rawBody: string | Buffer, signature: string | undefined): WebhookEvent;
  /** Gives back part or all of a payment; the provider's refund id. Absent: refunds are made by hand. */
  refund?(request: RefundRequest): Promise<{ refundId: string }>;
}

/** A verified webhook: the provider's event (id, type, payload) and what it means for us. */
export interface WebhookEvent {
  event: ProviderEvent;
  action: PaymentAction;
}

export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}
