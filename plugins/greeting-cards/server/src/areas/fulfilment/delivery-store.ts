import type { Core } from '@strapi/strapi';
import { UID } from '../../platform/uids';
import { leaseExpiredBefore } from '../../platform/deliveries/delivery-retry';
import { getConfig } from '../../platform/config/get-config';
import { PROCESSING, WAITING_STATES } from '../../platform/deliveries/delivery-state';
import { query } from '../../platform/db/query';
import type { Knex } from 'knex';
import { linkOf, rowsByIdRead } from '../../platform/db/joined-rows';
import { readsTogether } from '../../platform/db/reads-together';

type Row = Record<string, any>;

const tableOf = (strapi: Core.Strapi, uid: string): string =>
  (strapi.db.metadata.get(uid as never) as unknown as { tableName: string }).tableName;

/** An attribute's column (Strapi keeps snake_case attribute names as they are; this says so for any). */
const columnOf = (strapi: Core.Strapi, uid: string) => {
  const attributes = (
    strapi.db.metadata.get(uid as never) as unknown as { attributes: Record<string, { columnName?: string }> }
  ).attributes;
  return (name: string): string => attributes[name]?.columnName ?? name;
};

/** One step in a delivery's timeline: where it came from, and the state it left the delivery in. */
export interface DeliveryEventInput {
  deliveryId: number;
  source:
    | 'submitted'
    | 'submit_failed'
    | 'callback'
    | 'poll'
    | 'cancelled'
    | 'retry'
    | 'refund'
    | 'migrated'
    | 'late'
    | 'reprint';
  status?: string | null;
  postalStatus?: string | null;
  providerStatus?: string | null;
  detail?: string | null;
  at?: Date;
}

/**
 * Queries behind dispatching, kept out of the fulfilment logic. The claim is one conditional UPDATE
 * whose affected-row count says whether this instance won: two instances on one database can race for
 * the same row and exactly one gets 1 back. Claims are leases (SERVICE_DELIVERY_CLAIM_LEASE_SECONDS): the
 * holder renews them while the work is pending, and a claim left unrenewed is taken over. Lease ages are
 * measured on the wall clock, never on a run's `now` (tests pass their own `now` for schedules).
 */
export function deliveryStore(strapi: Core.Strapi) {
  const q = () => query(strapi, UID.delivery);
  const stale = () => leaseExpiredBefore(getConfig(strapi).deliveryClaimLeaseSeconds * 1000);

  /**
   * `load` for many deliveries (a batch of claimed cards) in three reads: the deliveries, their order
   * items, the items' orders, the later two finding their ids through the link tables, so that all three
   * go in one round trip on PostgreSQL (reads-together.ts). Missing ids are left out.
   */
  async function loadMany(ids: number[]): Promise<Row[]> {
    if (!ids.length) return [];
    const toItem = linkOf(strapi, UID.delivery, 'order_item');
    const toOrder = linkOf(strapi, UID.orderItem, 'order');
    const itemIds = (knex: Knex) => knex(toItem.table).select({ id: toItem.other }).whereIn(toItem.own, ids);
    const [deliveries, items, orderRows] = await readsTogether(strapi, [
      rowsByIdRead(strapi, UID.delivery, ids, ['order_item']),
      rowsByIdRead(strapi, UID.orderItem, itemIds, ['card', 'recipient', 'gift_addon', 'order']),
      rowsByIdRead(
        strapi,
        UID.order,
        (knex) => knex(toOrder.table).distinct(`${toOrder.other} as id`).whereIn(toOrder.own, itemIds(knex)),
        ['user'],
      ),
    ]);
    const orders = new Map(orderRows.map((o) => [o.id, o]));
    const itemsById = new Map(items.map((i) => [i.id, i]));
    return deliveries.map((delivery) => {
      const item = delivery.order_item ? itemsById.get(delivery.order_item.id) : undefined;
      if (!delivery.order_item) return delivery;
      // Each delivery its own item object (a sender may add to it); the order row is shared, read only.
      return {
        ...delivery,
        order_item: item
          ? { ...item, order: item.order ? (orders.get(item.order.id) ?? item.order) : item.order }
          : null,
      };
    });
  }

  return {
    /** Ids of deliveries due at `now`: pending or scheduled, time reached, not waiting for a retry, not freshly claimed. */
    async dueIds(now: Date, limit: number, onlyIds?: number[]): Promise<number[]> {
      const expired = stale();
      const rows: Row[] = await q().findMany({
        where: {
          ...(onlyIds ? { id: { $in: onlyIds } } : {}),
          $and: [
            { $or: [{ status: { $in: WAITING_STATES } }, { status: PROCESSING, claimed_at: { $lt: expired } }] },
            { $or: [{ scheduled_for: null }, { scheduled_for: { $lte: now } }] },
            { $or: [{ next_attempt_at: null }, { next_attempt_at: { $lte: now } }] },
            { $or: [{ claimed_at: null }, { claimed_at: { $lt: expired } }] },
          ],
        },
        select: ['id'],
        orderBy: [{ scheduled_for: 'asc' }, { id: 'asc' }],
        limit,
      });
      return rows.map((r) => r.id);
    },

    /**
     * Takes as many of `ids` as are free for `instanceId` in one conditional UPDATE ... RETURNING (both
     * databases support it), and returns the ids this statement changed: two instances racing for the
     * same rows each get a disjoint share, as with one `claim` per row. Same conditions as `claim`.
     */
    async claimMany(ids: number[], instanceId: string): Promise<number[]> {
      if (!ids.length) return [];
      const expired = stale();
      const column = columnOf(strapi, UID.delivery);
      const rows = (await strapi.db
        .connection(tableOf(strapi, UID.delivery))
        .whereIn('id', ids)
        .where((either) =>
          either
            .where((waiting) =>
              waiting
                .whereIn(column('status'), WAITING_STATES)
                .where((free) => free.whereNull(column('claimed_at')).orWhere(column('claimed_at'), '<', expired)),
            )
            .orWhere((abandoned) =>
              abandoned.where(column('status'), PROCESSING).where(column('claimed_at'), '<', expired),
            ),
        )
        .update(
          { [column('status')]: PROCESSING, [column('claimed_by')]: instanceId, [column('claimed_at')]: new Date() },
          ['id'],
        )) as Array<{ id: number | string }>;
      return rows.map((r) => Number(r.id));
    },

    /** Takes the delivery for `instanceId`; true only for the one caller whose UPDATE changed the row. */
    async claim(id: number, instanceId: string): Promise<boolean> {
      const expired = stale();
      const { count } = await q().updateMany({
        // Waiting rows, or rows whose sender died mid-send (processing with a stale claim). A backend that
        // answered "processing" leaves no claim behind, so those are never taken again here.
        where: {
          id,
          $or: [
            { status: { $in: WAITING_STATES }, $or: [{ claimed_at: null }, { claimed_at: { $lt: expired } }] },
            { status: PROCESSING, claimed_at: { $lt: expired } },
          ],
        },
        data: { status: PROCESSING, claimed_by: instanceId, claimed_at: new Date() },
      });
      return count === 1;
    },

    /**
     * Renews the leases this instance still holds on `ids` (a conditional UPDATE on claimed_by, so a
     * claim that was lost is never taken back). Returns how many were renewed.
     */
    async renew(ids: number[], instanceId: string): Promise<number> {
      if (!ids.length) return 0;
      const { count } = await q().updateMany({
        where: { id: { $in: ids }, status: PROCESSING, claimed_by: instanceId },
        data: { claimed_at: new Date() },
      });
      return count;
    },

    /**
     * Posted deliveries the backend is still working on (it answered "processing"), to ask about: never
     * asked first, then the least recently asked, so every queued card gets its turn however many wait.
     * Two queries rather than ORDER BY ... NULLS FIRST, which SQLite and PostgreSQL order differently.
     */
    async awaitingBackend(limit: number): Promise<Row[]> {
      // At the carrier: processing without a claim.
      const atCarrier = { status: PROCESSING, claimed_at: null, tracking_reference: { $notNull: true } };
      const select = [
        'id',
        'status',
        'tracking_reference',
        'carrier_status',
        'postal_status',
        'tracking_number',
        'tracking_url',
      ];
      const never: Row[] = await q().findMany({
        where: { ...atCarrier, last_checked_at: null },
        select,
        orderBy: [{ id: 'asc' }],
        limit,
      });
      if (never.length >= limit) return never;
      const asked: Row[] = await q().findMany({
        where: { ...atCarrier, last_checked_at: { $notNull: true } },
        select,
        orderBy: [{ last_checked_at: 'asc' }, { id: 'asc' }],
        limit: limit - never.length,
      });
      return [...never, ...asked];
    },

    /** Notes that the provider was asked about the delivery (the poll's order). */
    async markChecked(id: number, at: Date): Promise<void> {
      await q().updateMany({ where: { id }, data: { last_checked_at: at } });
    },

    /** Adds a step to the delivery's timeline (the operator's delivery page). */
    async addEvent(event: DeliveryEventInput): Promise<void> {
      await query(strapi, UID.deliveryEvent).createMany({
        data: [
          {
            delivery_id: event.deliveryId,
            source: event.source,
            status: event.status ?? null,
            postal_status: event.postalStatus ?? null,
            provider_status: event.providerStatus ?? null,
            detail: event.detail ?? null,
            at: event.at ?? new Date(),
          },
        ],
      });
    },

    /** The delivery's timeline, oldest first. */
    events(deliveryId: number): Promise<Row[]> {
      return query(strapi, UID.deliveryEvent).findMany({
        where: { delivery_id: deliveryId },
        orderBy: [{ at: 'asc' }, { id: 'asc' }],
      });
    },

    /** Fills in columns that are still empty (tracking that came after the move); never overwrites one. */
    async fillIn(id: number, data: Row): Promise<void> {
      for (const [key, value] of Object.entries(data))
        await q().updateMany({ where: { id, [key]: null }, data: { [key]: value } });
    },

    /** A delivery by the backend's reference (a print provider's order id), or null. */
    async byReference(reference: string): Promise<Row | null> {
      return q().findOne({ where: { tracking_reference: reference } });
    },

    /** Moves a delivery at the carrier out of `processing` unless someone else already did; true when this call did. */
    async settle(id: number, data: Row): Promise<boolean> {
      const { count } = await q().updateMany({ where: { id, status: PROCESSING, claimed_at: null }, data });
      return count === 1;
    },

    /**
     * A card that shipped (sent) and that the carrier now reports delivered: postal_status and
     * delivered_at are set once (a conditional UPDATE), the status stays sent. True when this call did.
     */
    async markDeliveredAfterShipping(id: number, providerStatus: string, at: Date): Promise<boolean> {
      const { count } = await q().updateMany({
        where: { id, status: 'sent', $or: [{ postal_status: null }, { postal_status: { $ne: 'delivered' } }] },
        data: { postal_status: 'delivered', carrier_status: providerStatus, delivered_at: at },
      });
      return count === 1;
    },

    /**
     * Everything a sender needs about one delivery: its item with card, recipient, add-on and order, and
     * the order's user. Three joined queries (Strapi's nested populate made seven), once per card sent.
     */
    async load(id: number): Promise<Row | null> {
      return (await loadMany([id]))[0] ?? null;
    },

    loadMany,

    /**
     * Records the same successful outcome for many deliveries and releases their claims: one UPDATE per
     * distinct attempt count (one, as a rule). `attempts` maps each id to the count it had before this send.
     */
    async finishSent(sent: Array<{ id: number; attempts: number }>, data: Row): Promise<void> {
      const byAttempts = new Map<number, number[]>();
      for (const { id, attempts } of sent) byAttempts.set(attempts + 1, [...(byAttempts.get(attempts + 1) ?? []), id]);
      for (const [attempts, ids] of byAttempts) {
        await q().updateMany({
          where: { id: { $in: ids } },
          data: {
            ...data,
            attempts,
            last_error: null,
            next_attempt_at: null,
            claimed_by: null,
            claimed_at: null,
            updatedAt: new Date(),
          },
        });
      }
    },

    /** Records the outcome and releases the claim. */
    finish(id: number, data: Row): Promise<unknown> {
      // updateMany: one UPDATE, without reading the row back (once per card sent).
      return q().updateMany({
        where: { id },
        data: { ...data, claimed_by: null, claimed_at: null, updatedAt: new Date() },
      });
    },
  };
}
