// Which premium content a template or a design involves. Pure: callers pass rows they loaded.
// Whether the user may use it is decided in services/subscriptions/premium-service.ts (the subscription check).

export function isPremiumTemplate(template: { is_premium?: boolean | null } | null | undefined): boolean {
  return Boolean(template?.is_premium);
}

/** Every asset id a design refers to (objects' `assetId`), once each, in first-use order. */
export function assetIdsInCanvas(canvas: unknown): number[] {
  const objects = (canvas as { objects?: unknown } | null | undefined)?.objects;
  if (!Array.isArray(objects)) return [];
  const ids = new Set<number>();
  for (const object of objects) {
    const id = (object as { assetId?: unknown } | null)?.assetId;
    if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) ids.add(id);
  }
  return [...ids];
}

/** The premium asset ids a design uses, given the premium flag of the assets it refers to. */
export function premiumAssetIdsInCanvas(canvas: unknown, assets: Array<{ id: number; is_premium?: boolean | null }>): number[] {
  const premium = new Set(assets.filter((a) => a.is_premium).map((a) => a.id));
  return assetIdsInCanvas(canvas).filter((id) => premium.has(id));
}
