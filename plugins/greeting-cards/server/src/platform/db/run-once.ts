import type { Core } from '@strapi/strapi';

/**
 * Runs a one-off data migration once per database: a marker in the plugin's store records the version
 * that ran, so every later boot costs one store read. Bump `version` when a changed migration must run
 * again. The migration itself must be safe to repeat: two instances booting together may both run it.
 */
export async function runOnce(
  strapi: Core.Strapi,
  name: string,
  version: number,
  migrate: () => Promise<unknown>,
): Promise<boolean> {
  const store = strapi.store({ type: 'plugin', name: 'greeting-cards', key: `migration:${name}` });
  if (Number((await store.get({})) ?? 0) >= version) return false;
  await migrate();
  await store.set({ value: version });
  return true;
}
