import { PLUGIN_ID } from './pluginId';

/** The plugin page's address inside the admin app (Strapi adds the router's /admin basename). */
export const PLUGIN_PATH = `/plugins/${PLUGIN_ID}`;
