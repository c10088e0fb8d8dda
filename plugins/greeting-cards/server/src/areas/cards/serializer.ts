// The one wire shape of a card, shared by the cards API, library and orders.
import type { CardStatus } from '../../platform/enums';
import { effectiveProductCode } from '../../platform/designs/print-products/products';

export interface CardRow {
  id: number;
  title?: string | null;
  status: CardStatus;
  canvas_data?: unknown;
  inside_message?: string | null;
  product?: string | null;
  template?: { id: number; slug?: string | null; product?: string | null } | null;
  occasion?: { id: number; slug?: string | null } | null;
  preview_url?: string | null;
  preview_hash?: string | null;
  is_favorite?: boolean | null;
  sent_at?: string | Date | null;
  createdAt?: string | Date | null;
  updatedAt?: string | Date | null;
  owner?: { id: number } | null;
}

/** Relations a row needs populated for serializeCard. */
export const CARD_POPULATE = ['template', 'occasion'] as const;

const iso = (v: string | Date | null | undefined) => (v ? new Date(v).toISOString() : null);

export function serializeCard(card: CardRow) {
  return {
    id: card.id,
    title: card.title ?? '',
    status: card.status,
    canvas_data: card.canvas_data ?? null,
    inside_message: card.inside_message ?? '',
    template: card.template?.slug ?? null,
    // The card size it prints as (platform/designs/print-products/products.ts). Older cards have none stored.
    product: effectiveProductCode(card.product, card.template?.product),
    occasion: card.occasion?.slug ?? null,
    preview_url: card.preview_url || null,
    is_favorite: Boolean(card.is_favorite),
    sent_at: iso(card.sent_at),
    created_at: iso(card.createdAt),
    updated_at: iso(card.updatedAt),
  };
}

export type CardBody = ReturnType<typeof serializeCard>;
