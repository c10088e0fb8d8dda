import type { Area } from '../../platform/area';
import meController from './controller';
import api from './routes';
import { accountRoutes } from './pages';
import contentTypes from './content-types';
import settingsServices from './settings/services';
import accountController from './settings/controller';
import accountApi from './settings/routes';
import { accountSettingsRoutes } from './settings/pages';
import { passwordResetRoutes } from './password-reset/pages';
import { emailConfirmationRoutes } from './email-confirmation/pages';

/** The shopper's own account: signing in and up, the account pages, /api/me/. */
const area = {
  contentTypes,
  services: { ...settingsServices },
  controllers: { me: meController, account: accountController },
  routes: {
    api: [...api, ...accountApi],
    pages: [...accountRoutes, ...accountSettingsRoutes, ...passwordResetRoutes, ...emailConfirmationRoutes],
  },
} satisfies Area;

export default area;

// What the plugin's bootstrap and other areas use of this one (they import this file only).
export { installSessionRules } from './settings/session-rules';
export { linkUsersPermissionsToShop } from './users-permissions-links';
