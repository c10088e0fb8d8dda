import type { Core } from '@strapi/strapi';
import { UID } from '../../platform/uids';
import type { OrderStatus } from '../../platform/enums';
import type { Knex } from 'knex';
import { query, tableOf, type Row } from '../../platform/db/query';
import {
  columnsOfType,
  inCurrentTransaction,
  linkOf,
  rowWithChildRelationIds,
  rowWithChildren,
  rowsWithRelationIds,
  rowsWithRelations,
} from '../../platform/db/joined-rows';
import { newRowColumns } from '../../platform/db/bulk-rows';
import { withSelectedNotices } from '../../platform/db/table-writes';
import { notFound } from '../../platform/errors';
import { isSqlite, isPostgres } from '../../platform/db/dialect';

// Query details for orders and their items, kept out of the services.
const q = (strapi: Core.Strapi, uid: string) => query(strapi, uid);
export const ITEM_POPULATE = ['card', 'recipient', 'gift_addon'];
/** States of an order that was paid (a refund after payment leaves it one). */
export const PAID_STATES: readonly OrderStatus[] = ['paid', 'fulfilled', 'partially_refunded', 'refunded'];

export function orderStore(strapi: Core.Strapi) {
  /** The user's order `uuid`, for a joined read whose order is `o`: joined with its user link. */
  const ownedOrder = (userId: number, uuid: string) => (query: Knex.QueryBuilder) => {
    const user = linkOf(strapi, UID.order, 'user');
    query.join(`${user.table} as u`, `u.${user.own}`, 'o.id').where({ 'o.uuid': uuid, [`u.${user.other}`]: userId });
  };
  const store = {
    byUuidOwned(userId: number, uuid: string): Promise<Row | null> {
      if (typeof uuid !== 'string' || uuid.length > 64) return Promise.resolve(null);
      return q(strapi, UID.order).findOne({ where: { uuid, user: { id: userId } } });
    },
    /**
     * The user's order `uuid` (null when none is theirs) with its items as frozenItems gives them, in
     * ONE query (the order joined with its user link, its items left-joined): paying reads both.
     */
    async ownedWithFrozenItems(userId: number, uuid: string): Promise<{ order: Row | null; items: Row[] }> {
      if (typeof uuid !== 'string' || uuid.length > 64) return { order: null, items: [] };
      const { row, children } = await rowWithChildRelationIds(
        strapi,
        UID.order,
        ownedOrder(userId, uuid),
        UID.orderItem,
        'order',
        ITEM_POPULATE,
      );
      return { order: row, items: children };
    },
    byUuid(uuid: string): Promise<Row | null> {
      return q(strapi, UID.order).findOne({ where: { uuid } });
    },
    byId(id: number): Promise<Row | null> {
      return q(strapi, UID.order).findOne({ where: { id } });
    },
    cartOf(userId: number): Promise<Row | null> {
      return q(strapi, UID.order).findOne({ where: { cart_key: userId } });
    },
    /** The order's items with card, recipient and add-on, in one query. */
    items(orderId: number): Promise<Row[]> {
      return rowsWithRelations(strapi, UID.orderItem, 'order', [orderId], ITEM_POPULATE);
    },
    /**
     * The items of an order past checkout, with card, recipient and add-on as ids only: their snapshot
     * (frozen at checkout) holds what the order shows, so paying a large order does not read every
     * card's design, recipient and add-on again.
     */
    frozenItems(orderId: number): Promise<Row[]> {
      return rowsWithRelationIds(strapi, UID.orderItem, 'order', [orderId], ITEM_POPULATE);
    },
    /**
     * Of `orderIds`, those whose items all have their delivery and whose deliveries have all gone out
     * (sent or delivered), in one query for the lot: the fulfilment batch's completion check.
     */
    async dispatchedAmong(orderIds: number[]): Promise<number[]> {
      if (!orderIds.length) return [];
      const itemOrder = linkOf(strapi, UID.orderItem, 'order');
      const deliveryItem = linkOf(strapi, UID.delivery, 'order_item');
      const status = columnsOfType(strapi, UID.delivery).column('status');
      // In the caller's transaction when there is one (on SQLite another connection would wait for it).
      const rows: Array<{ order_id: number; items: unknown; deliveries: unknown; out: unknown }> =
        await inCurrentTransaction(strapi, (knex) =>
          knex(`${itemOrder.table} as io`)
            .leftJoin(`${deliveryItem.table} as di`, `di.${deliveryItem.other}`, `io.${itemOrder.own}`)
            .leftJoin(`${tableOf(strapi, UID.delivery)} as d`, 'd.id', `di.${deliveryItem.own}`)
            .whereIn(`io.${itemOrder.other}`, orderIds)
            .groupBy(`io.${itemOrder.other}`)
            .select(
              `io.${itemOrder.other} as order_id`,
              knex.raw('count(distinct io.??) as items', [itemOrder.own]),
              knex.raw('count(d.id) as deliveries'),
              knex.raw(`count(case when d.?? in ('sent', 'delivered') then 1 end) as "out"`, [status]),
            ),
        );
      // As the one-order check always read it: one delivery per item, every one of them out.
      return rows
        .filter((r) => Number(r.deliveries) === Number(r.items) && Number(r.out) === Number(r.deliveries))
        .map((r) => Number(r.order_id));
    },
    /**
     * dispatchedAmong's test as a condition of one order's move (moveIfWith's `when`, PostgreSQL): the
     * order has items, each with one delivery, every one of them out. The completion check and the move
     * to fulfilled are then one statement, where they were a read and a move.
     */
    dispatchedCondition(): { sql: string; bindings: unknown[] } {
      const itemOrder = linkOf(strapi, UID.orderItem, 'order');
      const deliveryItem = linkOf(strapi, UID.delivery, 'order_item');
      const status = columnsOfType(strapi, UID.delivery).column('status');
      const items = `count(distinct "io"."${itemOrder.own}")`;
      return {
        sql:
          `(select ${items} > 0 and ${items} = count("d"."id") and count("d"."id") = ` +
          `count(case when "d"."${status}" in ('sent', 'delivered') then 1 end) ` +
          `from "${itemOrder.table}" as "io" ` +
          `left join "${deliveryItem.table}" as "di" on "di"."${deliveryItem.other}" = "io"."${itemOrder.own}" ` +
          `left join "${tableOf(strapi, UID.delivery)}" as "d" on "d"."id" = "di"."${deliveryItem.own}" ` +
          `where "io"."${itemOrder.other}" = "${tableOf(strapi, UID.order)}"."id")`,
        bindings: [],
      };
    },
    async itemsByOrder(orderIds: number[]): Promise<Map<number, Row[]>> {
      const map = new Map<number, Row[]>(orderIds.map((id) => [id, []]));
      for (const row of await rowsWithRelations(strapi, UID.orderItem, 'order', orderIds, ITEM_POPULATE))
        map.get(row.order.id)?.push(row);
      return map;
    },
    /**
     * Runs `fn` in a transaction holding the order's row lock (PostgreSQL FOR UPDATE; SQLite runs one
     * write transaction at a time anyway), so cart edits and checkout of one order never interleave.
     * `fn` gets the order's current status, or null when it is gone.
     */
    async withLockedOrder<T>(id: number, fn: (status: OrderStatus | null) => Promise<T>): Promise<T> {
      return (await strapi.db.transaction(async ({ trx }) => {
        let query = trx(tableOf(strapi, UID.order)).select('status').where({ id });
        if (isPostgres(strapi)) query = query.forUpdate();
        const row = await query.first();
        return fn(row ? (row.status as OrderStatus) : null);
      })) as T;
    },
    /**
     * withLockedOrder for the user's order `uuid`, found, locked and read with its items (as `items`
     * gives them): the order joined with its user link, its items left-joined with their card, recipient
     * and add-on, FOR UPDATE of the order's row on PostgreSQL, where the items are read once the lock is
     * held (rowWithChildren says why). `fn` gets the order's row as the query engine reads it, and its
     * items. Another user's order, or none, is the 404 (nothing written).
     */
    async withLockedOwnedOrder<T>(
      userId: number,
      uuid: string,
      fn: (order: Row, items: Row[]) => Promise<T>,
    ): Promise<T> {
      if (typeof uuid !== 'string' || uuid.length > 64) throw notFound();
      return (await strapi.db.transaction(async () => {
        const { row, children } = await rowWithChildren(
          strapi,
          UID.order,
          ownedOrder(userId, uuid),
          UID.orderItem,
          'order',
          ITEM_POPULATE,
          true,
        );
        if (!row) throw notFound();
        return fn(row, children);
      })) as T;
    },
    /**
     * Moves an order only if it is still in one of `from`: the WHERE makes the move safe when two
     * requests race. Returns whether this call made the change. `alongside`: statements (built on the
     * given knex, column names) to run with the move, in the caller's transaction: one round trip with
     * the move on PostgreSQL.
     */
    async moveIf(
      id: number,
      from: OrderStatus[],
      data: Row,
      alongside?: (knex: Knex) => Knex.QueryBuilder[],
    ): Promise<boolean> {
      return (await store.moveIfWith(id, from, data, { alongside })).moved;
    },
    /**
     * moveIf, and on PostgreSQL `dependents`: CTEs that read the move's RETURNING ("m", the order's id)
     * and so write only when this call made the move (a delivery made on payment, say), in the move's
     * own statement. Resolves to whether the move happened and the first `id` each dependent returned
     * (null when none). Dependents are refused on SQLite, where the caller writes after the move.
     * `when`: a further condition of the move (PostgreSQL), as SQL on the order's row (dispatchedCondition).
     */
    async moveIfWith(
      id: number,
      from: OrderStatus[],
      data: Row,
      {
        alongside,
        dependents = [],
        when,
      }: {
        alongside?: (knex: Knex) => Knex.QueryBuilder[];
        dependents?: Array<{ name: string; sql: string; bindings: unknown[] }>;
        when?: { sql: string; bindings: unknown[] };
      } = {},
    ): Promise<{ moved: boolean; ids: Record<string, number | null> }> {
      const recorded = typeof data.status === 'string';
      if ((dependents.length || when) && isSqlite(strapi))
        throw new Error('moveIfWith: dependents and conditions are PostgreSQL statements');
      if (!isSqlite(strapi) && (alongside || recorded || dependents.length)) {
        // PostgreSQL: the writes that go with the move (the caller's, in the same transaction, rolled back
        // with it when the move does not happen), the move itself and its status-history row in one
        // statement. The history row is inserted from the move's RETURNING, so it exists only when this
        // call made the move. `data`'s keys are column names here (the order's columns are named as its
        // attributes).
        return inCurrentTransaction(strapi, async (knex) => {
          const parts = (alongside ? alongside(knex) : []).map((statement) => statement.toSQL());
          const moving = knex(tableOf(strapi, UID.order)).where({ id }).whereIn('status', from);
          if (when) moving.whereRaw(when.sql, when.bindings as never);
          const move = moving.update(data).returning('id').toSQL();
          const heads = parts.map((p, i) => `"w${i}" as (${p.sql})`);
          heads.push(`"m" as (${move.sql})`);
          const bindings: unknown[] = [...parts.flatMap((p) => [...p.bindings]), ...move.bindings];
          if (recorded) {
            const row = newRowColumns(strapi, UID.orderStatusChange, { status: data.status, at: new Date() });
            const columns = Object.keys(row);
            const orderColumn = columnsOfType(strapi, UID.orderStatusChange).column('order_id');
            const names = [...columns, orderColumn].map((c) => `"${c}"`).join(', ');
            heads.push(
              `"h" as (insert into "${tableOf(strapi, UID.orderStatusChange)}" (${names}) select ${columns
                .map(() => '?')
                .join(', ')}, "id" from "m")`,
            );
            bindings.push(...columns.map((c) => row[c]));
          }
          for (const d of dependents) {
            if (!/^[a-z][a-z0-9_]*$/.test(d.name) || ['m', 'h'].includes(d.name) || /^w\d+$/.test(d.name))
              throw new Error(`moveIfWith: a dependent may not be named ${d.name}`);
            heads.push(`"${d.name}" as (${d.sql})`);
            bindings.push(...d.bindings);
          }
          const picks = [
            '"m"."id" as "m"',
            ...dependents.map((d) => `(select "id" from "${d.name}" limit 1) as "${d.name}"`),
          ];
          const statement = (columns: string[]) => `with ${heads.join(', ')} select ${columns.join(', ')} from "m"`;
          // Outside a transaction (a payment's one statement) it selects its own change notices, for the row
          // it returns when it moved the order: delivered as it commits, no round trip behind it. The caller's
          // `alongside` writes happen whether or not the move does, so they keep the notice sent after.
          const sql = alongside ? statement(picks) : withSelectedNotices(strapi, picks, statement);
          const result = (await knex.raw(sql, bindings as never)) as { rows?: Array<Record<string, unknown>> };
          const row = result.rows?.length === 1 ? result.rows[0] : null;
          const ids = Object.fromEntries(
            dependents.map((d) => [d.name, row && row[d.name] !== null ? Number(row[d.name]) : null]),
          );
          return { moved: row !== null, ids };
        });
      }
      if (alongside)
        await inCurrentTransaction(strapi, async (knex) => {
          for (const statement of alongside(knex)) await statement;
        });
      const result = await q(strapi, UID.order).updateMany({ where: { id, status: { $in: from } }, data });
      const moved = Number(result?.count ?? 0) === 1;
      // Every status change passes here, and only the caller that won the move records it: the
      // history operators see in the admin has each change exactly once.
      if (moved && recorded) {
        // createMany: an INSERT without reading the new row back (it wraps itself in a transaction,
        // which is free when the caller already runs in one, as checkout and payment do).
        await q(strapi, UID.orderStatusChange).createMany({
          data: [{ order_id: id, status: data.status, at: new Date() }],
        });
      }
      return { moved, ids: {} };
    },
    /**
     * Ids of paid orders that still owe `column` (null: a confirmation's send time, an invoice's number),
     * paid within `windowMs` up to `now`, oldest payment first: what the worker's sweeps pick up.
     */
    async paidOrdersOwing(column: string, windowMs: number, now: Date, limit: number): Promise<number[]> {
      const rows = (await q(strapi, UID.order).findMany({
        where: {
          status: { $in: [...PAID_STATES] },
          [column]: null,
          paid_at: { $lte: now, $gt: new Date(now.getTime() - windowMs) },
        },
        select: ['id'],
        orderBy: [{ paid_at: 'asc' }],
        limit,
      })) as Row[];
      return rows.map((row) => row.id as number);
    },
    /** The order's status changes, oldest first. */
    statusChanges(orderId: number): Promise<Row[]> {
      return q(strapi, UID.orderStatusChange).findMany({
        where: { order_id: orderId },
        orderBy: [{ at: 'asc' }, { id: 'asc' }],
      });
    },
  };
  return store;
}
