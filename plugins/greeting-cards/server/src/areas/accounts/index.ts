import type { Area } from '../../platform/area';
import meController from './controller';
import dataController from './data-controller';
import contentTypes from './content-types';
import services from './services';
import api from './routes';
import { dataAdminRoutes, dataRoutes } from './data-routes';
import { accountRoutes } from './pages';
import { dataPageRoutes } from './data-pages';

/** The shopper's own account: signing in and up, the account pages, /api/me/, export and deletion. */
const area = {
  contentTypes,
  services,
  controllers: { me: meController, 'account-data': dataController },
  routes: { api: [...api, ...dataRoutes], pages: [...accountRoutes, ...dataPageRoutes], admin: dataAdminRoutes },
} satisfies Area;

export default area;
