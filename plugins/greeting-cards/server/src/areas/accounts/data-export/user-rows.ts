import type { Core } from '@strapi/strapi';
import { query, type Row } from '../../../platform/db/query';

// How a content type points at its account, read from its attributes: a relation named user or owner to
// the users-permissions user, else an integer user_key / user_id / owner_key / owner_ref. Export sections and the
// deletion steps find "the rows of this account" through it, so a type added later (a consent, a
// preference) needs only its uid in a list.

const RELATIONS = ['user', 'owner'];
const KEYS = ['user_key', 'user_id', 'owner_key', 'owner_ref'];

/** The where clause that finds `userId`'s rows of `uid`; null when the type is not there or has no account column. */
export function ownerWhere(strapi: Core.Strapi, uid: string, userId: number): Record<string, unknown> | null {
  const type = strapi.contentTypes[uid as keyof typeof strapi.contentTypes] as
    { attributes?: Record<string, { type?: string; target?: string }> } | undefined;
  const attributes = type?.attributes;
  if (!attributes) return null;
  for (const name of RELATIONS) {
    const a = attributes[name];
    if (a?.type === 'relation' && a.target === 'plugin::users-permissions.user') return { [name]: userId };
  }
  for (const name of KEYS) if (attributes[name]?.type === 'integer') return { [name]: userId };
  return null;
}

/** Every row of `uid` that belongs to `userId` (none when the type is absent), oldest first. */
export async function rowsOfUser(
  strapi: Core.Strapi,
  uid: string,
  userId: number,
  options: { populate?: unknown; select?: string[] } = {},
): Promise<Row[]> {
  const where = ownerWhere(strapi, uid, userId);
  if (!where) return [];
  return query(strapi, uid).findMany({
    where,
    orderBy: { id: 'asc' },
    ...(options.populate ? { populate: options.populate } : {}),
    ...(options.select ? { select: options.select } : {}),
  });
}
