import { defineType, str, text, int, bool, enumeration } from '../../../../platform/db/define-content-type';
import { PAYMENT_ISSUE_KINDS } from '../../../../platform/enums';

const paymentIssue = defineType({
  // A record, not content: hidden from the Content Manager (where it could be edited or deleted); operators
  // read it on the plugin's Payment issues page and mark it resolved there (admin API, payments.manage).
  singular: 'payment-issue',
  plural: 'payment-issues',
  displayName: 'Payment issue',
  curated: false,
  description:
    'A payment that did not pay its order: another session, a wrong amount, or money taken for an order already paid, cancelled or refunded (refund it by hand).',
  attributes: {
    kind: enumeration(PAYMENT_ISSUE_KINDS, 'needs_refund'),
    order_uuid: str(),
    order_status: str(),
    provider: str(),
    provider_session_id: str(),
    provider_payment_id: str(),
    amount_pence: int(),
    currency: str(),
    detail: text(),
    resolved: bool(false),
  },
});

export default paymentIssue;
