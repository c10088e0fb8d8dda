/** The preview columns of a card (see areas/cards/card-preview.ts for how they follow its design). */
export interface StoredPreviewColumns {
  preview_url?: string | null;
  preview_hash?: string | null;
  preview_revision?: number | string | null;
  design_revision?: number | string | null;
}

/**
 * The card's stored preview when it shows exactly `hash` (the design about to be sent, merge fields
 * filled in) and no design change is waiting for its render; null when it must be drawn now. A preview
 * whose revision is behind the design's may still carry the right hash (the change was undone), but a
 * render is then on its way and may replace the file: drawing it again here is the safe side.
 */
export function currentPreviewUrl(card: StoredPreviewColumns, hash: string): string | null {
  if (!card.preview_url || card.preview_hash !== hash) return null;
  const design = Number(card.design_revision ?? 0);
  const shown =
    card.preview_revision === null || card.preview_revision === undefined ? -1 : Number(card.preview_revision);
  return shown >= design ? card.preview_url : null;
}
