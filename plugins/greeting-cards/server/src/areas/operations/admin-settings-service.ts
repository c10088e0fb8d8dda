import type { Core } from '@strapi/strapi';
import { getConfig } from '../../platform/config/get-config';
import { SETTINGS, type NamedSetting } from '../../platform/config/settings';
import { maskSecret, SECRET_SETTINGS, SETTING_GROUPS } from '../../platform/config/settings-groups';
import { checkEditable, FORM_GROUPS, isEditable, MONEY_KEYS } from '../../platform/config/editable-settings';
import { storedSettingsState, writeStoredSettings } from '../../platform/config/stored-settings';
import { fieldErrors } from '../../platform/errors';
import { emailHealth, rendererHealth } from './service-health';

/** How the page edits a value: money is shown and typed as a decimal of the currency. */
function kindOf(setting: NamedSetting): 'money' | 'integer' | 'boolean' | 'list' | 'text' {
  if (MONEY_KEYS.has(setting.key)) return 'money';
  if (typeof setting.default === 'boolean') return 'boolean';
  if (typeof setting.default === 'number') return 'integer';
  if (Array.isArray(setting.default)) return 'list';
  return 'text';
}

const pinnedMessage = (by: string) =>
  by === 'config/plugins'
    ? 'is set in config/plugins.ts, which wins over this page; change it there'
    : `is set by ${by} in the environment, which wins over this page; change or unset it there`;

/**
 * The effective configuration, grouped, secrets masked; which values editors may change here and which
 * the environment pins; and whether rendering and e-mail work.
 */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async report() {
    const config = getConfig(strapi);
    const { pins, stored } = storedSettingsState(strapi);
    const groups = new Map<string, Array<Record<string, unknown>>>();
    for (const setting of SETTINGS) {
      const secret = SECRET_SETTINGS.has(setting.key);
      const group = SETTING_GROUPS[setting.key];
      const key = setting.key;
      if (!groups.has(group)) groups.set(group, []);
      groups.get(group)?.push({
        key,
        env: setting.env,
        value: secret ? maskSecret(config[key]) : config[key],
        secret,
        description: setting.describe,
        ...(isEditable(key)
          ? {
              editable: true,
              kind: kindOf(setting),
              form_group: FORM_GROUPS[key],
              pinned_by: pins.get(key) ?? null,
              stored: !pins.has(key) && stored?.values !== undefined && key in stored.values,
            }
          : { editable: false }),
      });
    }
    const [renderer, email] = await Promise.all([rendererHealth(strapi, config.renderer), emailHealth(strapi)]);
    return {
      groups: [...groups.entries()].map(([name, settings]) => ({ name, settings })),
      currency: config.currency,
      stored: stored ? { version: stored.version, updated_at: stored.updated_at, updated_by: stored.updated_by } : null,
      health: { renderer, email },
    };
  },

  /**
   * Stores a change of editable settings ({key: value}; null goes back to the default). Every value is
   * checked by its setting's schema; a pinned one, an infrastructure one or an unknown key is a field
   * error. Nothing is stored unless everything passes.
   */
  async update(body: Record<string, unknown>, by: string | null) {
    if (!Object.keys(body).length)
      throw fieldErrors({
        non_field_errors: ['Nothing to change: send the settings to change, e.g. {"ecardPrice": 349}.'],
      });
    const { values, cleared, errors } = checkEditable(body);
    const { pins } = storedSettingsState(strapi);
    for (const key of [...Object.keys(values), ...cleared]) {
      const by = pins.get(key as never);
      if (by) errors[key] = [pinnedMessage(by)];
    }
    if (Object.keys(errors).length) throw fieldErrors(errors);
    await writeStoredSettings(strapi, values, cleared, by);
    return this.report();
  },
});
