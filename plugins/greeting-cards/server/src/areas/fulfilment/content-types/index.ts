import delivery from './delivery/schema';
import deliveryEvent from './delivery-event/schema';
import ecardReply from './ecard-reply/schema';

/** The content types of this area, by name. */
export default {
  delivery: delivery,
  'delivery-event': deliveryEvent,
  'ecard-reply': ecardReply,
};
