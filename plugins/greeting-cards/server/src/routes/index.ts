import catalogue from './api/catalogue';
import cards from './api/cards';
import library from './api/library';
import me from './api/me';
import recipients from './api/recipients';
import reminders from './api/reminders';
import orders from './api/orders';
import subscriptions from './api/subscriptions';
import deliveries from './api/deliveries';
import postal from './api/postal';
import groupCards from './api/group-cards';
import addressRequests from './api/address-requests';
import admin from './admin';

// One file per area under api/; their order matters only where two areas share a path prefix.
export default {
  'content-api': {
    type: 'content-api',
    routes: [...catalogue, ...cards, ...library, ...me, ...addressRequests, ...recipients, ...reminders, ...orders, ...subscriptions, ...deliveries, ...postal, ...groupCards],
  },
  admin,
};
