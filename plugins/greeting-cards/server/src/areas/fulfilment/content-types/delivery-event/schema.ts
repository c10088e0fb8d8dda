import { defineType, str, text, int, dt } from '../../../../platform/db/define-content-type';

const deliveryEvent = defineType({
  singular: 'delivery-event',
  plural: 'delivery-events',
  displayName: 'Delivery event',
  curated: false,
  description:
    "One accepted step of a posted card at its print provider (submission, callback, poll, cancel, retry): the operator's timeline.",
  indexed: ['delivery_id'],
  attributes: {
    delivery_id: int({ required: true }),
    // submitted, callback, poll, cancelled, retry, failed, refund, migrated
    source: str({ required: true }),
    status: str(),
    postal_status: str(),
    provider_status: str(),
    detail: text(),
    at: dt(),
  },
});

export default deliveryEvent;
