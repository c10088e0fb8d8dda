import type { Core } from '@strapi/strapi';
import type { PaymentAction, ProviderEvent } from '../domain/payment-events';

// Subscription side of the payment webhook. The webhook has already verified the signature and
// recorded the event id once; the action is `subscription_changed` for customer.subscription.*,
// invoice.payment_failed and subscription-mode checkout sessions.
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async handleSubscriptionEvent(event: ProviderEvent, action: PaymentAction & { kind: 'subscription_changed' }): Promise<void> {
    strapi.log.info(`[greeting-cards] subscription event ${event.type} (${event.id}) received; not handled yet (${action.kind})`);
  },
});
