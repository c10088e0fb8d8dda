// Each service is a factory ({ strapi }) => functions. Register new ones here and reach them with
// getService(strapi, 'name'), which is typed from this object.
import catalogue from './catalogue';
import cards from './cards';
import library from './library';
import mailer from './mailer';
import premium from './premium';
import rendering from './rendering';
import userDetails from './user-details';
import recipients from './recipients';
import reminders from './reminders';
import orders from './orders';
import checkout from './checkout';
import promotions from './promotions';
import payments from './payments';
import paymentWebhook from './payment-webhook';
import fulfilment from './fulfilment';
import deliveries from './deliveries';
import reminderMail from './reminder-mail';
import subscriptions from './subscriptions';

export default {
  catalogue,
  cards,
  library,
  mailer,
  premium,
  rendering,
  userDetails,
  recipients,
  reminders,
  orders,
  checkout,
  promotions,
  payments,
  'payment-webhook': paymentWebhook,
  fulfilment,
  deliveries,
  reminderMail,
  subscriptions,
};
