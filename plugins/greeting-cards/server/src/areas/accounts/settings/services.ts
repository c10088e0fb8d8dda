import type { ServicesOf } from '../../../platform/get-service';
import accountSettings from './account-settings-service';
import emailChange from './email-change-service';

/** The account page's services: the shopper's settings and consents, and e-mail changes. */
const services = { accountSettings, emailChange };

export default services;

declare module '../../../platform/get-service' {
  interface GreetingCardsServices extends ServicesOf<typeof services> {}
}
