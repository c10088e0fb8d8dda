import {
  defineType,
  rel,
  str,
  text,
  int,
  bool,
  json,
  dt,
  enumeration,
} from '../../../../platform/db/define-content-type';
import { UID } from '../../../../platform/uids';
import { PRODUCT_CODES } from '../../../../platform/designs/print-products/products';
import { CARD_STATUSES } from '../../../../platform/enums';

const card = defineType({
  singular: 'card',
  plural: 'cards',
  displayName: 'Card',
  curated: false,
  description: "A shopper's design.",
  attributes: {
    owner: rel.user(),
    title: str({ default: '' }),
    template: rel.manyToOne(UID.template),
    occasion: rel.manyToOne(UID.occasion),
    status: enumeration(CARD_STATUSES, 'draft'),
    // Fixed when the card is made: its template's product, or SERVICE_DEFAULT_PRODUCT for a blank card.
    // Empty on cards made before products existed: they print as their template's, else as A5.
    product: enumeration(PRODUCT_CODES),
    canvas_data: json(),
    inside_message: text({ default: '' }),
    preview_url: str(),
    preview_hash: str(),
    // Bumped by every change to canvas_data; preview_revision is the revision the preview shows. A
    // preview is written only over an older revision's, so a slow render never replaces a newer one.
    design_revision: int({ default: 0 }),
    preview_revision: int({ default: 0 }),
    is_favorite: bool(false),
    sent_at: dt(),
  },
});

export default card;
