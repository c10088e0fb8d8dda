import { defineType, str, int } from '../../../../platform/db/define-content-type';

const invoiceCounter = defineType({
  singular: 'invoice-counter',
  plural: 'invoice-counters',
  displayName: 'Invoice counter',
  curated: false,
  description:
    'The last number given in one document sequence (invoice, credit_note): raised by one atomic UPDATE in the transaction that writes the document, so numbers have no gaps and no repeats across instances.',
  unique: ['sequence'],
  attributes: {
    sequence: str({ required: true, unique: true }),
    last_number: int({ default: 0 }),
  },
});

export default invoiceCounter;
