import type { Area } from '../../platform/area';
import contentTypes from './content-types';
import services from './services';
import cardsController from './controller';
import libraryController from './library/controller';
import api from './routes';
import libraryApi from './library/routes';
import { libraryRoutes } from './library/pages';

/** A shopper's designs: the editor's pages, the library, card previews and preflight. */
const area = {
  contentTypes,
  services,
  controllers: { cards: cardsController, library: libraryController },
  routes: { api: [...api, ...libraryApi], pages: [...libraryRoutes] },
} satisfies Area;

export default area;

// What other areas use of this one (they import this file only).
export { cardPreflight } from './card-preflight';
export { CARD_POPULATE, type CardRow } from './serializer';
export { isDesignLocked } from './card-orders';
export { libraryTypeFor } from './rules/card-status';
