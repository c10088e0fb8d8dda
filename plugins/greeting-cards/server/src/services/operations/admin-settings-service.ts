import type { Core } from '@strapi/strapi';
import { getConfig } from '../../config/get-config';
import { SETTINGS } from '../../config/settings';
import { maskSecret, SECRET_SETTINGS, SETTING_GROUPS } from '../../config/settings-groups';
import { emailHealth, rendererHealth } from './service-health';

/** The effective configuration, grouped, secrets masked; and whether rendering and e-mail work. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async report() {
    const config = getConfig(strapi);
    const groups = new Map<string, Array<{ key: string; env: string; value: unknown; secret: boolean; description: string }>>();
    for (const setting of SETTINGS) {
      const secret = SECRET_SETTINGS.has(setting.key);
      const group = SETTING_GROUPS[setting.key];
      if (!groups.has(group)) groups.set(group, []);
      groups.get(group)?.push({
        key: setting.key,
        env: setting.env,
        value: secret ? maskSecret(config[setting.key]) : config[setting.key],
        secret,
        description: setting.describe,
      });
    }
    const [renderer, email] = await Promise.all([rendererHealth(strapi, config.renderer), emailHealth(strapi)]);
    return {
      groups: [...groups.entries()].map(([name, settings]) => ({ name, settings })),
      health: { renderer, email },
    };
  },
});
