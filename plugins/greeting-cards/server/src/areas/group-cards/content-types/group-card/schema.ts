import { defineType, rel, str, int, bool, json, dt, enumeration } from '../../../../platform/db/define-content-type';
import { UID } from '../../../../platform/uids';
import { GROUP_CARD_STATUSES } from '../../rules/group-card-state';

const groupCard = defineType({
  singular: 'group-card',
  plural: 'group-cards',
  displayName: 'Group card',
  curated: false,
  description: 'A card many people sign through one link before a deadline.',
  unique: ['uuid', 'sign_token'],
  indexed: ['deadline'],
  attributes: {
    uuid: str({ required: true, unique: true }),
    owner: rel.user(),
    card: rel.manyToOne(UID.card),
    title: str({ default: '' }),
    recipient_name: str({ default: '' }),
    deadline: dt(),
    status: enumeration(GROUP_CARD_STATUSES, 'open'),
    // The signing link's token. Kept so the organiser can copy the link again; rotating replaces it,
    // and a lookup by the old value then finds nothing (the unique index keeps tokens from repeating).
    sign_token: str({ required: true, unique: true }),
    show_signatures: bool(true),
    approval_mode: bool(false),
    invite_emails: json(),
    closed_at: dt(),
    // The finished card "Close and send" put in the organiser's basket: claimed (-1) by a conditional
    // update before it is made, so pressing the button twice never adds two cards.
    basket_card_id: int(),
    // The e-mails each sent once: claimed by a conditional update before sending.
    invitations_sent_at: dt(),
    reminder_sent_at: dt(),
    deadline_notified_at: dt(),
    // The organiser's shop language when they made it: its e-mails are written in it (null: English).
    locale: str(),
  },
});

export default groupCard;
