import type { Area } from '../../platform/area';
import contentTypes from './content-types';
import services from './services';
import groupCardsController from './controller';
import adminGroupCardsController from './admin-controller';
import api from './routes';
import { groupRoutes } from './pages';

/** Cards many people sign through one link, and the organiser's pages. */
const area = {
  contentTypes,
  services,
  controllers: { 'group-cards': groupCardsController, 'admin-group-cards': adminGroupCardsController },
  routes: { api: [...api], pages: [...groupRoutes] },
} satisfies Area;

export default area;

// What other areas use of this one (they import this file only).
export { signerAddresses } from './signer-addresses';
