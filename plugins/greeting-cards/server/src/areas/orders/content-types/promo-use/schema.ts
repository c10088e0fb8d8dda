import { defineType, str, int } from '../../../../platform/db/define-content-type';

const promoUse = defineType({
  singular: 'promo-use',
  plural: 'promo-uses',
  displayName: 'Promo use',
  curated: false,
  description: 'A promo code use held by an order from checkout on; released when the order is cancelled.',
  unique: ['slot_key'],
  attributes: {
    code: str({ required: true }),
    order_id: int({ required: true }),
    user_key: int(),
    // Which limit this row counts against ("CODE#use", "CODE#total", "CODE#user#7") and its numbered
    // slot in it: a unique index on slot_key means two checkouts can never hold the same last use.
    slot_group: str({ required: true }),
    slot_key: str({ required: true, unique: true }),
  },
});

export default promoUse;
