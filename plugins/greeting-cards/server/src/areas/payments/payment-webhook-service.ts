import type { Core } from '@strapi/strapi';
import { UID } from '../../platform/uids';
import {
  isSubscriptionAction,
  type PaymentAction,
  type ProviderEvent,
} from '../../platform/providers/payment/payment-events';
import { WebhookVerificationError, type WebhookEvent } from '../../platform/providers/payment';
import { providers } from '../../platform/providers/registry';
import { orderStore } from '../orders';
import { completeOrderPayment } from './payment-completion';
import { paymentProblem, recordPaymentIssue } from './payment-issues';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import { getService } from '../../platform/get-service';
import { query } from '../../platform/db/query';

export interface WebhookOutcome {
  status: number;
  body: Record<string, unknown>;
}

// The payment webhook only verifies, records and dispatches: the provider verifies the signature over
// the raw body and names a neutral action before anything else; the event id is recorded once (a unique index makes repeats and racing deliveries no-ops), turn the event into a neutral
// action, apply it. If applying throws, the record is removed so the provider's retry is processed.
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const events = () => query(strapi, UID.paymentEvent);
  const store = orderStore(strapi);

  async function apply(event: ProviderEvent, action: PaymentAction, providerName: string): Promise<string> {
    if (isSubscriptionAction(action)) return getService(strapi, 'subscriptions').handleSubscriptionEvent(event, action);
    switch (action.kind) {
      case 'paid': {
        const order = await store.byUuid(action.orderUuid);
        if (!order) return 'unknown order';
        const problem = paymentProblem(order, action);
        if (problem) {
          await recordPaymentIssue(strapi, order, action, providerName, problem);
          return problem.kind;
        }
        if (order.status !== 'pending_payment') return 'already handled';
        const done = await completeOrderPayment(strapi, order.id, {
          provider: providerName,
          sessionId: action.sessionId,
          paymentId: action.paymentId,
          taxPence: action.taxPence ?? null,
        });
        if (done) return 'paid';
        // Lost a race (a cancel, or another payment of the order): decide again on the current row.
        const now = await store.byId(order.id);
        const late = now ? paymentProblem(now, action) : null;
        if (now && late) await recordPaymentIssue(strapi, now, action, providerName, late);
        return late ? late.kind : 'already handled';
      }
      case 'failed':
      case 'expired': {
        // The order stays pending_payment; paying again opens a new hosted session. An expired checkout
        // gives its promo use back (pay takes it again if one is left).
        const order = action.kind === 'expired' ? await store.byUuid(action.orderUuid) : null;
        if (order && order.status === 'pending_payment' && order.provider_session_id === action.sessionId) {
          await getService(strapi, 'promotions').release(order.id);
        }
        strapi.log.info(
          `[greeting-cards] checkout session ${action.sessionId} for order ${action.orderUuid}: ${action.kind}`,
        );
        return action.kind;
      }
      case 'refunded':
        if (!action.fullyRefunded) return 'partial refund ignored';
        return getService(strapi, 'orders').refund(action.paymentId);
      case 'not_supported':
        return `ignored: ${action.reason}`;
    }
  }

  return {
    /** `headers` are the request's (lower-case names); the provider says which one carries its signature. */
    async handle(rawBody: string | Buffer | undefined, headers: Record<string, unknown>): Promise<WebhookOutcome> {
      const provider = providers(strapi).get('webhook');
      const header = headers[provider.signatureHeader];
      const signature = typeof header === 'string' ? header : undefined;
      let parsed: WebhookEvent;
      try {
        if (rawBody === undefined) throw new WebhookVerificationError('Missing request body.');
        parsed = provider.parseWebhook(rawBody, signature);
      } catch (error) {
        if (error instanceof WebhookVerificationError) return { status: 400, body: { detail: error.message } };
        throw error;
      }
      const { event, action } = parsed;

      let record: { id: number };
      try {
        record = await events().create({
          data: { provider: provider.name, event_id: event.id, type: event.type, received_at: new Date() },
        });
      } catch (error) {
        if (isUniqueViolation(error)) return { status: 200, body: { received: true, duplicate: true } };
        throw error;
      }
      try {
        const result = await apply(event, action, provider.name);
        await events().update({ where: { id: record.id }, data: { processed_at: new Date() } });
        return { status: 200, body: { received: true, result } };
      } catch (error) {
        await events().delete({ where: { id: record.id } });
        throw error;
      }
    },
  };
};
