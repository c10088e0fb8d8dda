import { defineType, str, text, int, bool, dt, enumeration } from '../../../../platform/db/define-content-type';
import { PROMO_KINDS } from '../../../../platform/enums';

const promoCode = defineType({
  singular: 'promo-code',
  plural: 'promo-codes',
  displayName: 'Promo code',
  curated: true,
  description: 'Discount codes. Amounts in pence; percent codes may have a cap in pence.',
  attributes: {
    code: str({ required: true, unique: true }),
    description: text(),
    kind: enumeration(PROMO_KINDS, 'fixed'),
    amount_pence: int({ min: 0 }),
    percent: int({ min: 0, max: 100 }),
    cap_pence: int({ min: 0 }),
    valid_from: dt(),
    valid_to: dt(),
    max_uses_total: int({ min: 0 }),
    max_uses_per_user: int({ min: 0 }),
    is_active: bool(true),
  },
});

export default promoCode;
