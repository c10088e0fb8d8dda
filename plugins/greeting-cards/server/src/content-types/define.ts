// Small helpers so each schema reads as a list of fields. Relation targets are the UIDs of uids.ts.
import { UID } from '../uids';
import { CONTENT_VIEWS, contentManagerConfig } from '../content-manager/views';

interface Options {
  singular: string;
  plural: string;
  displayName: string;
  description: string;
  /** Curated types are edited by content editors; internal ones are hidden from the admin panel. */
  curated: boolean;
  attributes: Record<string, unknown>;
}

export function defineType(o: Options) {
  const hidden = o.curated ? {} : { 'content-manager': { visible: false }, 'content-type-builder': { visible: false } };
  return {
    schema: {
      kind: 'collectionType',
      collectionName: `gc_${o.plural.replace(/-/g, '_')}`,
      info: { singularName: o.singular, pluralName: o.plural, displayName: o.displayName, description: o.description },
      options: { draftAndPublish: false },
      pluginOptions: hidden,
      attributes: o.attributes,
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
