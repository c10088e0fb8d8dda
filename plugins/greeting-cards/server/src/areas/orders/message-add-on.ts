import type { Core } from '@strapi/strapi';
import { getConfig } from '../../platform/config/get-config';
import { getService } from '../../platform/get-service';
import { cardsWithMessage } from '../media-messages';
import { messageAddOn, type MessageAddOn } from './rules/pricing';

/**
 * The video or voice message add-on of each of a buyer's cards (rules/pricing.ts messageAddOn), from
 * the settings and the cards' messages as they are now: add to cart, a message saved or removed while
 * the card is in the basket, and checkout (which decides what is paid) all ask here. Reads nothing when
 * messages cost nothing.
 */
export async function messageAddOns(
  strapi: Core.Strapi,
  userId: number,
  cardIds: number[],
): Promise<(cardId: number | null | undefined) => MessageAddOn | null> {
  const config = getConfig(strapi);
  if (config.mediaMessagePrice <= 0 || !cardIds.length) return () => null;
  const withMessage = await cardsWithMessage(strapi, cardIds);
  if (!withMessage.size) return () => null;
  const premium = config.mediaMessageFreeWithPremium
    ? await getService(strapi, 'subscriptions').hasPremium(userId)
    : false;
  return (cardId) => messageAddOn(typeof cardId === 'number' && withMessage.has(cardId), config, premium);
}

/** The order item's columns for an add-on (null pence: the line carries no paid-for message). */
export const addOnColumns = (addOn: MessageAddOn | null) => ({
  media_message_pence: addOn ? addOn.pence : null,
  media_message_free: addOn ? addOn.free : false,
});
