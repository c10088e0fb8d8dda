import type { Core } from '@strapi/strapi';
import { UID } from '../../platform/uids';
import { LOCKED_STATUSES } from './rules/card-status';
import type { CardStatus } from '../../platform/enums';
import { query } from '../../platform/db/query';

// How a card is used by orders, read straight from order items so it holds whatever state the
// card's own status is in (an ordered card may since have been archived).

export interface CardOrderUse {
  /** In the user's cart (not yet bought). */
  inCart: boolean;
  /** In an order that was placed (pending payment, paid, fulfilled...). */
  placed: boolean;
}

export async function cardOrderUse(strapi: Core.Strapi, cardId: number): Promise<CardOrderUse> {
  const items = (await query(strapi, UID.orderItem).findMany({
    where: { card: { id: cardId } },
    populate: { order: { select: ['id', 'status'] } },
    select: ['id'],
  })) as Array<{ order?: { status: string } | null }>;
  return {
    inCart: items.some((i) => i.order?.status === 'cart'),
    placed: items.some((i) => Boolean(i.order) && i.order!.status !== 'cart'),
  };
}

/** Whether the card ever went into a placed order: sent before, ordered now, or held by a placed order. */
export async function wasEverOrdered(
  strapi: Core.Strapi,
  card: { id: number; status: CardStatus; sent_at?: unknown },
): Promise<boolean> {
  if (card.sent_at || LOCKED_STATUSES.includes(card.status)) return true;
  return (await cardOrderUse(strapi, card.id)).placed;
}

/** Ordered, sent and delivered cards, and archived ones that were ordered, are frozen. */
export async function isDesignLocked(
  strapi: Core.Strapi,
  card: { id: number; status: CardStatus; sent_at?: unknown },
): Promise<boolean> {
  if (LOCKED_STATUSES.includes(card.status)) return true;
  return card.status === 'archived' && (await wasEverOrdered(strapi, card));
}
