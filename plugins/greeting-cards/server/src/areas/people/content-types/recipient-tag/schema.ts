// Groups of recipients (issue 24): one row per tag on an address-book entry. A table rather than a
// JSON column, because "everyone tagged Family" must be a plain indexed lookup on SQLite and
// PostgreSQL alike. Plain id columns rather than relations: tags are read and written in bulk by
// recipient id (a page of the address book, an import of thousands), which needs no link tables.
import { defineType, str, int } from '../../../../platform/db/define-content-type';

const recipientTag = defineType({
  singular: 'recipient-tag',
  plural: 'recipient-tags',
  displayName: 'Recipient tag',
  curated: false,
  description: 'A group an address-book entry belongs to ("Family", "Work").',
  // "<recipient id>:<tag key>": one tag once per entry, even when two requests race.
  unique: ['entry_key'],
  indexed: ['recipient_ref', 'owner_ref'],
  attributes: {
    owner_ref: int({ required: true }),
    recipient_ref: int({ required: true }),
    // As the person wrote it ("Family"); tag_key is its lower-case form, which filters compare.
    name: str({ required: true }),
    tag_key: str({ required: true }),
    entry_key: str({ required: true }),
  },
});

export default recipientTag;
