import type { Core } from '@strapi/strapi';
import { UID } from '../uids';
import { STALE_CLAIM_MS } from '../domain/delivery-retry';

type Row = Record<string, any>;

/** Statuses a sender may take a delivery from (`processing` only when its claim went stale). */
const CLAIMABLE = ['pending', 'scheduled', 'processing'];

/**
 * Queries behind dispatching, kept out of the fulfilment logic. The claim is one conditional UPDATE
 * whose affected-row count says whether this instance won: two instances on one database can race for
 * the same row and exactly one gets 1 back.
 */
export function deliveryStore(strapi: Core.Strapi) {
  const q = () => strapi.db.query(UID.delivery as any);

  return {
    /** Ids of deliveries due at `now`: pending or scheduled, time reached, not waiting for a retry, not freshly claimed. */
    async dueIds(now: Date, limit: number, onlyIds?: number[]): Promise<number[]> {
      const stale = new Date(now.getTime() - STALE_CLAIM_MS);
      const rows: Row[] = await q().findMany({
        where: {
          ...(onlyIds ? { id: { $in: onlyIds } } : {}),
          $and: [
            { $or: [{ status: { $in: ['pending', 'scheduled'] } }, { status: 'processing', claimed_at: { $lt: stale } }] },
            { $or: [{ scheduled_for: null }, { scheduled_for: { $lte: now } }] },
            { $or: [{ next_attempt_at: null }, { next_attempt_at: { $lte: now } }] },
            { $or: [{ claimed_at: null }, { claimed_at: { $lt: stale } }] },
          ],
        },
        select: ['id'],
        orderBy: [{ scheduled_for: 'asc' }, { id: 'asc' }],
        limit,
      });
      return rows.map((r) => r.id);
    },

    /** Takes the delivery for `instanceId`; true only for the one caller whose UPDATE changed the row. */
    async claim(id: number, instanceId: string, now: Date): Promise<boolean> {
      const stale = new Date(now.getTime() - STALE_CLAIM_MS);
      const { count } = await q().updateMany({
        where: { id, status: { $in: CLAIMABLE }, $or: [{ claimed_at: null }, { claimed_at: { $lt: stale } }] },
        data: { status: 'processing', claimed_by: instanceId, claimed_at: now },
      });
      return count === 1;
    },

    /** Everything a sender needs about one delivery. */
    load(id: number): Promise<Row | null> {
      return q().findOne({
        where: { id },
        populate: { order_item: { populate: { card: true, recipient: true, gift_addon: true, order: { populate: { user: true } } } } },
      });
    },

    /** Records the outcome and releases the claim. */
    finish(id: number, data: Row): Promise<unknown> {
      return q().update({ where: { id }, data: { ...data, claimed_by: null, claimed_at: null } });
    },
  };
}
