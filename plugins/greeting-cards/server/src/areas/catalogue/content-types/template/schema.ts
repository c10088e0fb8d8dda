import { defineType, rel, str, text, int, bool, dt, enumeration } from '../../../../platform/db/define-content-type';
import { UID } from '../../../../platform/uids';
import { LEGACY_PRODUCT, PRODUCT_CODES } from '../../../../platform/designs/print-products/products';
import { CANVAS_DATA_FIELD_UID } from '../../../../platform/designs/canvas-data-field';
import { TEMPLATE_STYLES } from '../../../../platform/enums';

const template = defineType({
  singular: 'template',
  plural: 'templates',
  displayName: 'Card template',
  curated: true,
  publishable: true,
  description: 'A ready-made design shoppers personalise.',
  localized: ['name', 'description'],
  attributes: {
    name: str({ required: true }),
    slug: { type: 'uid', targetField: 'name', required: true },
    description: text(),
    occasion: rel.manyToOne(UID.occasion),
    style: enumeration(TEMPLATE_STYLES, 'traditional'),
    // The card size it prints as (platform/designs/print-products/products.ts); its design's canvas follows it.
    product: enumeration(PRODUCT_CODES, LEGACY_PRODUCT),
    // A custom field over json (see custom-fields.ts): same column and API value, a preview in the admin.
    canvas_data: { type: 'customField', customField: CANVAS_DATA_FIELD_UID, required: true },
    thumbnail: { type: 'media', multiple: false, allowedTypes: ['images'] },
    thumbnail_url: str({ configurable: false }),
    is_premium: bool(false),
    is_active: bool(true),
    popularity: int({ default: 0 }),
    // Seasonal window (both optional): listed and personalisable only from / until these instants.
    available_from: dt(),
    available_until: dt(),
  },
  indexed: ['available_from', 'available_until'],
});

export default template;
