// One folder per area, each with one index.ts registering its services by name. Reach them with
// getService(strapi, 'name') (get-service.ts), typed by the areas themselves.
import catalogue from './catalogue';
import cards from './cards';
import people from './people';
import orders from './orders';
import fulfilment from './fulfilment';
import subscriptions from './subscriptions';
import rendering from './rendering';
import host from './host';
import operations from './operations';
import groupCards from './group-cards';
import addressRequests from './address-requests';
import recipientImport from './recipient-import';

export default {
  ...catalogue,
  ...cards,
  ...people,
  ...orders,
  ...fulfilment,
  ...subscriptions,
  ...rendering,
  ...host,
  ...operations,
  ...groupCards,
  ...addressRequests,
  ...recipientImport,
};
