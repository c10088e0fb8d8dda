import { useRBAC } from '@strapi/strapi/admin';
import { DELIVERIES_MANAGE, ORDERS_READ, SETTINGS_READ } from './permissions';

export interface PluginPermissions {
  isLoading: boolean;
  canReadOrders: boolean;
  canManageDeliveries: boolean;
  canReadSettings: boolean;
}

/**
 * One useRBAC call per action: useRBAC names an action by its last word, so orders.read and
 * settings.read checked together would both become "canRead".
 */
export function usePluginPermissions(): PluginPermissions {
  const orders = useRBAC(ORDERS_READ);
  const deliveries = useRBAC(DELIVERIES_MANAGE);
  const settings = useRBAC(SETTINGS_READ);
  return {
    isLoading: orders.isLoading || deliveries.isLoading || settings.isLoading,
    canReadOrders: Boolean(orders.allowedActions.canRead),
    canManageDeliveries: Boolean(deliveries.allowedActions.canManage),
    canReadSettings: Boolean(settings.allowedActions.canRead),
  };
}
