import type { Core } from '@strapi/strapi';
import { UID } from '../../uids';
import { getConfig } from '../../config/get-config';
import { actionFor, type PaymentAction, type ProviderEvent } from '../../domain/payment-events';
import { statesAllowing } from '../../domain/order-state';
import { resolveWebhookVerifier, WebhookVerificationError } from '../../providers/payment';
import { orderStore } from './order-store';
import { completeOrderPayment } from './payment-completion';
import { isUniqueViolation } from '../shared/unique-violation';
import { getService } from '../get-service';

export interface WebhookOutcome {
  status: number;
  body: Record<string, unknown>;
}

// The payment webhook: verify the signature over the raw body before anything else, record the event
// id once (a unique index makes repeats and racing deliveries no-ops), turn the event into a neutral
// action, apply it. If applying throws, the record is removed so the provider's retry is processed.
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const events = () => strapi.db.query(UID.paymentEvent as any);
  const store = orderStore(strapi);

  async function apply(event: ProviderEvent, action: PaymentAction): Promise<string> {
    switch (action.kind) {
      case 'paid': {
        const order = await store.byUuid(action.orderUuid);
        if (!order) return 'unknown order';
        const done = await completeOrderPayment(strapi, order.id, { provider: 'stripe', sessionId: action.sessionId, paymentId: action.paymentId });
        const now = done ? null : await store.byId(order.id);
        if (now && now.provider_payment_id !== action.paymentId && now.status !== 'paid' && now.status !== 'fulfilled') {
          // Money taken for an order that was cancelled meanwhile: a person has to refund it.
          strapi.log.warn(`[greeting-cards] payment ${action.paymentId} received for order ${order.uuid} which is ${now.status}: refund it by hand`);
        }
        return done ? 'paid' : 'already handled';
      }
      case 'failed':
      case 'expired':
        // The order stays pending_payment; paying again opens a new hosted session.
        strapi.log.info(`[greeting-cards] checkout session ${action.sessionId} for order ${action.orderUuid}: ${action.kind}`);
        return action.kind;
      case 'refunded': {
        if (!action.fullyRefunded) return 'partial refund ignored';
        const order = await strapi.db.query(UID.order as any).findOne({ where: { provider_payment_id: action.paymentId } });
        if (!order) return 'unknown payment';
        const done = await strapi.db.transaction(async () => {
          if (!(await store.moveIf(order.id, statesAllowing('refund'), { status: 'refunded', refunded_at: new Date() }))) return false;
          const items = await store.items(order.id);
          // updateMany cannot filter through a relation: find the rows first.
          const unsent = await strapi.db.query(UID.delivery as any).findMany({
            where: { order_item: { id: { $in: items.map((i) => i.id) } }, status: { $in: ['pending', 'scheduled'] } },
            select: ['id'],
          });
          if (unsent.length) {
            await strapi.db.query(UID.delivery as any).updateMany({
              where: { id: { $in: unsent.map((d: { id: number }) => d.id) }, status: { $in: ['pending', 'scheduled'] } },
              data: { status: 'cancelled' },
            });
          }
          return true;
        });
        return done ? 'refunded' : 'already handled';
      }
      case 'subscription_changed':
        return getService(strapi, 'subscriptions').handleSubscriptionEvent(event, action);
      case 'not_supported':
        return `ignored: ${action.reason}`;
    }
  }

  return {
    async handle(rawBody: string | Buffer | undefined, signature: string | undefined): Promise<WebhookOutcome> {
      let event: ProviderEvent;
      try {
        if (rawBody === undefined) throw new WebhookVerificationError('Missing request body.');
        event = resolveWebhookVerifier(getConfig(strapi)).verifyWebhook(rawBody, signature);
      } catch (error) {
        if (error instanceof WebhookVerificationError) return { status: 400, body: { detail: error.message } };
        throw error;
      }
      if (typeof event?.id !== 'string' || typeof event.type !== 'string') return { status: 400, body: { detail: 'Not an event.' } };

      let record: { id: number };
      try {
        record = await events().create({ data: { provider: 'stripe', event_id: event.id, type: event.type, received_at: new Date() } });
      } catch (error) {
        if (isUniqueViolation(error)) return { status: 200, body: { received: true, duplicate: true } };
        throw error;
      }
      try {
        const result = await apply(event, actionFor(event));
        await events().update({ where: { id: record.id }, data: { processed_at: new Date() } });
        return { status: 200, body: { received: true, result } };
      } catch (error) {
        await events().delete({ where: { id: record.id } });
        throw error;
      }
    },
  };
};
