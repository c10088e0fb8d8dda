/**
 * A provider's SKU (or productUid) for one of our print products (a5, a6, in5x7, square): the map's own
 * entry for it, else its "card" entry, which boot requires and which covers every product without one.
 */
export function skuFor(map: Record<string, string>, product: string): string | undefined {
  return map[product] ?? map.card;
}
