import type { Core } from '@strapi/strapi';
import crypto from 'crypto';
import { UID } from '../../platform/uids';
import { statesAllowing } from '../orders';
import { initialDeliveryStatus } from '../../platform/deliveries/delivery-state';
import { orderStore } from '../orders';
import { libraryTypeFor } from '../cards';
import { getService } from '../../platform/get-service';
import { query, tableOf, type Row } from '../../platform/db/query';
import { chunks, insertLinks, newRowColumns } from '../../platform/db/bulk-rows';
import { columnsOfType, inCurrentTransaction, linkOf } from '../../platform/db/joined-rows';
import { isPostgres } from '../../platform/db/dialect';

export interface PaymentDetails {
  provider: string;
  sessionId?: string | null;
  paymentId?: string | null;
  /** The VAT the provider computed (Stripe Tax): recorded on the order, and the invoice shows it. */
  taxPence?: number | null;
}

/** At least 128 random bits, URL-safe: the e-card view link must not be guessable. */
export const newViewToken = () => crypto.randomBytes(24).toString('base64url');

/** The columns a completed payment sets on its order. */
export function paidChanges(payment: PaymentDetails, now: Date) {
  return {
    status: 'paid' as const,
    paid_at: now,
    payment_provider: payment.provider,
    ...(payment.sessionId ? { provider_session_id: payment.sessionId } : {}),
    ...(payment.paymentId ? { provider_payment_id: payment.paymentId } : {}),
    ...(typeof payment.taxPence === 'number' ? { vat_pence: payment.taxPence, vat_source: 'stripe' } : {}),
  };
}

/**
 * The one payment-completion step, shared by demo pay, zero-total orders and the webhook.
 * Idempotent and race-safe: the conditional update (WHERE status = 'pending_payment') lets exactly one
 * caller win; only the winner creates the deliveries and marks cards ordered, atomically with the move
 * (in one transaction, or for a one-line order on PostgreSQL in the move's own statement), and, once
 * that has committed, starts fulfilment. Returns whether this call completed the payment.
 * The deliveries and card statuses are written in batches (platform/db/bulk-rows.ts): an order of 1,000 lines
 * costs a few dozen queries, not thousands, so `pay` answers as soon as the order is paid.
 * `frozenItems`: the order's items when the caller has just read them (they cannot change once the
 * order is pending payment), saving a read.
 */
export async function completeOrderPayment(
  strapi: Core.Strapi,
  orderId: number,
  payment: PaymentDetails,
  now = new Date(),
  frozenItems?: Row[],
): Promise<boolean> {
  const store = orderStore(strapi);
  const pendingIds: number[] = [];
  const plan = (items: Row[]) =>
    items.map((item) => {
      const due = item.scheduled_for ? new Date(item.scheduled_for) : null;
      return {
        itemId: item.id as number,
        status: initialDeliveryStatus(due, now),
        scheduled_for: due ?? now,
        view_token: newViewToken(),
      };
    });
  // One line known beforehand (the usual order) on PostgreSQL: its delivery, the delivery's link, the
  // card marked ordered and its library entry are written by the move's own statement, from its
  // RETURNING, so only the winner writes them. One statement is atomic on its own: no transaction around
  // it (BEGIN and COMMIT were two of pay's four round trips), and it selects its own change notices.
  const payOneLine = async (item: Row): Promise<boolean> => {
    const [planned] = plan([item]);
    const cardId = item.card?.id;
    const move = await store.moveIfWith(orderId, statesAllowing('pay'), paidChanges(payment, now), {
      dependents: [
        ...deliveryAfterMove(strapi, planned),
        ...(typeof cardId === 'number' ? cardOrderedAfterMove(strapi, Number(cardId), now) : []),
      ],
    });
    if (!move.moved) return false;
    if (planned.status === 'pending') pendingIds.push(Number(move.ids.delivery));
    // A card with two entries of its owner's (never made so; an old fault) is tidied the usual way.
    if (typeof cardId === 'number' && Number(move.ids.own_entries ?? 0) > 1)
      await getService(strapi, 'library').syncCards([Number(cardId)]);
    return true;
  };
  const won =
    frozenItems?.length === 1 && isPostgres(strapi)
      ? await payOneLine(frozenItems[0])
      : await strapi.db.transaction(async () => {
          const moved = await store.moveIf(orderId, statesAllowing('pay'), paidChanges(payment, now));
          if (!moved) return false;
          const items = frozenItems ?? (await store.items(orderId));
          pendingIds.push(...(await createDeliveries(strapi, plan(items))));
          await getService(strapi, 'cards').setStatusMany(
            items.map((i) => i.card?.id).filter((id): id is number => typeof id === 'number'),
            'ordered',
          );
          return true;
        });
  if (!won) return false;
  // After commit: fulfilment must only ever see a paid order whose deliveries exist.
  try {
    await getService(strapi, 'fulfilment').startOrder(orderId, pendingIds);
  } catch (error) {
    // The payment stands; delivery records exist and fulfilment's own retries pick them up.
    strapi.log.error(
      `[greeting-cards] fulfilment of order ${orderId} failed to start: ${(error as Error).stack ?? error}`,
    );
  }
  return true;
}

type PlannedDelivery = { itemId: number; status: string; scheduled_for: Date; view_token: string };

/**
 * PostgreSQL: the delivery of one planned line and its order-item link as CTEs of the order's move
 * (order-store's moveIfWith): both insert from the move's RETURNING ("m"), so they exist only when the
 * move happened. The delivery's id comes back as `delivery`.
 */
function deliveryAfterMove(
  strapi: Core.Strapi,
  p: PlannedDelivery,
): Array<{ name: string; sql: string; bindings: unknown[] }> {
  const row = newRowColumns(strapi, UID.delivery, {
    status: p.status,
    scheduled_for: p.scheduled_for,
    view_token: p.view_token,
  });
  const columns = Object.keys(row);
  const link = linkOf(strapi, UID.delivery, 'order_item');
  return [
    {
      name: 'delivery',
      sql:
        `insert into "${tableOf(strapi, UID.delivery)}" (${columns.map((c) => `"${c}"`).join(', ')}) ` +
        `select ${columns.map(() => '?').join(', ')} from "m" returning "id"`,
      bindings: columns.map((c) => row[c]),
    },
    {
      name: 'delivery_link',
      sql: `insert into "${link.table}" ("${link.own}", "${link.other}") select "id", ? from "delivery" returning "${link.own}" as "id"`,
      bindings: [p.itemId],
    },
  ];
}

/**
 * PostgreSQL: the card of a one-line order marked `ordered`, and its owner's library entry brought in
 * line (library-service's syncCards, for this one status: `ordered` always files the card as `saved`,
 * pinned as the card is a favourite), as CTEs of the order's move, so only the winner writes them and
 * paying is one statement (it was three more round trips: the card's UPDATE with the library's read,
 * then the entry's write). The owner's existing entry is updated, or one is made with its two links
 * when there is none; a card without an owner gets none. `own_entries` counts the owner's entries as
 * they were: more than one is left to syncCards to tidy.
 */
function cardOrderedAfterMove(
  strapi: Core.Strapi,
  cardId: number,
  now: Date,
): Array<{ name: string; sql: string; bindings: unknown[] }> {
  const card = columnsOfType(strapi, UID.card);
  const owner = linkOf(strapi, UID.card, 'owner');
  const entry = columnsOfType(strapi, UID.libraryEntry);
  const entryUser = linkOf(strapi, UID.libraryEntry, 'user');
  const entryCard = linkOf(strapi, UID.libraryEntry, 'card');
  const type = libraryTypeFor('ordered', false);
  const pinned = entry.column('is_pinned');
  const row = newRowColumns(strapi, UID.libraryEntry, { type, is_pinned: false, createdAt: now, updatedAt: now }, now);
  const columns = Object.keys(row);
  return [
    {
      name: 'ordered_card',
      sql:
        `update "${card.table}" set "${card.column('status')}" = ?, "${card.column('updatedAt')}" = ? ` +
        `where "id" = ? and exists (select 1 from "m") returning "id", "${card.column('is_favorite')}" as "favorite"`,
      bindings: ['ordered', now, cardId],
    },
    {
      name: 'card_owner',
      sql: `select "${owner.other}" as "id" from "${owner.table}" where "${owner.own}" = ? limit 1`,
      bindings: [cardId],
    },
    {
      name: 'own_entries',
      sql:
        `select count(*)::int as "id", min("e"."id") as "first" from "${entry.table}" "e" ` +
        `join "${entryCard.table}" "cl" on "cl"."${entryCard.own}" = "e"."id" ` +
        `join "${entryUser.table}" "ul" on "ul"."${entryUser.own}" = "e"."id" ` +
        `where "cl"."${entryCard.other}" = ? and "ul"."${entryUser.other}" = (select "id" from "card_owner") ` +
        `and "e"."${entry.column('type')}" <> 'received'`,
      bindings: [cardId],
    },
    {
      // Updating even an unchanged entry moves it up the "most recently updated" order (as syncCard).
      name: 'kept_entry',
      sql:
        `update "${entry.table}" set "${entry.column('type')}" = ?, "${pinned}" = (select "favorite" from "ordered_card"), ` +
        `"${entry.column('updatedAt')}" = ? where "id" = (select "first" from "own_entries") ` +
        `and exists (select 1 from "ordered_card") returning "id"`,
      bindings: [type, now],
    },
    {
      name: 'new_entry',
      sql:
        `insert into "${entry.table}" (${columns.map((c) => `"${c}"`).join(', ')}) ` +
        `select ${columns.map((c) => (c === pinned ? '"ordered_card"."favorite"' : '?')).join(', ')} ` +
        `from "ordered_card" where exists (select 1 from "card_owner") ` +
        `and (select "id" from "own_entries") = 0 returning "id"`,
      bindings: columns.filter((c) => c !== pinned).map((c) => row[c]),
    },
    {
      name: 'new_entry_user',
      sql:
        `insert into "${entryUser.table}" ("${entryUser.own}", "${entryUser.other}") ` +
        `select "new_entry"."id", "card_owner"."id" from "new_entry", "card_owner" returning "${entryUser.own}" as "id"`,
      bindings: [],
    },
    {
      name: 'new_entry_card',
      sql:
        `insert into "${entryCard.table}" ("${entryCard.own}", "${entryCard.other}") ` +
        `select "id", ? from "new_entry" returning "${entryCard.own}" as "id"`,
      bindings: [cardId],
    },
  ];
}

/**
 * One delivery per planned line, in batches: the rows with createMany, then their order items as link
 * rows. The view token (unique, made here) tells which new row belongs to which line, whatever order
 * the database hands ids back in. Returns the ids of the deliveries due now (status pending).
 */
async function createDeliveries(strapi: Core.Strapi, planned: PlannedDelivery[]): Promise<number[]> {
  const deliveries = query(strapi, UID.delivery);
  const pending: number[] = [];
  if (planned.length === 1 && isPostgres(strapi)) {
    // One line (the usual order) on PostgreSQL: the row and its order-item link in one statement, the
    // link inserted from the row's RETURNING.
    const [p] = planned;
    const row = newRowColumns(strapi, UID.delivery, {
      status: p.status,
      scheduled_for: p.scheduled_for,
      view_token: p.view_token,
    });
    const link = linkOf(strapi, UID.delivery, 'order_item');
    const id = await inCurrentTransaction(strapi, async (knex) => {
      const insert = knex(tableOf(strapi, UID.delivery)).insert(row).returning('id').toSQL();
      const result = (await knex.raw(
        `with "d" as (${insert.sql}) insert into "${link.table}" ("${link.own}", "${link.other}") select "id", ? from "d" returning "${link.own}" as "id"`,
        [...insert.bindings, p.itemId],
      )) as { rows: Array<{ id: unknown }> };
      return Number(result.rows[0].id);
    });
    return p.status === 'pending' ? [id] : [];
  }
  for (const batch of chunks(planned)) {
    const { ids } = (await deliveries.createMany({
      data: batch.map(({ status, scheduled_for, view_token }) => ({ status, scheduled_for, view_token })),
    })) as { ids?: unknown[] };
    // One row (an order of one line, the usual case): the id the INSERT gave back is that row's. More:
    // read them back by token rather than trust the order ids come back in.
    const rows: Row[] =
      batch.length === 1 && ids?.length === 1 && Number.isInteger(Number(ids[0]))
        ? [{ id: Number(ids[0]), view_token: batch[0].view_token }]
        : ((await deliveries.findMany({
            where: { view_token: { $in: batch.map((p) => p.view_token) } },
            select: ['id', 'view_token'],
          })) as Row[]);
    const idOf = new Map(rows.map((r) => [r.view_token as string, r.id as number]));
    const links: Array<[number, number]> = batch.map((p) => {
      const id = idOf.get(p.view_token);
      if (id === undefined) throw new Error('a delivery just created was not found by its view token');
      if (p.status === 'pending') pending.push(id);
      return [id, p.itemId];
    });
    await insertLinks(strapi, UID.delivery, 'order_item', links);
  }
  return pending;
}
