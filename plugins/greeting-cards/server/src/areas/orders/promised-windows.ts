import type { Core } from '@strapi/strapi';
import { getConfig } from '../../platform/config/get-config';
import { getService } from '../../platform/get-service';
import { query, type Row } from '../../platform/db/query';
import { promiseOf } from '../../platform/i18n/delivery-promise';
import { UID } from '../../platform/uids';
import type { ItemSnapshot } from './serializer';

// The promised arrival of each posted card of an order (issue 44), for the basket, the order page and the
// confirmation e-mail. A line with a chosen method or an arrive-by date keeps the window it was priced
// with; a line sent as soon as possible gets the window of a card paid at `paidAt` (the basket: now), or
// on its send date when that is later. A destination nobody serves, or a failure, is no window.

export interface PromisedWindow {
  from: string;
  to: string;
  /** The day asked for, for an arrive-by line. */
  arriveBy: string | null;
  method: string | null;
}

export async function promisedWindows(
  strapi: Core.Strapi,
  itemIds: number[],
  paidAt: Date | null = null,
): Promise<Record<number, PromisedWindow>> {
  if (!itemIds.length) return {};
  const rows = (await query(strapi, UID.orderItem).findMany({
    where: { id: { $in: itemIds }, delivery_method: 'post' },
    select: ['id', 'scheduled_for', 'shipping_method', 'arrive_by', 'arrives_from', 'arrives_to', 'snapshot'],
    populate: { recipient: { select: ['country'] }, card: { select: ['product'] } },
  })) as Row[];
  const config = getConfig(strapi);
  const out: Record<number, PromisedWindow> = {};
  for (const row of rows) {
    if (row.arrives_from && row.arrives_to) {
      out[row.id as number] = {
        from: String(row.arrives_from),
        to: String(row.arrives_to),
        arriveBy: (row.arrive_by as string | null) || null,
        method: (row.shipping_method as string | null) || null,
      };
      continue;
    }
    const snap = row.snapshot as ItemSnapshot | null;
    const country = String(snap?.recipient?.country || row.recipient?.country || config.vatHomeCountry || 'GB');
    const base = paidAt ?? new Date();
    const scheduled = row.scheduled_for ? new Date(String(row.scheduled_for)) : null;
    const now = scheduled && scheduled > base ? scheduled : base;
    try {
      const p = promiseOf(
        await getService(strapi, 'shipping').options({
          product: String(row.card?.product || config.defaultProduct),
          country: country.toUpperCase(),
          now,
        }),
      );
      if (p) out[row.id as number] = { from: p.arrivesFrom, to: p.arrivesTo, arriveBy: null, method: null };
    } catch (error) {
      strapi.log.warn(`[greeting-cards] no promised window for order item ${row.id}: ${(error as Error).message}`);
    }
  }
  return out;
}
