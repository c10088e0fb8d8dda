import type { ServicesOf } from '../../platform/get-service';
import groupCards from './group-cards-service';
import groupSigning from './signing-service';
import groupCardMail from './group-card-mail-service';
import adminGroupCards from './admin-group-cards-service';

/** Group cards: the organiser's side (start, moderate, close) and the signers' side (the public link). */
const services = {
  groupCards,
  groupSigning,
  groupCardMail,
  adminGroupCards,
};

export default services;

// Types getService(strapi, name) for this area without the registry importing every service.
declare module '../../platform/get-service' {
  interface GreetingCardsServices extends ServicesOf<typeof services> {}
}
