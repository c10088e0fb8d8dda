import { defineType, str, int, dt } from '../../../../platform/db/define-content-type';

const occasion = defineType({
  singular: 'occasion',
  plural: 'occasions',
  displayName: 'Occasion',
  curated: true,
  publishable: true,
  description: 'A reason to send a card (birthday, Christmas...). Seasonal ones have a month and day.',
  localized: ['name'],
  attributes: {
    name: str({ required: true }),
    slug: { type: 'uid', targetField: 'name', required: true },
    sort_order: int({ default: 0 }),
    month: int({ min: 1, max: 12 }),
    day: int({ min: 1, max: 31 }),
    // Seasonal window (both optional): shown in the shop only from / until these instants.
    available_from: dt(),
    available_until: dt(),
  },
  indexed: ['available_from', 'available_until'],
});

export default occasion;
