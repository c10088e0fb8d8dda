import type { Area } from '../../platform/area';
import contentTypes from './content-types';
import services from './services';
import deliveriesController from './controller';
import postalController from './postal/controller';
import repliesController from './ecards/replies-controller';
import api from './routes';
import postalApi from './postal/routes';

/** Delivering a card: e-cards, print-at-home PDFs, posted cards with their providers, cancellation. */
const area = {
  contentTypes,
  services,
  controllers: { deliveries: deliveriesController, postal: postalController, 'ecard-replies': repliesController },
  routes: { api: [...api, ...postalApi] },
} satisfies Area;

export default area;

// What other areas use of this one (they import this file only).
export { cancelDelivery } from './cancel-delivery';
export { atCarrier } from './postal/carrier-cancel';
export { ecardCounts } from './rules/ecard-status';
export type { PostedPromise } from './postal/shipping-service';
