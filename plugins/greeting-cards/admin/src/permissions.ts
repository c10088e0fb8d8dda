// The admin RBAC actions the server registers. Each admin route checks its action; the UI only hides or
// disables what a role lacks so nobody is offered a button that would answer 403.
export const ACTIONS = {
  ordersRead: 'plugin::greeting-cards.orders.read',
  deliveriesManage: 'plugin::greeting-cards.deliveries.manage',
  settingsRead: 'plugin::greeting-cards.settings.read',
  settingsUpdate: 'plugin::greeting-cards.settings.update',
  paymentsManage: 'plugin::greeting-cards.payments.manage',
  accountsDelete: 'plugin::greeting-cards.accounts.delete',
} as const;

export const ORDERS_READ = [{ action: ACTIONS.ordersRead, subject: null }];
export const DELIVERIES_MANAGE = [{ action: ACTIONS.deliveriesManage, subject: null }];
export const SETTINGS_READ = [{ action: ACTIONS.settingsRead, subject: null }];
export const ACCOUNTS_DELETE = [{ action: ACTIONS.accountsDelete, subject: null }];

/** What the menu link needs: any one of the plugin's actions shows it. */
export const ANY_PLUGIN_ACTION = [...ORDERS_READ, ...DELIVERIES_MANAGE, ...SETTINGS_READ, ...ACCOUNTS_DELETE];
