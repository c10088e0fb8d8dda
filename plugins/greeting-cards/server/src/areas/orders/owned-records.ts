import type { Core } from '@strapi/strapi';
import { ApiError } from '../../platform/errors';
import { getService } from '../../platform/get-service';
import { query, tableOf, type Row } from '../../platform/db/query';
import type { Knex } from 'knex';
import { inCurrentTransaction, linkOf, rowOfType, scalarColumnsOf } from '../../platform/db/joined-rows';
import { COLUMNS_NAMED } from '../../platform/db/prepared-statements';
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

/**
 * PostgreSQL, for add-to-cart: the user's card `cardId` (id, title, status, as findOwnedCard gives it),
 * their recipient `recipientId` (every scalar, as findOwnedRecipient gives it) and the id of their open
 * cart, in ONE query: three reads side by side (lateral joins), each null when it finds nothing. The
 * cart is read without a lock: it only tells whether there is one (add-to-cart takes the lock when so).
 * In the caller's transaction when there is one (a group card's new card is not committed yet).
 */
export async function ownedCardRecipientAndCart(
  strapi: Core.Strapi,
  userId: number,
  cardId: number,
  recipientId: number | null,
): Promise<{ card: Row | null; recipient: Row | null; cartId: number | null }> {
  return inCurrentTransaction(strapi, (knex) => readOwned(knex, strapi, userId, cardId, recipientId));
}

async function readOwned(
  knex: Knex,
  strapi: Core.Strapi,
  userId: number,
  cardId: number,
  recipientId: number | null,
): Promise<{ card: Row | null; recipient: Row | null; cartId: number | null }> {
  const cardOwner = linkOf(strapi, UID.card, 'owner');
  const recipientOwner = linkOf(strapi, UID.recipient, 'owner');
  const reads = [
    knex(`${tableOf(strapi, UID.card)} as c`)
      .join(`${cardOwner.table} as co`, `co.${cardOwner.own}`, 'c.id')
      .where({ 'c.id': cardId, [`co.${cardOwner.other}`]: userId })
      .select({ c__id: 'c.id', c__title: 'c.title', c__status: 'c.status' })
      .limit(1),
    knex(`${tableOf(strapi, UID.recipient)} as r`)
      .join(`${recipientOwner.table} as ro`, `ro.${recipientOwner.own}`, 'r.id')
      // No recipient asked for: id 0, which no row has.
      .where({ 'r.id': recipientId ?? 0, [`ro.${recipientOwner.other}`]: userId })
      .select(scalarColumnsOf(strapi, UID.recipient, 'r', 'r__'))
      .limit(1),
    knex(tableOf(strapi, UID.order)).where({ cart_key: userId }).select({ k__id: 'id' }).limit(1),
  ].map((read) => read.toSQL());
  const [c, r, k] = reads;
  const result = (await knex.raw(
    // The three reads name their columns: PostgreSQL may keep the statement (prepared-statements.ts).
    `select * from (select 1 as "one") as "one" left join lateral (${c.sql}) as "c" on true ` +
      `left join lateral (${r.sql}) as "r" on true left join lateral (${k.sql}) as "k" on true ${COLUMNS_NAMED}`,
    reads.flatMap((read) => [...read.bindings]) as never,
  )) as { rows: Row[] };
  const row = result.rows[0];
  return {
    card: row.c__id === null ? null : { id: Number(row.c__id), title: row.c__title, status: row.c__status },
    recipient: row.r__id === null ? null : rowOfType(strapi, UID.recipient, row, 'r__'),
    cartId: row.k__id === null ? null : Number(row.k__id),
  };
}
