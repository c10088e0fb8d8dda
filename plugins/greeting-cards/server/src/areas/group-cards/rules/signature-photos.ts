// A signer's photos on a group card (issue 45 item 7): how they are kept on the signature row, and the
// caps. Pure, so the services and the layout read the same list.

export interface SignaturePhoto {
  /** A short random id, for removing one photo. */
  id: string;
  url: string;
  width: number;
  height: number;
  /** The upload library's file (removed with the photo). */
  file_id: number | null;
}

/** The photos a signature row holds, whatever its JSON column holds (null, or junk from elsewhere). */
export function photosOf(row: { photos?: unknown } | null | undefined): SignaturePhoto[] {
  const raw = row?.photos;
  if (!Array.isArray(raw)) return [];
  return raw
    .filter(
      (p): p is Record<string, unknown> =>
        Boolean(p) && typeof p === 'object' && typeof p.url === 'string' && typeof p.id === 'string',
    )
    .map((p) => ({
      id: String(p.id),
      url: String(p.url),
      width: Number(p.width) > 0 ? Number(p.width) : 1,
      height: Number(p.height) > 0 ? Number(p.height) : 1,
      file_id: typeof p.file_id === 'number' ? p.file_id : null,
    }));
}

/** Photo ids: 8 random bytes in hex, so a path segment that is anything else is no photo. */
export const looksLikePhotoId = (raw: unknown): raw is string => typeof raw === 'string' && /^[0-9a-f]{16}$/.test(raw);

/** Why one more photo may not be added, or null: the signature's own cap first, then the card's. */
export function photoCapReached(
  onSignature: number,
  onCard: number,
  caps: { perSignature: number; perCard: number },
): 'signature' | 'card' | null {
  if (onSignature >= caps.perSignature) return 'signature';
  if (onCard >= caps.perCard) return 'card';
  return null;
}

/** The photos that go on the card: none while the organiser has them hidden. */
export const shownPhotos = (row: { photos?: unknown; photos_hidden?: unknown }): SignaturePhoto[] =>
  row.photos_hidden ? [] : photosOf(row);
