import type { Area } from '../../platform/area';
import meController from './controller';
import api from './routes';
import { accountRoutes } from './pages';

/** The shopper's own account: signing in and up, the account pages, /api/me/. */
const area = {
  controllers: { me: meController },
  routes: { api: [...api], pages: [...accountRoutes] },
} satisfies Area;

export default area;
