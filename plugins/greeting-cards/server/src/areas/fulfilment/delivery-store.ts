import type { Core } from '@strapi/strapi';
import { UID } from '../../platform/uids';
import { leaseExpiredBefore } from '../../platform/deliveries/delivery-retry';
import { getConfig } from '../../platform/config/get-config';
import { PROCESSING, WAITING_STATES } from '../../platform/deliveries/delivery-state';
import { query } from '../../platform/db/query';
import { rowsByIdWithRelations } from '../../platform/db/joined-rows';

type Row = Record<string, any>;

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
      const [delivery] = await rowsByIdWithRelations(strapi, UID.delivery, [id], ['order_item']);
      if (!delivery?.order_item) return delivery ?? null;
      const [item] = await rowsByIdWithRelations(
        strapi,
        UID.orderItem,
        [delivery.order_item.id],
        ['card', 'recipient', 'gift_addon', 'order'],
      );
      if (item?.order) {
        const [order] = await rowsByIdWithRelations(strapi, UID.order, [item.order.id], ['user']);
        item.order = order ?? item.order;
      }
      return { ...delivery, order_item: item ?? null };
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
