// Shoppers are users-permissions users and the API authenticates them with its JWT service (in both
// its 'legacy-support' and 'refresh' JWT modes); without the plugin nothing works, so boot stops here.
export const USERS_PERMISSIONS_MISSING =
  '[greeting-cards] needs the users-permissions plugin: run `npm install @strapi/plugin-users-permissions@5` in your Strapi app and keep it enabled in config/plugins.ts.';

// What the check uses of Strapi. Strapi's own type says plugin() always finds one, but it returns
// undefined for a plugin that is not installed: the case this check is for.
type PluginLookup = { plugin(name: string): { service(name: string): unknown } | undefined };

export function requireUsersPermissions(strapi: PluginLookup): void {
  const plugin = strapi.plugin('users-permissions');
  if (!plugin) throw new Error(USERS_PERMISSIONS_MISSING);
  try {
    if (!plugin.service('jwt')) throw new Error('no jwt service');
  } catch {
    throw new Error(`${USERS_PERMISSIONS_MISSING} (it is loaded but has no JWT service: use a 5.x version)`);
  }
}
