// Each service is a factory ({ strapi }) => functions. Register new ones here and reach them with
// getService(strapi, 'name'), which is typed from this object.
import mailer from './mailer';
import rendering from './rendering';
import orders from './orders';
import checkout from './checkout';
import promotions from './promotions';
import payments from './payments';
import paymentWebhook from './payment-webhook';
import fulfilment from './fulfilment';
import subscriptions from './subscriptions';

export default {
  mailer,
  rendering,
  orders,
  checkout,
  promotions,
  payments,
  'payment-webhook': paymentWebhook,
  fulfilment,
  subscriptions,
};
