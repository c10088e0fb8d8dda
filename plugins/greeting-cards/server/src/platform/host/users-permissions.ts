import type { Core } from '@strapi/strapi';

// Shoppers are users-permissions users and the API authenticates them with its JWT service (in both
// its 'legacy-support' and 'refresh' JWT modes); without the plugin nothing works, so boot stops here.
export const USERS_PERMISSIONS_MISSING =
  '[greeting-cards] needs the users-permissions plugin: run `npm install @strapi/plugin-users-permissions@5` in your Strapi app and keep it enabled in config/plugins.ts.';

type PluginLookup = Pick<Core.Strapi, 'plugin'>;

export function requireUsersPermissions(strapi: PluginLookup): void {
  const plugin = strapi.plugin('users-permissions');
  if (!plugin) throw new Error(USERS_PERMISSIONS_MISSING);
  try {
    if (!plugin.service('jwt')) throw new Error('no jwt service');
  } catch {
    throw new Error(`${USERS_PERMISSIONS_MISSING} (it is loaded but has no JWT service: use a 5.x version)`);
  }
}
