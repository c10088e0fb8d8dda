import { defineType, str, int } from '../../../../platform/db/define-content-type';

const refund = defineType({
  singular: 'refund',
  plural: 'refunds',
  displayName: 'Refund',
  curated: false,
  description:
    "Money given back for one cancelled delivery, or a late posted card's shipping: one row per delivery (a unique index), so a retry never refunds twice.",
  unique: ['delivery_id'],
  indexed: ['order_id'],
  attributes: {
    delivery_id: int({ required: true, unique: true }),
    order_id: int({ required: true }),
    amount_pence: int({ required: true }),
    currency: str(),
    provider: str(),
    provider_refund_id: str(),
    // pending: asked for, not confirmed; succeeded: the provider made it; manual: an operator must (see payment issues).
    status: str({ default: 'pending' }),
    requested_by: str(),
    // card: a cancelled card's share of the payment; shipping: a late posted card's shipping (issue 44).
    kind: str({ default: 'card' }),
    // The number of the refund's credit note, set in the transaction that issues it.
    credit_note_number: int(),
  },
});

export default refund;
