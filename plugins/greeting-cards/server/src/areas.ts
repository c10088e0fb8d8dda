import accounts from './areas/accounts';
import catalogue from './areas/catalogue';
import cards from './areas/cards';
import people from './areas/people';
import orders from './areas/orders';
import payments from './areas/payments';
import subscriptions from './areas/subscriptions';
import fulfilment from './areas/fulfilment';
import groupCards from './areas/group-cards';
import rendering from './areas/rendering';
import operations from './areas/operations';
import words from './areas/words';
import mediaMessages from './areas/media-messages';

/**
 * Every area of the plugin, in the order their routes are tried: it matters only where two areas
 * share a path prefix (none do today). docs/code-layout.md says what each one holds.
 */
export const AREAS = [
  accounts,
  catalogue,
  cards,
  people,
  orders,
  payments,
  subscriptions,
  fulfilment,
  groupCards,
  rendering,
  operations,
  words,
  mediaMessages,
] as const;
