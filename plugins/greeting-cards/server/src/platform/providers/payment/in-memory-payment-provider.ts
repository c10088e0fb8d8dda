import type { CheckoutStart, OrderCheckoutRequest, PaymentProvider, SessionInfo } from './payment-provider';
import { WebhookVerificationError } from './payment-provider';
import type { PaymentAction, ProviderEvent } from './payment-events';

/**
 * A test double for unit tests: records checkout requests, honours idempotency keys, and accepts
 * webhooks whose signature equals `valid:<secret>`.
 */
export function createInMemoryPaymentProvider(secret = 'whsec_memory') {
  const requests: OrderCheckoutRequest[] = [];
  const byKey = new Map<string, CheckoutStart & { kind: 'redirect' }>();
  const sessions = new Map<string, SessionInfo>();
  const provider: PaymentProvider & { requests: OrderCheckoutRequest[]; sessions: Map<string, SessionInfo> } = {
    name: 'memory',
    signatureHeader: 'x-memory-signature',
    requests,
    sessions,
    async startOrderCheckout(req) {
      requests.push(req);
      const known = byKey.get(req.idempotencyKey);
      if (known) return known;
      const id = `cs_mem_${sessions.size + 1}`;
      const start = { kind: 'redirect' as const, sessionId: id, url: `https://pay.invalid/${id}` };
      byKey.set(req.idempotencyKey, start);
      sessions.set(id, { id, status: 'open', url: start.url });
      return start;
    },
    async getSession(id) {
      return sessions.get(id) ?? null;
    },
    async expireSession(id) {
      const s = sessions.get(id);
      if (s && s.status === 'open') sessions.set(id, { ...s, status: 'expired', url: null });
    },
    // The double's events carry their neutral action in the body: {id, type, data, action}.
    parseWebhook(rawBody, signature) {
      if (signature !== `valid:${secret}`) throw new WebhookVerificationError('Invalid signature');
      const event = JSON.parse(rawBody.toString()) as ProviderEvent & { action?: PaymentAction };
      return { event, action: event.action ?? { kind: 'not_supported', eventType: event.type, reason: 'no action' } };
    },
  };
  return provider;
}
