import type { Core } from '@strapi/strapi';
import type { Uid } from '../uids';

/**
 * Strapi's query engine for one of our content types. Strapi types `db.query` against the host app's
 * generated registry, which does not know a plugin's types: the cast lives here, once.
 */
export function query(strapi: Core.Strapi, uid: Uid | string): ReturnType<Core.Strapi['db']['query']> {
  return strapi.db.query(uid as Parameters<Core.Strapi['db']['query']>[0]);
}

/** The table behind a content type, from Strapi's metadata (never a hard-coded 'gc_...' name). */
export function tableOf(strapi: Core.Strapi, uid: Uid): string {
  return strapi.db.metadata.get(uid).tableName;
}

/**
 * A row as Strapi's query engine returns it: untyped, like the engine itself. This is the one place
 * that says so; services read the fields they know.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Row = Record<string, any>;
