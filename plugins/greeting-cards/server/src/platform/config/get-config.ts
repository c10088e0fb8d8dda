import type { Core } from '@strapi/strapi';
import type { PluginConfig } from './settings';
import { effectiveConfig } from './stored-settings';

/**
 * The plugin's configuration: the boot configuration with the values editors stored on the admin
 * settings page laid over it (environment and config/plugins still win). Synchronous and allocation-free:
 * the stored values are refreshed in the request and job path (stored-settings.ts), not here.
 */
export function getConfig(strapi: Core.Strapi): PluginConfig {
  return effectiveConfig(strapi);
}
