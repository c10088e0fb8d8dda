import type { Area } from '../../platform/area';
import contentTypes from './content-types';
import services from './services';
import subscriptionsController from './controller';
import api from './routes';
import { subscriptionRoutes } from './pages';

/** Plans and subscriptions for premium designs, and their billing. */
const area = {
  contentTypes,
  services,
  controllers: { subscriptions: subscriptionsController },
  routes: { api: [...api], pages: [...subscriptionRoutes] },
} satisfies Area;

export default area;

// What other areas use of this one.
export { endSubscriptionsOf } from './end-subscriptions';
