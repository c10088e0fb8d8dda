import type { Area } from '../../platform/area';
import contentTypes from './content-types';
import services from './services';
import ordersController from './controller';
import api from './routes';
import { orderRoutes } from './pages';

/** The basket, checkout, promo codes, orders and refunds. */
const area = {
  contentTypes,
  services,
  controllers: { orders: ordersController },
  routes: { api: [...api], pages: [...orderRoutes] },
} satisfies Area;

export default area;

// What other areas use of this one (they import this file only).
export { orderStore } from './order-store';
export { ownedOrder, viewOrder } from './owned-order';
export { promoUseStore } from './promo-use-store';
export { type RefundView } from './refunds-service';
export { parseAddToCart } from './rules/cart-input';
export { statusHistory } from './rules/order-history';
export { statesAllowing, transition } from './rules/order-state';
export { lineShares } from './rules/refund-shares';
export { shippingAsCharged } from './invoices/order-vat';
export { type OrderView, orderView, recipientName } from './serializer';
