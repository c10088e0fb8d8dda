import { route, type RouteDef } from '../../platform/http/define-routes';
import { limited } from '../../platform/http/route-limits';
import { ADMIN_ACTIONS } from '../../platform/admin-permissions';

// Export and deletion (docs/api.md, "Your data"). The export is GET with the password in the
// X-Current-Password header, or POST with it in the body; deletion is DELETE with the header (Strapi's
// body parser does not read a DELETE's body).
export const dataRoutes: RouteDef[] = [
  limited('renders', route('GET', '/me/export', 'account-data.export')),
  limited('renders', route('POST', '/me/export', 'account-data.export')),
  limited('writes', route('DELETE', '/me/account', 'account-data.deleteAccount')),
];

export const dataAdminRoutes: {
  type: string;
  routes: Array<{ method: 'GET' | 'POST'; path: string; handler: string; config: { policies: unknown[] } }>;
} = {
  type: 'admin',
  routes: [
    {
      method: 'GET',
      path: '/admin/accounts',
      handler: 'account-data.adminFind',
      config: {
        policies: [
          'admin::isAuthenticatedAdmin',
          { name: 'admin::hasPermissions', config: { actions: [ADMIN_ACTIONS.accountsDelete] } },
        ],
      },
    },
    {
      method: 'POST',
      path: '/admin/accounts/:id/delete',
      handler: 'account-data.adminDelete',
      config: {
        policies: [
          'admin::isAuthenticatedAdmin',
          { name: 'admin::hasPermissions', config: { actions: [ADMIN_ACTIONS.accountsDelete] } },
        ],
      },
    },
  ],
};
