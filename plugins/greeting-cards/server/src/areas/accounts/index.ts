import type { Area } from '../../platform/area';
import meController from './controller';
import api from './routes';
import { accountRoutes } from './pages';
import { passwordResetRoutes } from './password-reset/pages';
import { emailConfirmationRoutes } from './email-confirmation/pages';

/** The shopper's own account: signing in and up, the account pages, /api/me/. */
const area = {
  controllers: { me: meController },
  routes: { api: [...api], pages: [...accountRoutes, ...passwordResetRoutes, ...emailConfirmationRoutes] },
} satisfies Area;

export default area;
