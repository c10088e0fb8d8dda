import crypto from 'crypto';
import Stripe from 'stripe';
import type supertest from 'supertest';

// Builds provider events with a real `Stripe-Signature` header (the SDK's own test-header function),
// and posts them to /payments/webhook/.
const sdk = new Stripe('sk_test_webhook_helper');

export interface SignedEvent {
  event: {
    id: string;
    object: 'event';
    type: string;
    created: number;
    livemode: false;
    data: { object: Record<string, unknown> };
  };
  payload: string;
  signature: string;
}

export function buildEvent(
  type: string,
  object: Record<string, unknown>,
  id = `evt_${crypto.randomBytes(12).toString('hex')}`,
): SignedEvent['event'] {
  return { id, object: 'event', type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object } };
}

/** Signs an event; `timestamp` (seconds) defaults to now, pass an old one to test the tolerance. */
export function signEvent(event: SignedEvent['event'], secret: string, timestamp?: number): SignedEvent {
  const payload = JSON.stringify(event);
  const signature = sdk.webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: timestamp ?? Math.floor(Date.now() / 1000),
  });
  return { event, payload, signature };
}

/** Posts the exact payload bytes with the signature (omit it with signature: null). */
export function postWebhook(http: () => supertest.Agent, signed: { payload: string; signature: string | null }) {
  const req = http().post('/payments/webhook/').set('Content-Type', 'application/json');
  if (signed.signature !== null) req.set('Stripe-Signature', signed.signature);
  return req.send(signed.payload);
}

/** A checkout.session.completed event for an order, paid, as Stripe sends it. */
export function sessionCompleted(orderUuid: string, session: Partial<Record<string, unknown>> = {}) {
  return buildEvent('checkout.session.completed', {
    id: `cs_test_${crypto.randomBytes(8).toString('hex')}`,
    object: 'checkout.session',
    mode: 'payment',
    status: 'complete',
    payment_status: 'paid',
    client_reference_id: orderUuid,
    metadata: { order_uuid: orderUuid },
    payment_intent: `pi_${crypto.randomBytes(8).toString('hex')}`,
    ...session,
  });
}
