import type { ServicesOf } from '../../platform/get-service';
import orders from './orders-service';
import checkout from './checkout-service';
import promotions from './promotions-service';
import refunds from './refunds-service';
import orderConfirmations from './confirmation/confirmation-service';
import invoices from './invoices/invoices-service';

/** The cart, checkout, promotions, refunds and the buyer's order confirmation. */
const services = {
  orders,
  checkout,
  promotions,
  refunds,
  orderConfirmations,
  invoices,
};

export default services;

// Types getService(strapi, name) for this area without the registry importing every service.
declare module '../../platform/get-service' {
  interface GreetingCardsServices extends ServicesOf<typeof services> {}
}
