import { route, RouteDef } from '../../platform/http/define-routes';
import { limited } from '../../platform/http/route-limits';

// Literal paths before parameter paths.
const routes: RouteDef[] = [
  route('GET', '/orders', 'orders.list'),
  route('GET', '/orders/cart', 'orders.cart'),
  limited('writes', route('POST', '/orders/add_to_cart', 'orders.addToCart')),
  route('DELETE', '/orders/cart/items/:id', 'orders.removeCartItem'),
  route('GET', '/orders/:uuid', 'orders.get'),
  limited('writes', route('POST', '/orders/:uuid/checkout', 'orders.checkout')),
  limited('writes', route('POST', '/orders/:uuid/pay', 'orders.pay')),
  route('POST', '/orders/:uuid/cancel', 'orders.cancel'),
  limited('renders', route('GET', '/orders/:uuid/invoice', 'orders.invoice')),
  limited('renders', route('GET', '/orders/:uuid/credit-notes/:number', 'orders.creditNote')),
];

export default routes;
