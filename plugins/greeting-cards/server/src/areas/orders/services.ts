import type { ServicesOf } from '../../platform/get-service';
import orders from './orders-service';
import checkout from './checkout-service';
import promotions from './promotions-service';
import refunds from './refunds-service';

/** The cart, checkout, promotions and refunds. */
const services = {
  orders,
  checkout,
  promotions,
  refunds,
};

export default services;

// Types getService(strapi, name) for this area without the registry importing every service.
declare module '../../platform/get-service' {
  interface GreetingCardsServices extends ServicesOf<typeof services> {}
}
