import type { Core } from '@strapi/strapi';
import type { PluginConfig } from './settings';

export function getConfig(strapi: Core.Strapi): PluginConfig {
  return strapi.config.get('plugin::greeting-cards') as PluginConfig;
}
