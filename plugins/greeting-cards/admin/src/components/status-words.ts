import type { MessageDescriptor } from 'react-intl';
import { label } from '../format';
import { getTranslation } from '../utils/getTranslation';

// The words for the values the API sends as codes (order, delivery, postal and group-card statuses,
// payment-issue kinds, delivery methods). A code not listed here still shows, as label() spells it.
const WORDS: Record<string, MessageDescriptor> = {
  cart: { id: getTranslation('status.cart'), defaultMessage: 'Cart' },
  pending_payment: { id: getTranslation('status.pending_payment'), defaultMessage: 'Pending payment' },
  paid: { id: getTranslation('status.paid'), defaultMessage: 'Paid' },
  fulfilled: { id: getTranslation('status.fulfilled'), defaultMessage: 'Fulfilled' },
  cancelled: { id: getTranslation('status.cancelled'), defaultMessage: 'Cancelled' },
  partially_refunded: { id: getTranslation('status.partially_refunded'), defaultMessage: 'Partially refunded' },
  refunded: { id: getTranslation('status.refunded'), defaultMessage: 'Refunded' },
  pending: { id: getTranslation('status.pending'), defaultMessage: 'Pending' },
  scheduled: { id: getTranslation('status.scheduled'), defaultMessage: 'Scheduled' },
  processing: { id: getTranslation('status.processing'), defaultMessage: 'Processing' },
  sent: { id: getTranslation('status.sent'), defaultMessage: 'Sent' },
  delivered: { id: getTranslation('status.delivered'), defaultMessage: 'Delivered' },
  failed: { id: getTranslation('status.failed'), defaultMessage: 'Failed' },
  open: { id: getTranslation('status.open'), defaultMessage: 'Open' },
  closed: { id: getTranslation('status.closed'), defaultMessage: 'Closed' },
  live: { id: getTranslation('status.live'), defaultMessage: 'Live' },
  removed: { id: getTranslation('status.removed'), defaultMessage: 'Removed' },
  audio: { id: getTranslation('kind.audio'), defaultMessage: 'Voice' },
  video: { id: getTranslation('kind.video'), defaultMessage: 'Video' },
  resolved: { id: getTranslation('status.resolved'), defaultMessage: 'Resolved' },
  needs_refund: { id: getTranslation('status.needs_refund'), defaultMessage: 'Needs refund' },
  amount_mismatch: { id: getTranslation('status.amount_mismatch'), defaultMessage: 'Amount mismatch' },
  session_mismatch: { id: getTranslation('status.session_mismatch'), defaultMessage: 'Session mismatch' },
  accepted: { id: getTranslation('status.accepted'), defaultMessage: 'Accepted' },
  in_production: { id: getTranslation('status.in_production'), defaultMessage: 'In production' },
  printed: { id: getTranslation('status.printed'), defaultMessage: 'Printed' },
  shipped: { id: getTranslation('status.shipped'), defaultMessage: 'Shipped' },
  late: { id: getTranslation('status.late'), defaultMessage: 'Late' },
  reprint: { id: getTranslation('status.reprint'), defaultMessage: 'Reprinted and sent again' },
  refund_shipping: { id: getTranslation('status.refund_shipping'), defaultMessage: 'Shipping refunded' },
  ecard: { id: getTranslation('method.ecard'), defaultMessage: 'E-card' },
  post: { id: getTranslation('method.post'), defaultMessage: 'Post' },
  print: { id: getTranslation('method.print'), defaultMessage: 'Print' },
};

type Format = (descriptor: MessageDescriptor) => string;

/** A status, kind or method code in the admin user's language. */
export function codeWord(formatMessage: Format, code: string | null | undefined): string {
  if (!code) return '—';
  const words = WORDS[code];
  return words ? formatMessage(words) : label(code);
}
