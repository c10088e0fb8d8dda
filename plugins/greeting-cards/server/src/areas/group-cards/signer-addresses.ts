import type { Core } from '@strapi/strapi';
import { query, type Row } from '../../platform/db/query';
import { UID } from '../../platform/uids';

/**
 * The e-mail addresses of the people who signed the group card that became this card (its finished
 * card, put in the organiser's basket by "Close and send"): signers who signed in, so their account holds
 * an address, and whose message is on the card (visible). The organiser is left out (they get their own
 * mail as the sender); each address once. A card that is no group card: none.
 */
export async function signerAddresses(strapi: Core.Strapi, cardId: number): Promise<string[]> {
  const group = (await query(strapi, UID.groupCard).findOne({
    where: { basket_card_id: cardId },
    populate: { owner: { select: ['id'] } },
  })) as Row | null;
  if (!group) return [];
  const signatures = (await query(strapi, UID.groupSignature).findMany({
    where: { group_card: group.id, status: 'visible' },
    populate: { user: { select: ['id', 'email', 'blocked'] } },
  })) as Row[];
  const addresses = new Set<string>();
  for (const s of signatures) {
    const user = s.user as Row | null;
    if (!user?.email || user.blocked || user.id === group.owner?.id) continue;
    addresses.add(String(user.email).trim().toLowerCase());
  }
  return [...addresses];
}
