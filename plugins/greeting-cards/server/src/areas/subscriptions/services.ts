import type { ServicesOf } from '../../platform/get-service';
import subscriptions from './subscriptions-service';
import premium from './premium-service';

/** Subscription plans, checkout, provider sync and premium access. */
const services = {
  subscriptions,
  premium,
};

export default services;

// Types getService(strapi, name) for this area without the registry importing every service.
declare module '../../platform/get-service' {
  interface GreetingCardsServices extends ServicesOf<typeof services> {}
}
