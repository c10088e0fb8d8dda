import type { ServicesOf } from '../../platform/get-service';
import userDetails from './user-details-service';
import recipients from './recipients/recipients-service';
import reminders from './reminders/reminders-service';
import reminderMail from './reminders/reminder-mail-service';
import addressProof from './address-proof/address-proof-service';
import timeZones from './time-zones-service';
import recipientTags from './recipients/recipient-tags-service';
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
declare module '../../platform/get-service' {
  interface GreetingCardsServices extends ServicesOf<typeof services> {}
}
