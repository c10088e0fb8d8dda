import type { ServicesOf } from '../get-service';
import orders from './orders-service';
import checkout from './checkout-service';
import promotions from './promotions-service';
import payments from './payments-service';
import paymentWebhook from './payment-webhook-service';
import refunds from './refunds-service';

/** The cart, checkout, promotions, payment and the payment webhook. */
const services = {
  orders,
  checkout,
  promotions,
  payments,
  'payment-webhook': paymentWebhook,
  refunds,
};

export default services;

// Types getService(strapi, name) for this area without the registry importing every service.
declare module '../get-service' {
  interface GreetingCardsServices extends ServicesOf<typeof services> {}
}
