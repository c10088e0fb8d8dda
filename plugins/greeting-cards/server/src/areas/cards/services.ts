import type { ServicesOf } from '../../platform/get-service';
import cards from './cards-service';
import library from './library/library-service';
import cardPreviews from './card-previews-service';

/** A shopper's cards and their library. */
const services = {
  cards,
  library,
  cardPreviews,
};

export default services;

// Types getService(strapi, name) for this area without the registry importing every service.
declare module '../../platform/get-service' {
  interface GreetingCardsServices extends ServicesOf<typeof services> {}
}
