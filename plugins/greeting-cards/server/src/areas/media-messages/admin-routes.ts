import { ADMIN_ACTIONS } from '../../platform/admin-permissions';

// The admin API of video and voice messages: an operator's removal, for those who manage deliveries.
export default {
  type: 'admin',
  routes: [
    {
      method: 'GET' as const,
      path: '/admin/media-messages',
      handler: 'media-messages-admin.list',
      config: {
        policies: [
          'admin::isAuthenticatedAdmin',
          { name: 'admin::hasPermissions', config: { actions: [ADMIN_ACTIONS.deliveriesManage] } },
        ] as unknown[],
      },
    },
    {
      method: 'POST' as const,
      path: '/admin/media-messages/:id/remove',
      handler: 'media-messages-admin.remove',
      config: {
        policies: [
          'admin::isAuthenticatedAdmin',
          { name: 'admin::hasPermissions', config: { actions: [ADMIN_ACTIONS.deliveriesManage] } },
        ] as unknown[],
      },
    },
  ],
};
