import { PLUGIN_ID } from '../pluginId';

// Translation keys are namespaced by plugin id so they never clash with the admin's own keys.
export const getTranslation = (id: string) => `${PLUGIN_ID}.${id}`;
