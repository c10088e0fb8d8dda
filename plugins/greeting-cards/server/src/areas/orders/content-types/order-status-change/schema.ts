import { defineType, int, dt, enumeration } from '../../../../platform/db/define-content-type';
import { ORDER_STATUSES } from '../../../../platform/enums';

const orderStatusChange = defineType({
  singular: 'order-status-change',
  plural: 'order-status-changes',
  displayName: 'Order status change',
  curated: false,
  description: 'One move of an order through its lifecycle (the status history operators see).',
  indexed: ['order_id'],
  attributes: {
    order_id: int({ required: true }),
    status: enumeration(ORDER_STATUSES),
    at: dt(),
  },
});

export default orderStatusChange;
