// Wire shape of a library entry: the entry plus the card summary the library grid shows.
import type { LibraryType, CardStatus } from '../../../platform/enums';

export function serializeLibraryEntry(e: {
  id: number;
  type: LibraryType;
  is_pinned?: boolean | null;
  createdAt?: string | Date | null;
  updatedAt?: string | Date | null;
  card?: { id: number; title?: string | null; status: CardStatus; preview_url?: string | null } | null;
}) {
  return {
    id: e.id,
    type: e.type,
    is_pinned: Boolean(e.is_pinned),
    card: e.card
      ? { id: e.card.id, title: e.card.title ?? '', status: e.card.status, preview_url: e.card.preview_url || null }
      : null,
    created_at: e.createdAt ? new Date(e.createdAt).toISOString() : null,
    updated_at: e.updatedAt ? new Date(e.updatedAt).toISOString() : null,
  };
}
