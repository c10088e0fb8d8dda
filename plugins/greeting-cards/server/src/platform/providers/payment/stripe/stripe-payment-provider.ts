import Stripe from 'stripe';
import type { CheckoutStart, OrderCheckoutRequest, PaymentProvider, SessionInfo } from '../payment-provider';
import { WebhookVerificationError } from '../payment-provider';
import type { ProviderEvent } from '../payment-events';
import { actionFor } from './stripe-events';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API address (tests, proxies), e.g. http://127.0.0.1:4010. Empty: Stripe itself. */
  apiBase?: string;
  /**
   * Stripe Tax: automatic_tax on the Checkout Session, each price tax-inclusive, so the buyer pays the
   * total the shop showed and Stripe decides how much of it is tax (total_details.amount_tax, which
   * the paid action carries as taxPence).
   */
  automaticTax?: boolean;
}

/** The stripe SDK client, pointed at apiBase when given. Shared with subscriptions and billing. */
export function createStripeClient(options: Pick<StripeOptions, 'secretKey' | 'apiBase'>): Stripe {
  const config: Stripe.StripeConfig = { maxNetworkRetries: 1, timeout: 20_000 };
  if (options.apiBase) {
    const url = new URL(options.apiBase);
    config.host = url.hostname;
    config.protocol = url.protocol.replace(':', '') as 'http' | 'https';
    config.port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  }
  return new Stripe(options.secretKey || 'sk_unset', config);
}

export function createStripePaymentProvider(options: StripeOptions): PaymentProvider & { client: Stripe } {
  const client = createStripeClient(options);
  return {
    name: 'stripe',
    signatureHeader: 'stripe-signature',
    client,
    async startOrderCheckout(req: OrderCheckoutRequest): Promise<CheckoutStart> {
      const metadata = { order_uuid: req.orderUuid, ...(req.metadata ?? {}) };
      const session = await client.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: req.orderUuid,
          metadata,
          payment_intent_data: { metadata },
          customer_email: req.customerEmail || undefined,
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
          ...(options.automaticTax ? { automatic_tax: { enabled: true } } : {}),
          line_items: req.lines.map((line) => ({
            quantity: line.quantity,
            price_data: {
              currency: req.currency.toLowerCase(),
              unit_amount: line.amount_pence,
              ...(options.automaticTax ? { tax_behavior: 'inclusive' as const } : {}),
              product_data: { name: line.name, ...(line.description ? { description: line.description } : {}) },
            },
          })),
        },
        { idempotencyKey: req.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
      return { kind: 'redirect', sessionId: session.id, url: session.url };
    },
    async getSession(sessionId: string): Promise<SessionInfo | null> {
      try {
        const s = await client.checkout.sessions.retrieve(sessionId);
        return { id: s.id, status: s.status ?? null, url: s.url ?? null };
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw error;
      }
    },
    async expireSession(sessionId: string): Promise<void> {
      const s = await client.checkout.sessions.retrieve(sessionId);
      if (s.status === 'open') await client.checkout.sessions.expire(sessionId);
    },
    async refund(request) {
      const refund = await client.refunds.create(
        { payment_intent: request.paymentId, amount: request.amountPence, metadata: request.metadata ?? {} },
        { idempotencyKey: request.idempotencyKey },
      );
      return { refundId: refund.id };
    },
    parseWebhook(rawBody, signature) {
      if (!options.webhookSecret) throw new WebhookVerificationError('The webhook secret is not configured.');
      if (!signature) throw new WebhookVerificationError('Missing Stripe-Signature header.');
      let event: ProviderEvent;
      try {
        event = client.webhooks.constructEvent(rawBody, signature, options.webhookSecret) as unknown as ProviderEvent;
      } catch (error) {
        throw new WebhookVerificationError(`Invalid signature: ${(error as Error).message}`);
      }
      if (typeof event?.id !== 'string' || typeof event.type !== 'string')
        throw new WebhookVerificationError('Not an event.');
      return { event, action: actionFor(event) };
    },
  };
}
