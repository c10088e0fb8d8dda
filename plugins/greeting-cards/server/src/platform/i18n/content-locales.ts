import type { Core } from '@strapi/strapi';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, type Locale } from './locales';
import { LOCALIZED_TEXTS } from '../db/localized';

/** How each shop language is named in the Content Manager's locale picker (Strapi's own convention). */
const CONTENT_LOCALE_NAMES: Record<Locale, string> = { en: 'English (en)', de: 'German (de)' };

interface LocalesService {
  count(params?: Record<string, unknown>): Promise<number>;
  findByCode(code: string): Promise<unknown>;
  create(locale: { code: string; name: string }): Promise<unknown>;
  initDefaultLocale(): Promise<void>;
}

/**
 * Every shop language is a locale of Strapi's i18n, so editors can translate the catalogue's texts
 * (templates, occasions, stickers) into it. Strapi creates its default locale ('en') in its own
 * bootstrap only while the locale table is empty: that runs first here, so adding 'de' before it can
 * never leave a database without 'en'. An editor's own extra locales are left alone.
 */
export async function ensureContentLocales(strapi: Core.Strapi): Promise<void> {
  const i18n = strapi.plugin('i18n');
  if (!i18n) return;
  const locales = i18n.service('locales') as LocalesService;
  if ((await locales.count()) === 0) await locales.initDefaultLocale();
  for (const code of SUPPORTED_LOCALES) {
    if (code === DEFAULT_LOCALE) continue;
    if (!(await locales.findByCode(code))) await locales.create({ code, name: CONTENT_LOCALE_NAMES[code] });
  }
  await scopeUnscopedPermissions(strapi);
}

interface AdminPermission {
  id: number;
  action: string;
  subject: string | null;
  properties: Record<string, unknown> | null;
}

/** The Content Manager's actions (read, create, update, delete, publish), which i18n scopes by locale. */
const CONTENT_MANAGER_ACTION = 'plugin::content-manager.explorer.';

/** Whether a permission names a localized catalogue type but no locales at all. */
function unscoped(permission: { action?: unknown; subject?: unknown; properties?: unknown }): boolean {
  if (typeof permission.subject !== 'string' || !(permission.subject in LOCALIZED_TEXTS)) return false;
  if (typeof permission.action !== 'string' || !permission.action.startsWith(CONTENT_MANAGER_ACTION)) return false;
  const properties = permission.properties as Record<string, unknown> | null | undefined;
  return !(properties && 'locales' in properties);
}

const scoped = (properties: unknown): Record<string, unknown> => ({
  ...((properties as Record<string, unknown> | null) ?? {}),
  locales: [...SUPPORTED_LOCALES],
});

/**
 * Admin permissions on the localized catalogue types that name no locales at all were not granted
 * with i18n in mind: Strapi makes its built-in Editor and Author roles (on a new database) from the
 * content types alone, and a role made through the admin's services can leave them out too. Strapi's
 * permission engine reads a missing list as "no locale", so such an editor could not even open a
 * template (a 403 behind the admin's "Whoops" screen; Strapi issue 27247). Such a permission is given
 * every shop language: those already stored at boot, and from then on each one as it is created. A
 * permission an administrator saved in the Roles page always names its locales and is left alone (an
 * empty list too).
 */
async function scopeUnscopedPermissions(strapi: Core.Strapi): Promise<void> {
  const permissions = strapi.db.query('admin::permission' as Parameters<Core.Strapi['db']['query']>[0]);
  const rows = (await permissions.findMany({
    where: { subject: { $in: Object.keys(LOCALIZED_TEXTS) } },
  })) as AdminPermission[];
  for (const row of rows.filter(unscoped)) {
    await permissions.update({ where: { id: row.id }, data: { properties: scoped(row.properties) } });
  }
}

type PermissionData = { action?: unknown; subject?: unknown; properties?: unknown };

/** Scopes permissions as they are created (the built-in roles of a new database, roles made in code). */
export function scopeNewPermissions(strapi: Core.Strapi): void {
  const scope = (data: PermissionData | undefined) => {
    if (data && unscoped(data)) data.properties = scoped(data.properties);
  };
  strapi.db.lifecycles.subscribe({
    models: ['admin::permission'],
    beforeCreate(event) {
      scope(event.params.data as PermissionData);
    },
    beforeCreateMany(event) {
      const data = event.params.data as PermissionData[] | PermissionData | undefined;
      for (const item of Array.isArray(data) ? data : [data]) scope(item);
    },
  });
}
