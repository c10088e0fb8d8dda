import { defineType, rel, str, text, int, dt } from '../../../../platform/db/define-content-type';

const mediaMessage = defineType({
  singular: 'media-message',
  plural: 'media-messages',
  displayName: 'Video or voice message',
  curated: false,
  description:
    "A shopper's recorded or uploaded message for one card: the file the upload plugin stores, its length, the typed captions, and the unguessable token of its message page.",
  attributes: {
    owner: rel.user(),
    // One message per card: a new upload replaces the file and keeps the token (a printed QR stays right).
    card_id: int({ required: true }),
    token: str({ required: true }),
    file_id: int(),
    url: str({ required: true }),
    mime: str({ required: true }),
    kind: str({ required: true }),
    duration_ms: int({ required: true }),
    size_bytes: int({ required: true }),
    captions: text(),
    // An operator's removal (admin): the file is gone, the page says so.
    removed_at: dt(),
    removed_reason: text(),
  },
  unique: ['card_id', 'token'],
});

export default mediaMessage;
