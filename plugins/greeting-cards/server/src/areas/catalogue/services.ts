import type { ServicesOf } from '../../platform/get-service';
import catalogue from './catalogue-service';
import catalogueVersion from './catalogue-version-service';

/** The catalogue: occasions, templates, design assets (public, read-only). */
const services = {
  catalogue,
  catalogueVersion,
};

export default services;

// Types getService(strapi, name) for this area without the registry importing every service.
declare module '../../platform/get-service' {
  interface GreetingCardsServices extends ServicesOf<typeof services> {}
}
