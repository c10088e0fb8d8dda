import type { ServicesOf } from '../../platform/get-service';
import payments from './payments-service';
import paymentWebhook from './payment-webhook-service';

/** Paying for an order (demo or the provider's hosted page) and the provider's webhook. */
const services = {
  payments,
  'payment-webhook': paymentWebhook,
};

export default services;

// Types getService(strapi, name) for this area without the registry importing every service.
declare module '../../platform/get-service' {
  interface GreetingCardsServices extends ServicesOf<typeof services> {}
}
