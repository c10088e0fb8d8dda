import promoCode from './promo-code/schema';
import promoUse from './promo-use/schema';
import order from './order/schema';
import orderStatusChange from './order-status-change/schema';
import orderItem from './order-item/schema';
import refund from './refund/schema';
import invoice from './invoice/schema';
import invoiceCounter from './invoice-counter/schema';

/** The content types of this area, by name. */
export default {
  'promo-code': promoCode,
  'promo-use': promoUse,
  order: order,
  'order-status-change': orderStatusChange,
  'order-item': orderItem,
  refund: refund,
  invoice: invoice,
  'invoice-counter': invoiceCounter,
};
