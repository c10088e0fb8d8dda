// Group cards (issue 23): one card signed by many people through a link. Both types are internal:
// operators see group cards on the plugin's own admin page, and signatures are never edited in the
// Content Manager.
import { defineType, rel, str, text, int, bool, json, dt, enumeration } from './define';
import { UID } from '../uids';
import { GROUP_CARD_STATUSES, SIGNATURE_STATUSES } from '../domain/group-cards/group-card-state';

export const groupCard = defineType({
  singular: 'group-card', plural: 'group-cards', displayName: 'Group card', curated: false,
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

export const groupSignature = defineType({
  singular: 'group-signature', plural: 'group-signatures', displayName: 'Group card signature', curated: false,
  description: 'One signer\'s message on a group card.',
  unique: ['slot_key', 'edit_token_hash'],
  attributes: {
    group_card: rel.manyToOne(UID.groupCard),
    // "<group card id>#<n>" with n in 1..cap: a unique index on it means two signers racing for the
    // last place can never both get it, so the cap holds under concurrency.
    slot_key: str({ required: true, unique: true }),
    user: rel.user(),
    display_name: str({ default: '' }),
    message: text({ default: '' }),
    sticker: rel.manyToOne(UID.asset),
    colour: str(),
    font: str(),
    status: enumeration(SIGNATURE_STATUSES, 'visible'),
    position: int({ default: 0 }),
    // SHA-256 of the signer's edit token: the database never holds a working token.
    edit_token_hash: str({ unique: true }),
  },
});
