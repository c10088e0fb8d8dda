import type { ServicesOf } from '../../platform/get-service';
import fulfilment from './fulfilment-service';
import deliveries from './deliveries-service';
import mailer from '../../platform/email/mailer-service';
import postalCallbacks from './postal/postal-callbacks-service';
import buyerNews from './buyer-news/buyer-news-service';
import shipping from './postal/shipping-service';
import lateCards from './late/late-cards-service';
import unopenedReminders from './ecards/unopened-reminder-service';
import ecardReplies from './ecards/replies-service';

/** Sending what a paid order bought: deliveries, their senders, the postal backend, e-mail. */
const services = {
  fulfilment,
  deliveries,
  mailer,
  postalCallbacks,
  buyerNews,
  shipping,
  lateCards,
  unopenedReminders,
  ecardReplies,
};

export default services;

// Types getService(strapi, name) for this area without the registry importing every service.
declare module '../../platform/get-service' {
  interface GreetingCardsServices extends ServicesOf<typeof services> {}
}
