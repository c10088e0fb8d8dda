import { defineType, rel, str, bool, enumeration } from '../../../../platform/db/define-content-type';
import { UID } from '../../../../platform/uids';
import { LIBRARY_TYPES } from '../../../../platform/enums';

const libraryEntry = defineType({
  singular: 'library-entry',
  plural: 'library-entries',
  displayName: 'Library entry',
  curated: false,
  description: "A card as it appears in a user's library.",
  attributes: {
    user: rel.user(),
    card: rel.manyToOne(UID.card),
    type: enumeration(LIBRARY_TYPES, 'draft'),
    is_pinned: bool(false),
    // For `received`: the address the card was delivered to (shown only while the user has proven it).
    received_address: str(),
  },
});

export default libraryEntry;
