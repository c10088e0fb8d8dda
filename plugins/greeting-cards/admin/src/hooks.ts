import { useAuth } from '@strapi/strapi/admin';
import { ACTIONS } from './permissions';

export interface PluginPermissions {
  isLoading: boolean;
  canReadOrders: boolean;
  canManageDeliveries: boolean;
  canReadSettings: boolean;
  canUpdateSettings: boolean;
  canManagePayments: boolean;
  canDeleteAccounts: boolean;
}

/**
 * The plugin's actions held by the signed-in admin, read from the permissions Strapi keeps for them
 * (as Strapi's own page protection does). Not useRBAC: it checks once, when the page first renders,
 * and when that happens before the admin's permissions have arrived (a full page load on a busy
 * server) it answers "no" for good and the page showed "You don't have the permissions". Reading the
 * stored permissions re-renders when they arrive. The server checks every route's action anyway.
 */
export function usePluginPermissions(): PluginPermissions {
  const permissions = useAuth('greeting-cards', (state) => state.permissions);
  const isLoading = useAuth('greeting-cards', (state) => state.isLoading);
  const has = (action: string) => (permissions ?? []).some((p) => p.action === action);
  return {
    isLoading: Boolean(isLoading) || permissions === undefined,
    canReadOrders: has(ACTIONS.ordersRead),
    canManageDeliveries: has(ACTIONS.deliveriesManage),
    canReadSettings: has(ACTIONS.settingsRead),
    canUpdateSettings: has(ACTIONS.settingsUpdate),
    canManagePayments: has(ACTIONS.paymentsManage),
    canDeleteAccounts: has(ACTIONS.accountsDelete),
  };
}
