// The plugin's id: the same as `strapi.name` in package.json and the server's plugin name.
export const PLUGIN_ID = 'greeting-cards';
