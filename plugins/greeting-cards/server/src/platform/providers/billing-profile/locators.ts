import type { Core } from '@strapi/strapi';
import { UID } from '../../uids';
import { isUniqueViolation } from '../../db/unique-violation';
import type { ProfileLocator } from './content-type-store';
import { query as queryOf, type Row } from '../../db/query';

const first = (value: unknown): Row | null => ((Array.isArray(value) ? value[0] : value) as Row | null) ?? null;

/** The plugin's own billing profile, one per user: `user_key` (unique index) is the owner's id. */
export function builtInLocator(strapi: Core.Strapi, userModel: string): ProfileLocator {
  const query = () => queryOf(strapi, UID.billingProfile);
  const find = (userId: number) => query().findOne({ where: { user_key: userId } }) as Promise<Row | null>;
  return {
    kind: 'built-in',
    uid: UID.billingProfile,
    find,
    async create(userId, data) {
      try {
        // The relation is only meaningful when users are users-permissions users.
        const user = userModel === UID.user ? { user: userId } : {};
        return await query().create({ data: { ...data, ...user, user_key: userId } });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        return (await find(userId))!;
      }
    },
    async userIdOf(rowId) {
      const row = await query().findOne({ where: { id: rowId }, select: ['user_key'] });
      return row?.user_key ?? null;
    },
  };
}

/** A host content type with a relation field to the user (SERVICE_BILLING_PROFILE_MODEL + _USER_FIELD). */
export function modelLocator(strapi: Core.Strapi, uid: string, userField: string): ProfileLocator {
  const query = () => queryOf(strapi, uid);
  // The oldest row wins when a user somehow has several.
  const find = async (userId: number) =>
    first(await query().findMany({ where: { [userField]: { id: userId } }, orderBy: { id: 'asc' }, limit: 1 }));
  return {
    kind: 'model',
    uid,
    find,
    async create(userId, data) {
      const created = await query().create({ data: { ...data, [userField]: userId } });
      const winner = (await find(userId)) ?? created;
      // Another instance created one first: drop ours (it holds nothing yet).
      if (winner.id !== created.id) await query().delete({ where: { id: created.id } });
      return winner;
    },
    async userIdOf(rowId) {
      const row = await query().findOne({ where: { id: rowId }, populate: [userField] });
      return first(row?.[userField])?.id ?? null;
    },
  };
}

/** A host content type reached through a relation on the user (SERVICE_BILLING_PROFILE_RELATION). */
export function relationLocator(
  strapi: Core.Strapi,
  userModel: string,
  relation: string,
  targetUid: string,
  toMany: boolean,
): ProfileLocator {
  const users = () => queryOf(strapi, userModel);
  const query = () => queryOf(strapi, targetUid);
  const find = async (userId: number) =>
    first((await users().findOne({ where: { id: userId }, populate: [relation] }))?.[relation]);
  return {
    kind: 'relation',
    uid: targetUid,
    find,
    async create(userId, data) {
      const created = await query().create({ data });
      await users().update({ where: { id: userId }, data: { [relation]: toMany ? [created.id] : created.id } });
      const winner = (await find(userId)) ?? created;
      if (winner.id !== created.id) await query().delete({ where: { id: created.id } });
      return winner;
    },
    async userIdOf(rowId) {
      const user = await users().findOne({ where: { [relation]: { id: rowId } }, select: ['id'] });
      return user?.id ?? null;
    },
  };
}
