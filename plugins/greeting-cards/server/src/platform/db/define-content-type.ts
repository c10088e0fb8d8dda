// Small helpers so each schema reads as a list of fields. Relation targets are the UIDs of uids.ts.
import { UID } from '../uids';
import { CONTENT_VIEWS, contentManagerConfig } from './content-manager-views';

interface Options {
  singular: string;
  plural: string;
  displayName: string;
  description: string;
  /** Curated types are edited by content editors; internal ones are hidden from the admin panel. */
  curated: boolean;
  attributes: Record<string, unknown>;
  /** Columns with a unique index in the database (see below). */
  unique?: string[];
  /** Columns with a plain index, for lookups that grow with the shop. */
  indexed?: string[];
  /**
   * Strapi's own draft & publish (the curated catalogue): editors save drafts and publish them; the
   * shop reads only published rows (platform/db/published.ts). Such a type must not declare a unique index on
   * a column both rows of a document share (slug): each document has a draft row and a published row
   * with the same slug. Its `uid` fields are unique per status by Strapi's own validation (the
   * Content Manager refuses a second draft with a taken slug), which is the invariant the shop needs:
   * one published template per slug.
   */
  publishable?: boolean;
  /**
   * Strapi's own i18n: the attributes whose text is translated per locale (each document then has a
   * row per locale, and per draft/published state). Every other attribute is marked not localized, so
   * Strapi copies it to all the document's locale rows whenever one changes. Strapi 5 always keeps
   * relations and `uid` fields (slug) per locale, whatever their option says: a translation row has
   * its own slug and links (the shop reads them from the default locale's row, platform/db/localized.ts).
   */
  localized?: string[];
}

const PER_LOCALE_ALWAYS = new Set(['relation', 'uid']);

/** The attributes with Strapi's i18n option on each (see Options.localized). */
function localizeAttributes(attributes: Record<string, unknown>, localized: string[]): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(attributes).map(([name, attribute]) => {
      const a = attribute as { type?: string; pluginOptions?: Record<string, unknown> };
      if (PER_LOCALE_ALWAYS.has(a.type ?? '')) return [name, attribute];
      return [
        name,
        { ...a, pluginOptions: { ...(a.pluginOptions ?? {}), i18n: { localized: localized.includes(name) } } },
      ];
    }),
  );
}

// Strapi 5's `unique: true` is checked by the application, not the database, so it cannot stop two
// racing requests. Unique indexes (NULLs never collide, in SQLite, PostgreSQL or MySQL) are what make
// "one cart per user", "one system recipient per owner", "each webhook event once" and "unguessable
// tokens never repeat" hold under concurrency. Declared on the schema, they belong to Strapi's own
// schema sync: created with the table through Knex (portable SQL), compared only when the schemas
// change, so a normal boot runs no DDL. The names are those the plugin's boot-time SQL used to create,
// so existing databases already have them.
function indexes(collectionName: string, o: Options) {
  const list = [
    ...(o.unique ?? []).map((column) => ({
      name: `${collectionName}_${column}_uq`,
      columns: [column],
      type: 'unique',
    })),
    ...(o.indexed ?? []).map((column) => ({ name: `${collectionName}_${column}_ix`, columns: [column] })),
  ];
  return list.length ? { indexes: list } : {};
}

export function defineType(o: Options) {
  const hidden = o.curated ? {} : { 'content-manager': { visible: false }, 'content-type-builder': { visible: false } };
  const collectionName = `gc_${o.plural.replace(/-/g, '_')}`;
  return {
    schema: {
      kind: 'collectionType',
      collectionName,
      info: { singularName: o.singular, pluralName: o.plural, displayName: o.displayName, description: o.description },
      options: { draftAndPublish: Boolean(o.publishable) },
      pluginOptions: o.localized ? { ...hidden, i18n: { localized: true } } : hidden,
      attributes: o.localized ? localizeAttributes(o.attributes, o.localized) : o.attributes,
      ...indexes(collectionName, o),
      // The Content Manager's defaults for this type's views (labels, list columns, sort).
      ...(CONTENT_VIEWS[o.singular] ? { config: contentManagerConfig(CONTENT_VIEWS[o.singular]) } : {}),
    },
  };
}

export const rel = {
  manyToOne: (target: string) => ({ type: 'relation', relation: 'manyToOne', target }),
  oneToOne: (target: string) => ({ type: 'relation', relation: 'oneToOne', target }),
  user: () => ({ type: 'relation', relation: 'manyToOne', target: UID.user }),
};
export const str = (extra: Record<string, unknown> = {}) => ({ type: 'string', ...extra });
export const text = (extra: Record<string, unknown> = {}) => ({ type: 'text', ...extra });
export const int = (extra: Record<string, unknown> = {}) => ({ type: 'integer', ...extra });
export const bool = (def: boolean) => ({ type: 'boolean', default: def, required: true });
export const json = () => ({ type: 'json' });
export const dt = () => ({ type: 'datetime' });
export const date = () => ({ type: 'date' });
export const enumeration = (values: readonly string[], def?: string) => ({
  type: 'enumeration',
  enum: [...values],
  ...(def ? { default: def, required: true } : {}),
});
