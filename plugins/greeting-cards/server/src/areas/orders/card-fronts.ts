import type { Core } from '@strapi/strapi';
import { UID } from '../../platform/uids';
import { query } from '../../platform/db/query';
import type { OrderView } from './serializer';

/**
 * The order as the basket, checkout and order pages show it: each line with its card's current
 * front (the card's list preview), read in one query. The pages' own shape: the API's items keep
 * the spec's fields.
 */
export async function withCardFronts<T extends Pick<OrderView, 'items'>>(
  strapi: Core.Strapi,
  order: T,
): Promise<T & { items: Array<T['items'][number] & { card_preview_url: string | null }> }> {
  const ids = [...new Set(order.items.map((i) => i.card).filter((id): id is number => typeof id === 'number'))];
  const rows = ids.length
    ? ((await query(strapi, UID.card).findMany({
        where: { id: { $in: ids } },
        select: ['id', 'preview_url'],
      })) as Array<{ id: number; preview_url?: string | null }>)
    : [];
  const fronts = new Map(rows.map((r) => [r.id, r.preview_url || null]));
  return {
    ...order,
    items: order.items.map((i) => ({ ...i, card_preview_url: (i.card !== null && fronts.get(i.card)) || null })),
  };
}
