import { defineType, rel, str, text, int, enumeration, json, bool } from '../../../../platform/db/define-content-type';
import { UID } from '../../../../platform/uids';
import { SIGNATURE_STATUSES } from '../../rules/group-card-state';

const groupSignature = defineType({
  singular: 'group-signature',
  plural: 'group-signatures',
  displayName: 'Group card signature',
  curated: false,
  description: "One signer's message on a group card.",
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
    // The signer's photos (issue 45 item 7), in the order added: [{ id, url, width, height, file_id }],
    // stored through the upload provider. photos_hidden: the organiser took them off the card (the
    // message stays).
    photos: json(),
    photos_hidden: bool(false),
    colour: str(),
    font: str(),
    status: enumeration(SIGNATURE_STATUSES, 'visible'),
    position: int({ default: 0 }),
    // SHA-256 of the signer's edit token: the database never holds a working token.
    edit_token_hash: str({ unique: true }),
  },
});

export default groupSignature;
