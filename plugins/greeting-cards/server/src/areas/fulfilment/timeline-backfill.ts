import type { Core } from '@strapi/strapi';
import { UID } from '../../platform/uids';
import { query } from '../../platform/db/query';

import type { Row } from '../../platform/db/query';

const PAGE = 500;

/**
 * Posted cards handed to a print provider before the timeline existed get one "migrated" entry with
 * the state they are in, so the operator's page never shows a card at the provider with an empty
 * history. Run once per database (bootstrap's runOnce); safe to repeat: a card that already has an
 * entry is skipped.
 */
export async function backfillDeliveryTimeline(strapi: Core.Strapi): Promise<number> {
  const deliveries = query(strapi, UID.delivery);
  const events = query(strapi, UID.deliveryEvent);
  let written = 0;
  for (let lastId = 0; ;) {
    const rows: Row[] = await deliveries.findMany({
      where: { id: { $gt: lastId }, tracking_reference: { $notNull: true }, order_item: { delivery_method: 'post' } },
      select: ['id', 'status', 'carrier_status', 'postal_status', 'tracking_reference', 'updatedAt'],
      orderBy: [{ id: 'asc' }],
      limit: PAGE,
    });
    if (!rows.length) return written;
    lastId = rows[rows.length - 1].id;
    const have: Row[] = await events.findMany({
      where: { delivery_id: { $in: rows.map((r) => r.id) } },
      select: ['delivery_id'],
    });
    const seen = new Set(have.map((e) => e.delivery_id));
    const data = rows
      .filter((r) => !seen.has(r.id))
      .map((r) => ({
        delivery_id: r.id,
        source: 'migrated',
        status: r.status,
        postal_status: r.postal_status ?? null,
        provider_status: r.carrier_status ?? null,
        detail: `order ${r.tracking_reference}, as recorded before the timeline existed`,
        at: r.updatedAt ?? new Date(),
      }));
    if (data.length) await events.createMany({ data });
    written += data.length;
  }
}
