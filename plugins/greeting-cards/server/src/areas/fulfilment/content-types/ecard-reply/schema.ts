import { defineType, rel, str, text, int, dt } from '../../../../platform/db/define-content-type';
import { UID } from '../../../../platform/uids';

// A recipient's thank-you back (issue 45 item 5), written on the e-card view page or through the API.
// One per delivery: the unique index on delivery_id holds it under two racing posts. The buyer's id and
// the card's are copied from the delivery when it is written, so the order page and the library read
// replies with one query each, without joining the delivery's relations.
const ecardReply = defineType({
  singular: 'ecard-reply',
  plural: 'ecard-replies',
  displayName: 'E-card reply',
  curated: false,
  description: "A recipient's short reply to a card, sent from its view page.",
  unique: ['delivery_id'],
  indexed: ['owner_id'],
  attributes: {
    delivery_id: int({ required: true, unique: true }),
    owner_id: int(),
    card_id: int(),
    message: text({ required: true }),
    sticker: rel.manyToOne(UID.asset),
    // Who replied, as the sender named them when the card went (for the library and the e-mails).
    recipient_name: str(),
    // The recipient's page language when they wrote it.
    locale: str(),
    // When it was first sent: it can be changed for a day after (rules/reply-rules.ts).
    sent_at: dt(),
    edited_at: dt(),
    // The e-mails about it (sender, group signers), claimed once by a conditional UPDATE from null.
    notified_at: dt(),
  },
});

export default ecardReply;
