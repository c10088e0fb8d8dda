import type { Core } from '@strapi/strapi';

// Admin RBAC actions of the plugin (Settings > Roles > Plugins > Greeting cards). A role given only
// these is an operator without being a super admin; every admin route checks one of them.
export const ADMIN_ACTIONS = {
  ordersRead: 'plugin::greeting-cards.orders.read',
  deliveriesManage: 'plugin::greeting-cards.deliveries.manage',
  settingsRead: 'plugin::greeting-cards.settings.read',
  settingsUpdate: 'plugin::greeting-cards.settings.update',
  paymentsManage: 'plugin::greeting-cards.payments.manage',
  accountsDelete: 'plugin::greeting-cards.accounts.delete',
} as const;

const DECLARED = [
  { uid: 'orders.read', displayName: 'Read orders and payments', subCategory: 'orders' },
  { uid: 'deliveries.manage', displayName: 'See, retry, cancel and resend deliveries', subCategory: 'deliveries' },
  { uid: 'settings.read', displayName: 'Read the settings and service health', subCategory: 'settings' },
  // Its own action: seeing the configuration is an operator's job, changing prices is an owner's.
  {
    uid: 'settings.update',
    displayName: 'Change prices, currency, brand, reminders and delivery options',
    subCategory: 'settings',
  },
  { uid: 'payments.manage', displayName: 'Mark payment issues resolved', subCategory: 'orders' },
  // Its own action: deleting a shopper's account (a request that came by e-mail) cannot be undone.
  { uid: 'accounts.delete', displayName: "Delete a shopper's account", subCategory: 'accounts' },
];

interface ActionProvider {
  registerMany(actions: Array<Record<string, string>>): Promise<void>;
}

export async function registerAdminActions(strapi: Core.Strapi): Promise<void> {
  const permission = strapi.service('admin::permission') as unknown as { actionProvider: ActionProvider };
  await permission.actionProvider.registerMany(
    DECLARED.map((a) => ({ section: 'plugins', pluginName: 'greeting-cards', ...a })),
  );
}
