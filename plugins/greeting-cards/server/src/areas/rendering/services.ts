import type { ServicesOf } from '../../platform/get-service';
import rendering from './rendering-service';

/** One design in every output (PNG preview, e-card SVG, print PDF). */
const services = {
  rendering,
};

export default services;

// Types getService(strapi, name) for this area without the registry importing every service.
declare module '../../platform/get-service' {
  interface GreetingCardsServices extends ServicesOf<typeof services> {}
}
