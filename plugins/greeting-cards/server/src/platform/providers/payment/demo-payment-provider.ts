import crypto from 'crypto';
import type { PaymentProvider } from './payment-provider';
import { WebhookVerificationError } from './payment-provider';

/** Demo mode: every payment succeeds at once, nothing leaves the server. */
export function createDemoPaymentProvider(): PaymentProvider {
  return {
    name: 'demo',
    signatureHeader: 'x-demo-signature',
    async startOrderCheckout() {
      return { kind: 'completed', sessionId: null, paymentId: `demo_${crypto.randomBytes(12).toString('hex')}` };
    },
    async getSession() {
      return null;
    },
    async expireSession() {},
    // No money moved, so none goes back: the refund is recorded under an id derived from its key,
    // so a repeated request names the same refund.
    async refund(request) {
      return {
        refundId: `demo_refund_${crypto.createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 24)}`,
      };
    },
    parseWebhook() {
      throw new WebhookVerificationError('Demo payments have no webhooks.');
    },
  };
}
