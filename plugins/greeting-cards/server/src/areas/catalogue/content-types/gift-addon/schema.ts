import { defineType, str, text, int, bool } from '../../../../platform/db/define-content-type';

const giftAddon = defineType({
  singular: 'gift-addon',
  plural: 'gift-addons',
  displayName: 'Gift add-on',
  curated: true,
  publishable: true,
  description: 'A small gift sent with a posted card. Price in pence.',
  attributes: {
    name: str({ required: true }),
    description: text(),
    image: { type: 'media', multiple: false, allowedTypes: ['images'] },
    price_pence: int({ required: true, min: 0 }),
    is_active: bool(true),
  },
});

export default giftAddon;
