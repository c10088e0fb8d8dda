import type { ServicesOf } from '../get-service';
import userDetails from './user-details-service';
import recipients from './recipients-service';
import reminders from './reminders-service';
import reminderMail from './reminder-mail-service';
import addressProof from './address-proof-service';
import timeZones from './time-zones-service';
import recipientTags from './recipient-tags-service';
import mailToOthers from './mail-to-others-service';

/** Who shoppers are and who they send to: user details, the address book, reminders and their e-mails. */
const services = {
  userDetails,
  recipients,
  reminders,
  reminderMail,
  addressProof,
  timeZones,
  recipientTags,
  mailToOthers,
};

export default services;

// Types getService(strapi, name) for this area without the registry importing every service.
declare module '../get-service' {
  interface GreetingCardsServices extends ServicesOf<typeof services> {}
}
