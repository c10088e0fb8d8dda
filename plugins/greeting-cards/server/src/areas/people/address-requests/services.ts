import type { ServicesOf } from '../../../platform/get-service';
import addressLinks from './address-links-service';
import addressSubmissions from './address-submissions-service';
import addressSummaryMail from './address-summary-mail-service';

/** Address request links: the shopper's link, friends' submissions through it, and the daily summary. */
const services = {
  addressLinks,
  addressSubmissions,
  addressSummaryMail,
};

export default services;

// Types getService(strapi, name) for this area without the registry importing every service.
declare module '../../../platform/get-service' {
  interface GreetingCardsServices extends ServicesOf<typeof services> {}
}
