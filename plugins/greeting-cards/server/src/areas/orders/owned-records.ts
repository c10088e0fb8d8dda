import type { Core } from '@strapi/strapi';
import { ApiError } from '../../platform/errors';
import { getService } from '../../platform/get-service';
import { query, type Row } from '../../platform/db/query';
import { UID } from '../../platform/uids';

// The cart needs "this user's card / recipient, or none": the cards and recipients services answer a
// missing or foreign row with a 404, which add_to_cart turns into a field error instead.

async function orNull(find: () => Promise<Row | null | undefined>): Promise<Row | null> {
  try {
    return (await find()) ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The fields a cart item needs of its card (no design, no template or occasion: one query). */
export function findOwnedCard(strapi: Core.Strapi, userId: number, id: number): Promise<Row | null> {
  return query(strapi, UID.card).findOne({ where: { id, owner: { id: userId } }, select: ['id', 'title', 'status'] });
}

export function findOwnedRecipient(strapi: Core.Strapi, userId: number, id: number): Promise<Row | null> {
  return orNull(() => getService(strapi, 'recipients').findOwned(userId, id));
}
