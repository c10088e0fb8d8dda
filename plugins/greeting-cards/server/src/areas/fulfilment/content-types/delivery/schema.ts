import { defineType, rel, str, text, int, dt, enumeration } from '../../../../platform/db/define-content-type';
import { UID } from '../../../../platform/uids';
import { DELIVERY_STATUSES } from '../../../../platform/enums';

const delivery = defineType({
  singular: 'delivery',
  plural: 'deliveries',
  displayName: 'Delivery',
  curated: false,
  description: 'The sending of one order item.',
  unique: ['view_token', 'tracking_reference'],
  attributes: {
    order_item: rel.oneToOne(UID.orderItem),
    status: enumeration(DELIVERY_STATUSES, 'pending'),
    scheduled_for: dt(),
    sent_at: dt(),
    delivered_at: dt(),
    tracking_reference: str(),
    // A print provider's news (platform/providers/postal/): its own status word, and the carrier's tracking.
    carrier_status: str(),
    // The provider's stage in our words (accepted ... shipped, delivered, failed, cancelled): it goes on
    // after `status` stops at sent, so a card the carrier later delivers says so without a new status.
    postal_status: str(),
    tracking_number: str(),
    tracking_url: str(),
    // When the poll last asked the provider about it: the poll takes the least recently asked first.
    last_checked_at: dt(),
    // Set when the operator was e-mailed about this failure (cleared by a retry): one e-mail per failure.
    failure_notified_at: dt(),
    // The buyer's e-mails about this card (areas/fulfilment/buyer-news/), each claimed once by a conditional
    // UPDATE from null; set without a mail when its setting is off, so switching it on mails no backlog.
    // failed_mail_sent_at is cleared with failure_notified_at by a retry: a new failure is a new e-mail.
    shipped_mail_sent_at: dt(),
    delivered_mail_sent_at: dt(),
    failed_mail_sent_at: dt(),
    cancelled_mail_sent_at: dt(),
    ecard_copy_sent_at: dt(),
    view_token: str({ required: true, unique: true }),
    attempts: int({ default: 0 }),
    next_attempt_at: dt(),
    claimed_by: str(),
    claimed_at: dt(),
    // A cancel asking the print provider to stop this card (areas/fulfilment/cancel-delivery.ts): the
    // request's token and when it took the card, so a second cancel does not ask the provider again.
    // Apart from claimed_at, whose stale claims the dispatcher takes over to send the card.
    cancel_claim: str(),
    cancel_claimed_at: dt(),
    last_error: text(),
    first_viewed_at: dt(),
    view_count: int({ default: 0 }),
    // The first view of an e-card by someone other than its buyer (first_viewed_at counts every view).
    opened_at: dt(),
    // The buyer's "send again": the last press's key (a repeated request with it sends nothing more),
    // and how many times it was sent again (each copy gets its own Message-ID).
    send_again_key: str(),
    send_again_count: int({ default: 0 }),
    pdf_path: str(),
    // Posted cards (issue 44): the arrival window promised to the buyer ('YYYY-MM-DD', set when the card goes
    // to the printer, from its order item or, without one there, the plan for its method at that moment) and
    // the day it was planned to leave the printer; shipped_at is when the provider first reported it shipped.
    promised_from: str(),
    promised_to: str(),
    dispatch_on: str(),
    shipped_at: dt(),
    // Late cards (areas/fulfilment/late/): when the card was found not delivered by the end of its window,
    // what the operator chose (reprint, refund_shipping; claimed once by a conditional UPDATE from null, so a
    // second click does nothing more), and the buyer's one e-mail about it.
    late_at: dt(),
    // The last day promised when it was found late (a reprint gets a window of its own in promised_*).
    late_promised_to: str(),
    late_remedy: str(),
    late_remedy_at: dt(),
    late_mail_sent_at: dt(),
    // A reprint is a new provider order for the same card: the first order's reference is kept here, and
    // tracking_reference names the new one (callbacks and polls follow it).
    first_tracking_reference: str(),
    // The one reminder of an unopened e-card whose sender asked for it (ecards/unopened-reminder-service.ts):
    // claimed by a conditional UPDATE from null while the card is still unopened, so it goes once.
    unopened_reminder_at: dt(),
  },
});

export default delivery;
