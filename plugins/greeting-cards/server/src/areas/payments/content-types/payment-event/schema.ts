import { defineType, str, dt } from '../../../../platform/db/define-content-type';

const paymentEvent = defineType({
  singular: 'payment-event',
  plural: 'payment-events',
  displayName: 'Payment event',
  curated: false,
  description: 'Each provider event recorded once: what makes webhooks idempotent.',
  unique: ['event_id'],
  attributes: {
    provider: str({ required: true }),
    event_id: str({ required: true, unique: true }),
    type: str(),
    received_at: dt(),
    processed_at: dt(),
  },
});

export default paymentEvent;
