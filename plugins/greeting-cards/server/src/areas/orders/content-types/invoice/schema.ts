import { defineType, str, int, json, dt } from '../../../../platform/db/define-content-type';

const invoice = defineType({
  singular: 'invoice',
  plural: 'invoices',
  displayName: 'Invoice',
  curated: false,
  description:
    'An invoice of a paid order, or a credit note of a refund: numbered from its sequence (invoice-counter) in the transaction that writes it, frozen once written.',
  // One document per source (one invoice per order, one credit note per refund) and one per number of each kind.
  unique: ['source_key', 'number_key'],
  indexed: ['order_id'],
  attributes: {
    // 'invoice' or 'credit_note'.
    kind: str({ required: true }),
    // 'order:<id>' or 'refund:<id>'.
    source_key: str({ required: true, unique: true }),
    // '<kind>:<number>': the unique index that makes a number unique within its sequence.
    number_key: str({ required: true, unique: true }),
    number: int({ required: true }),
    order_id: int({ required: true }),
    refund_id: int(),
    issued_at: dt(),
    currency: str(),
    locale: str(),
    // What the document shows, frozen when it was issued: seller, buyer, lines with net, rate, VAT, gross.
    seller: json(),
    buyer: json(),
    lines: json(),
    net_pence: int({ default: 0 }),
    vat_pence: int({ default: 0 }),
    gross_pence: int({ default: 0 }),
    // 'rules' (our VAT rules) or 'stripe' (Stripe Tax's amounts).
    vat_source: str(),
  },
});

export default invoice;
