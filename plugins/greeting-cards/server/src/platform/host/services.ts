import type { ServicesOf } from '../get-service';
import host from './host-service';

/** What the plugin needs from its host app (e-mail, Chromium), for boot warnings and the admin. */
const services = {
  host,
};

export default services;

// Types getService(strapi, name) for this area without the registry importing every service.
declare module '../get-service' {
  interface GreetingCardsServices extends ServicesOf<typeof services> {}
}
