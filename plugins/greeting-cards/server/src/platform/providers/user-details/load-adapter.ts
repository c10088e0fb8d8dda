import path from 'path';
import type { Core } from '@strapi/strapi';
import { ConfigError, PluginConfig } from '../../config/settings';
import { createDefaultUserDetailsAdapter } from './default-adapter';
import { AdapterFactory, DETAIL_FIELDS, UserDetailsAdapter } from './types';

function checkFieldMap(setting: string, map: Record<string, string>): void {
  const unknown = Object.keys(map).filter((k) => !(DETAIL_FIELDS as readonly string[]).includes(k));
  if (unknown.length) {
    throw new ConfigError(
      `${setting}: unknown detail ${unknown.map((k) => `"${k}"`).join(', ')}; use ${DETAIL_FIELDS.join(', ')}`,
    );
  }
}

function loadCustomAdapter(strapi: Core.Strapi, config: PluginConfig): UserDetailsAdapter {
  const ref = config.userDetailsAdapter;
  // Relative paths are relative to the host app, not to wherever the process was started.
  const resolved = path.isAbsolute(ref) ? ref : path.resolve(strapi.dirs.app.root, ref);
  let mod: unknown;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the adapter's path is only known at runtime
    mod = require(require.resolve(resolved));
  } catch (error) {
    throw new ConfigError(
      `SERVICE_USER_DETAILS_ADAPTER: cannot load "${ref}" (resolved to ${resolved}): ${(error as Error).message}`,
    );
  }
  const exported = (mod as { default?: unknown })?.default ?? mod;
  const adapter = typeof exported === 'function' ? (exported as AdapterFactory)({ strapi, config }) : exported;
  if (!adapter || typeof (adapter as UserDetailsAdapter).getDetails !== 'function') {
    throw new ConfigError(
      `SERVICE_USER_DETAILS_ADAPTER: "${ref}" must export an object with getDetails(user), or a factory ({ strapi, config }) => such an object`,
    );
  }
  return adapter as UserDetailsAdapter;
}

/** Builds the configured adapter; throws a ConfigError naming the setting when it cannot. Called in register(). */
export function loadUserDetailsAdapter(strapi: Core.Strapi, config: PluginConfig): UserDetailsAdapter {
  checkFieldMap('SERVICE_USER_FIELD_MAP', config.userFieldMap);
  checkFieldMap('SERVICE_PROFILE_FIELD_MAP', config.profileFieldMap);
  const adapter = config.userDetailsAdapter
    ? loadCustomAdapter(strapi, config)
    : createDefaultUserDetailsAdapter({ strapi, config });
  return adapter;
}

/** Checks that SERVICE_USER_PROFILE_RELATION names a relation of the user model. Called in bootstrap(), once content types exist. */
export function checkProfileRelation(strapi: Core.Strapi, config: PluginConfig): void {
  const relation = config.userProfileRelation;
  if (!relation || config.userDetailsAdapter || !config.useSystemUserDetails) return;
  const model = strapi.contentType(config.userModel as Parameters<Core.Strapi['contentType']>[0]) as
    { attributes?: Record<string, { type?: string }> } | undefined;
  const attribute = model?.attributes?.[relation];
  if (!attribute || attribute.type !== 'relation') {
    throw new ConfigError(`SERVICE_USER_PROFILE_RELATION: "${relation}" is not a relation of ${config.userModel}`);
  }
}
