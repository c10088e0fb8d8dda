// Stripe's webhook vocabulary: its event names and payload fields, turned into the neutral actions of
// platform/providers/payment/payment-events.ts through one dispatch table. Add a Stripe event here.
import type { PaymentAction, ProviderEvent } from '../payment-events';
import { fromStripeSubscription, idOf, invoiceSubscriptionId, metadataOf, str, type Obj } from './stripe-payloads';

function orderUuidOf(session: Obj): string | null {
  const metadata = (session.metadata ?? {}) as Obj;
  return str(session.client_reference_id) ?? str(metadata.order_uuid);
}

const ignore = (eventType: string, reason: string): PaymentAction => ({ kind: 'not_supported', eventType, reason });

/** A finished subscription-mode checkout: who bought (our user id, echoed back) and what it created. */
function subscriptionCheckout(type: string, session: Obj): PaymentAction {
  if (type !== 'checkout.session.completed' && type !== 'checkout.session.async_payment_succeeded')
    return ignore(type, type);
  const metadata = metadataOf(session.metadata);
  return {
    kind: 'subscription_checkout_completed',
    userRefs: [session.client_reference_id, metadata.user_id],
    subscriptionId: idOf(session.subscription),
    customerId: idOf(session.customer),
    metadata,
  };
}

function sessionAction(kind: 'paid' | 'failed' | 'expired', type: string, session: Obj): PaymentAction {
  if (session.mode === 'subscription') return subscriptionCheckout(type, session);
  if (session.mode !== undefined && session.mode !== 'payment') return ignore(type, `mode ${String(session.mode)}`);
  const orderUuid = orderUuidOf(session);
  if (!orderUuid) return ignore(type, 'no order reference');
  const sessionId = str(session.id);
  if (kind === 'paid') {
    // A completed session may still be unpaid (delayed methods): async_payment_succeeded follows.
    if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required')
      return ignore(type, 'not paid yet');
    const amountPence = typeof session.amount_total === 'number' ? session.amount_total : null;
    // Stripe Tax's share of the total, when it computed one for this session.
    const automaticTax = (session.automatic_tax ?? {}) as Obj;
    const totals = (session.total_details ?? {}) as Obj;
    const taxPence =
      automaticTax.enabled === true && typeof totals.amount_tax === 'number' ? (totals.amount_tax as number) : null;
    return {
      kind: 'paid',
      orderUuid,
      sessionId,
      paymentId: idOf(session.payment_intent),
      amountPence,
      currency: str(session.currency),
      ...(taxPence !== null ? { taxPence } : {}),
    };
  }
  return { kind, orderUuid, sessionId };
}

const subscriptionAction =
  (kind: 'subscription_created' | 'subscription_updated' | 'subscription_deleted') =>
  (type: string, object: Obj): PaymentAction => {
    const subscription = fromStripeSubscription(object);
    return subscription ? { kind, subscription } : ignore(type, 'no subscription id');
  };

export const EVENT_DISPATCH: Readonly<Record<string, (type: string, object: Obj) => PaymentAction>> = {
  'checkout.session.completed': (t, o) => sessionAction('paid', t, o),
  'checkout.session.async_payment_succeeded': (t, o) => sessionAction('paid', t, o),
  'checkout.session.async_payment_failed': (t, o) => sessionAction('failed', t, o),
  'checkout.session.expired': (t, o) => sessionAction('expired', t, o),
  'charge.refunded': (t, o) => {
    const paymentId = idOf(o.payment_intent);
    if (!paymentId) return ignore(t, 'no payment intent');
    return { kind: 'refunded', paymentId, fullyRefunded: o.refunded === true };
  },
  'customer.subscription.created': subscriptionAction('subscription_created'),
  'customer.subscription.updated': subscriptionAction('subscription_updated'),
  'customer.subscription.deleted': subscriptionAction('subscription_deleted'),
  'invoice.payment_failed': (_t, o) => ({ kind: 'invoice_payment_failed', subscriptionId: invoiceSubscriptionId(o) }),
};

export function actionFor(event: ProviderEvent): PaymentAction {
  const handler = EVENT_DISPATCH[event.type];
  const object = (event.data?.object ?? {}) as Obj;
  return handler ? handler(event.type, object) : ignore(event.type, 'event type not handled');
}
