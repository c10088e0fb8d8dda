import type { Row } from '../../platform/db/query';
import { photosOf, shownPhotos, type SignaturePhoto } from './rules/signature-photos';

// Wire formats of group cards and their signatures. The public shapes leave out everything a signer
// has no business seeing (who signed in, statuses, other people's edit rights).

export interface StickerResponse {
  id: number;
  name: string;
  emoji: string | null;
  image_url: string | null;
}

export function serializeSticker(asset: Row | null | undefined): StickerResponse | null {
  if (!asset) return null;
  return { id: asset.id, name: asset.name ?? '', emoji: asset.emoji || null, image_url: asset.image?.url || null };
}

/** A photo as the API shows it (the upload library's file id stays here). */
const photoOut = (p: SignaturePhoto) => ({ id: p.id, url: p.url, width: p.width, height: p.height });

const iso = (v: unknown): string | null => (v ? new Date(v as string).toISOString() : null);

export function serializePublicSignature(row: Row) {
  return {
    id: row.id as number,
    display_name: String(row.display_name ?? ''),
    message: String(row.message ?? ''),
    sticker: serializeSticker(row.sticker),
    colour: (row.colour as string | null) || null,
    font: (row.font as string | null) || null,
    // Photos the organiser hid are not shown to other signers.
    photos: shownPhotos(row).map(photoOut),
    position: Number(row.position ?? 0),
  };
}
export type PublicSignature = ReturnType<typeof serializePublicSignature>;

export function serializeSignature(row: Row) {
  return {
    ...serializePublicSignature(row),
    // The signer and the organiser see every photo, and whether the organiser hid them.
    photos: photosOf(row).map(photoOut),
    photos_hidden: Boolean(row.photos_hidden),
    status: String(row.status),
    signed_in: Boolean(row.user),
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}
export type OrganiserSignature = ReturnType<typeof serializeSignature>;

export interface GroupCardLinks {
  signUrl: string;
  pageUrl: string;
}

/** The list row: what the organiser needs to pick a group card. */
export function serializeGroupCardSummary(row: Row, signatureCount: number, links: GroupCardLinks) {
  return {
    uuid: String(row.uuid),
    title: String(row.title ?? ''),
    recipient_name: String(row.recipient_name ?? ''),
    deadline: iso(row.deadline),
    status: String(row.status),
    card_id: (row.card?.id as number | undefined) ?? null,
    signature_count: signatureCount,
    sign_url: links.signUrl,
    page_url: links.pageUrl,
    closed_at: iso(row.closed_at),
    created_at: iso(row.createdAt),
  };
}

/** The organiser's full view: settings, the link and every signature in card order. */
export function serializeGroupCard(row: Row, signatures: Row[], links: GroupCardLinks, maxSignatures: number) {
  return {
    ...serializeGroupCardSummary(row, signatures.length, links),
    sign_token: String(row.sign_token),
    show_signatures: Boolean(row.show_signatures),
    approval_mode: Boolean(row.approval_mode),
    invite_emails: Array.isArray(row.invite_emails) ? (row.invite_emails as string[]) : [],
    max_signatures: maxSignatures,
    basket_card_id: typeof row.basket_card_id === 'number' && row.basket_card_id > 0 ? row.basket_card_id : null,
    front_preview_url: (row.card?.preview_url as string | null) || null,
    signatures: signatures.map(serializeSignature),
  };
}
