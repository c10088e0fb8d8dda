import paymentEvent from './payment-event/schema';
import paymentIssue from './payment-issue/schema';

/** The content types of this area, by name. */
export default {
  'payment-event': paymentEvent,
  'payment-issue': paymentIssue,
};
