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
    parseWebhook() {
      throw new WebhookVerificationError('Demo payments have no webhooks.');
    },
  };
}
