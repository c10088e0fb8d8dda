import { defineType, str, text, bool, json, enumeration } from '../../../../platform/db/define-content-type';
import { ASSET_TYPES } from '../../../../platform/enums';

const asset = defineType({
  singular: 'asset',
  plural: 'assets',
  displayName: 'Design asset',
  curated: true,
  publishable: true,
  description: 'Stickers, backgrounds, frames, fonts and patterns for the editor.',
  localized: ['name'],
  attributes: {
    name: str({ required: true }),
    asset_type: enumeration(ASSET_TYPES, 'sticker'),
    image: { type: 'media', multiple: false, allowedTypes: ['images'] },
    emoji: str(),
    svg: text(),
    tags: json(),
    is_premium: bool(false),
    is_active: bool(true),
  },
});

export default asset;
