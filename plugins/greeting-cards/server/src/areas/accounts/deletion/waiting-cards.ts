import type { Core } from '@strapi/strapi';
import { query, type Row } from '../../../platform/db/query';
import { UID } from '../../../platform/uids';
import { PROCESSING, WAITING_STATES } from '../../../platform/deliveries/delivery-state';

// The account's cards that have not gone out: waiting (scheduled, or due and not yet taken by a sender),
// which deleting the account cancels and refunds, and in production (being sent, or at the printer),
// which it does not stop. The delete page lists both before the shopper confirms.

export interface WaitingCard {
  delivery_id: number;
  order_uuid: string;
  card_title: string;
  recipient_name: string | null;
  delivery_method: string;
  status: string;
  scheduled_for: string | null;
}

const view = (d: Row): WaitingCard => ({
  delivery_id: d.id,
  order_uuid: d.order_item?.order?.uuid ?? '',
  card_title: d.order_item?.snapshot?.card_title || d.order_item?.card?.title || '',
  recipient_name: d.order_item?.snapshot?.recipient_name ?? null,
  delivery_method: d.order_item?.delivery_method ?? '',
  status: d.status,
  scheduled_for: d.scheduled_for ? new Date(d.scheduled_for).toISOString() : null,
});

export async function cardsNotSent(
  strapi: Core.Strapi,
  userId: number,
): Promise<{ waiting: WaitingCard[]; inProduction: WaitingCard[] }> {
  const rows: Row[] = await query(strapi, UID.delivery).findMany({
    where: { status: { $in: [...WAITING_STATES, PROCESSING] }, order_item: { order: { user: userId } } },
    populate: {
      order_item: {
        select: ['id', 'delivery_method', 'snapshot'],
        populate: { order: { select: ['uuid'] }, card: { select: ['title'] } },
      },
    },
    orderBy: { id: 'asc' },
  });
  return {
    waiting: rows.filter((d) => WAITING_STATES.includes(d.status)).map(view),
    inProduction: rows.filter((d) => d.status === PROCESSING).map(view),
  };
}
