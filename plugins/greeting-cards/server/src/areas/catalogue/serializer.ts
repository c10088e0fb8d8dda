// Wire shapes of the public catalogue: occasions, templates, assets, gift add-ons. Each carries Strapi's
// `documentId` beside the numeric `id` the spec fixes: the id the Document Service, the Content Manager
// and Strapi's own REST API know the entry by (stable across drafts and locales, where `id` is not).
import { effectiveProductCode } from '../../platform/designs/print-products/products';

interface Media {
  url?: string | null;
}

const mediaUrl = (media: Media | null | undefined, fallback?: string | null) => media?.url || fallback || null;

export function serializeOccasion(o: {
  id: number;
  documentId?: string | null;
  name: string;
  slug: string;
  sort_order?: number | null;
  month?: number | null;
  day?: number | null;
}) {
  return {
    id: o.id,
    documentId: o.documentId ?? null,
    name: o.name,
    slug: o.slug,
    sort_order: o.sort_order ?? 0,
    month: o.month ?? null,
    day: o.day ?? null,
  };
}

export function serializeTemplate(
  t: {
    id: number;
    documentId?: string | null;
    slug: string;
    name: string;
    description?: string | null;
    occasion?: { slug?: string | null } | null;
    style: string;
    product?: string | null;
    is_premium?: boolean | null;
    thumbnail?: Media | null;
    thumbnail_url?: string | null;
    canvas_data?: unknown;
  },
  showPremium = true,
) {
  return {
    ...templateFields(t),
    // Premium designs are listed with their preview for everyone; the design itself only for subscribers.
    canvas_data: t.is_premium && !showPremium ? null : (t.canvas_data ?? null),
  };
}

/** What the detail and the list share. */
function templateFields(t: Parameters<typeof serializeTemplate>[0]) {
  return {
    id: t.id,
    documentId: t.documentId ?? null,
    slug: t.slug,
    name: t.name,
    description: t.description ?? '',
    occasion: t.occasion?.slug ?? null,
    style: t.style,
    product: effectiveProductCode(t.product),
    is_premium: Boolean(t.is_premium),
    thumbnail_url: mediaUrl(t.thumbnail, t.thumbnail_url),
  };
}

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/**
 * A template as a catalogue grid shows it: preview, name, slug, occasion, style, premium flag, and the
 * design's background colour for the placeholder when no preview image exists yet. The design itself
 * (canvas_data) is only on the detail route, so lists stay small and are the same for every caller.
 */
export function serializeTemplateSummary(t: Parameters<typeof serializeTemplate>[0]) {
  const background = (t.canvas_data as { background?: unknown } | null | undefined)?.background;
  return {
    ...templateFields(t),
    background: typeof background === 'string' && HEX_COLOUR.test(background) ? background : null,
  };
}

export function serializeGiftAddon(g: {
  id: number;
  documentId?: string | null;
  name: string;
  description?: string | null;
  price_pence: number;
  image?: Media | null;
}) {
  return {
    id: g.id,
    documentId: g.documentId ?? null,
    name: g.name,
    description: g.description ?? '',
    price_pence: g.price_pence,
    image_url: mediaUrl(g.image),
  };
}

export function serializeAsset(
  a: {
    id: number;
    documentId?: string | null;
    name: string;
    asset_type: string;
    emoji?: string | null;
    image?: Media | null;
    svg?: string | null;
    tags?: unknown;
    is_premium?: boolean | null;
  },
  showPremium = true,
) {
  return {
    id: a.id,
    documentId: a.documentId ?? null,
    name: a.name,
    asset_type: a.asset_type,
    emoji: a.emoji || null,
    image_url: mediaUrl(a.image),
    svg: a.is_premium && !showPremium ? null : a.svg || null,
    tags: Array.isArray(a.tags) ? a.tags : [],
    is_premium: Boolean(a.is_premium),
  };
}
