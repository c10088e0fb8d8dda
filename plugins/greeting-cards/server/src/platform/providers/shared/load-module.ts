import path from 'path';
import { ConfigError } from '../../config/settings';

/**
 * Loads a host-supplied module named by a setting (path relative to the host app's root, or a package
 * name). It may export the implementation itself or a factory `(context) => implementation`, as default
 * or as the module. A module that cannot be loaded, or lacks the required functions, stops boot with a
 * message naming the setting.
 */
export function loadReplaceableModule<T>(
  settingName: string,
  reference: string,
  appRoot: string,
  context: Record<string, unknown>,
  requiredFunctions: string[],
): T {
  const target = reference.startsWith('.') || reference.startsWith('/') ? path.resolve(appRoot, reference) : reference;
  let loaded: unknown;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded = require(require.resolve(target, { paths: [appRoot] }));
  } catch (error) {
    throw new ConfigError(
      `${settingName}: cannot load module "${reference}" (${(error as Error).message.split('\n')[0]})`,
    );
  }
  const exported = (loaded as { default?: unknown } | null)?.default ?? loaded;
  const candidate = (typeof exported === 'function' ? exported(context) : exported) as
    Record<string, unknown> | null | undefined;
  const missing = requiredFunctions.filter((fn) => typeof candidate?.[fn] !== 'function');
  if (missing.length) {
    throw new ConfigError(
      `${settingName}: module "${reference}" must provide ${missing.map((m) => `${m}()`).join(', ')}`,
    );
  }
  return candidate as T;
}
