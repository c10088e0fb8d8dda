import type { Area } from '../../platform/area';
import meController from './controller';
import dataController from './data-controller';
import contentTypes from './content-types';
import services from './services';
import api from './routes';
import { dataAdminRoutes, dataRoutes } from './data-routes';
import { accountRoutes } from './pages';
import { dataPageRoutes } from './data-pages';
import settingsServices from './settings/services';
import accountController from './settings/controller';
import accountApi from './settings/routes';
import { accountSettingsRoutes } from './settings/pages';
import { passwordResetRoutes } from './password-reset/pages';
import { emailConfirmationRoutes } from './email-confirmation/pages';
import { providerSignInRoutes } from './provider-sign-in/pages';

/** The shopper's own account: signing in and up (with a password or another account's provider), password reset, the account pages, /api/me/, export and deletion. */
const area = {
  contentTypes,
  services: { ...services, ...settingsServices },
  controllers: { me: meController, account: accountController, 'account-data': dataController },
  routes: {
    api: [...api, ...accountApi, ...dataRoutes],
    pages: [
      ...accountRoutes,
      ...accountSettingsRoutes,
      ...passwordResetRoutes,
      ...emailConfirmationRoutes,
      ...dataPageRoutes,
      ...providerSignInRoutes,
    ],
    admin: dataAdminRoutes,
  },
} satisfies Area;

export default area;

// What the plugin's bootstrap and other areas use of this one (they import this file only).
export { installSessionRules } from './settings/session-rules';
export { linkUsersPermissionsToShop } from './users-permissions-links';
