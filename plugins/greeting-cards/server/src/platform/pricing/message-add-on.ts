// The video or voice message add-on (issue 45): one rule for the editor's note, the basket and checkout,
// which live in different areas (cards, orders); settings in platform/config/settings.ts.

/** A video or voice message on a line's card, as the line pays for it: its price, or free with membership. */
export interface MessageAddOn {
  pence: number;
  /** Free because the buyer has an active premium membership and the shop gives messages to members. */
  free: boolean;
}

/**
 * What a card's message adds to each line that sends it: nothing when the card has none (or the shop
 * removed it) or messages cost nothing; free for a premium member when the operator chose so.
 */
export function messageAddOn(
  hasMessage: boolean,
  settings: { mediaMessagePrice: number; mediaMessageFreeWithPremium: boolean },
  premium: boolean,
): MessageAddOn | null {
  if (!hasMessage || settings.mediaMessagePrice <= 0) return null;
  if (settings.mediaMessageFreeWithPremium && premium) return { pence: 0, free: true };
  return { pence: settings.mediaMessagePrice, free: false };
}
