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

// Where an object sits is not what makes a design: a copy moved, turned or resized is still a copy.
const PLACEMENT = new Set(['left', 'top', 'angle', 'scaleX', 'scaleY', 'id']);

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Each object of a design without its placement, as comparable text. */
export function objectFingerprints(canvas: unknown): string[] {
  const objects = (canvas as { objects?: unknown } | null | undefined)?.objects;
  if (!Array.isArray(objects)) return [];
  return objects
    .filter((o): o is Record<string, unknown> => Boolean(o) && typeof o === 'object' && !Array.isArray(o))
    .map((o) => canonical(Object.fromEntries(Object.entries(o).filter(([k]) => !PLACEMENT.has(k)))));
}

/** True when `canvas` holds at least half of `source`'s objects (placement aside): a copy of it. */
export function copiesDesign(canvas: unknown, source: unknown): boolean {
  const wanted = objectFingerprints(source);
  if (!wanted.length) return false;
  const present = new Set(objectFingerprints(canvas));
  return wanted.filter((f) => present.has(f)).length * 2 >= wanted.length;
}
