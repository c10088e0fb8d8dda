import type { Core } from '@strapi/strapi';
import { UID } from '../uids';
import { ApiError } from '../http/errors';

// Reads a user's own card or recipient. Uses the cards and recipients services when they provide
// findOwned, and a direct owner-filtered query otherwise, so this area does not depend on their order
// of arrival.
type Row = Record<string, any>;

function optionalService(strapi: Core.Strapi, name: string): Record<string, any> | undefined {
  try {
    return strapi.plugin('greeting-cards').service(name) as Record<string, any> | undefined;
  } catch {
    return undefined;
  }
}

/** The areas' findOwned answer 404 for a missing or foreign row; here that is simply "none". */
async function orNull(find: () => Promise<Row | null | undefined>): Promise<Row | null> {
  try {
    return (await find()) ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export async function findOwnedCard(strapi: Core.Strapi, userId: number, id: number): Promise<Row | null> {
  const cards = optionalService(strapi, 'cards');
  if (typeof cards?.findOwned === 'function') return orNull(() => cards.findOwned(userId, id));
  return strapi.db.query(UID.card as any).findOne({ where: { id, owner: { id: userId } } });
}

export async function findOwnedRecipient(strapi: Core.Strapi, userId: number, id: number): Promise<Row | null> {
  const recipients = optionalService(strapi, 'recipients');
  if (typeof recipients?.findOwned === 'function') return orNull(() => recipients.findOwned(userId, id));
  return strapi.db.query(UID.recipient as any).findOne({ where: { id, owner: { id: userId } } });
}

/** Marks a card ordered through cards.setStatus (which keeps the library in sync) when available. */
export async function setCardStatus(strapi: Core.Strapi, cardId: number, status: string): Promise<void> {
  const cards = optionalService(strapi, 'cards');
  if (typeof cards?.setStatus === 'function') {
    await cards.setStatus(cardId, status);
    return;
  }
  await strapi.db.query(UID.card as any).update({ where: { id: cardId }, data: { status } });
}
