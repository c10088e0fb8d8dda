// How the Content Manager shows the types content editors curate: readable field labels, useful list
// columns and a default sort. Declared once here; the schemas carry it as their Content Manager
// `config` (used when Strapi first creates a type's view), and bootstrap applies it once to views that
// already existed (apply-views.ts). After that, changes an editor makes in "Configure the view" stick.

export interface ContentView {
  mainField: string;
  sortBy: string;
  sortOrder: 'ASC' | 'DESC';
  /** List view columns, in order. */
  list: string[];
  /** Field label, and optionally the help text shown under the field in the edit view. */
  labels: Record<string, string | [label: string, description: string]>;
}

const common = { is_active: ['Active', 'Inactive entries are hidden from the shop.'] as [string, string] };
// The seasonal window (services/catalogue/availability.ts): either end may be left empty.
const window = {
  available_from: [
    'Available from',
    'Optional. Hidden from the shop before this moment; it appears by itself when it comes.',
  ] as [string, string],
  available_until: [
    'Available until',
    'Optional. Hidden from the shop from this moment on; it comes down by itself.',
  ] as [string, string],
};

export const CONTENT_VIEWS: Record<string, ContentView> = {
  occasion: {
    mainField: 'name',
    sortBy: 'sort_order',
    sortOrder: 'ASC',
    list: ['id', 'name', 'slug', 'sort_order', 'month', 'day'],
    labels: {
      name: 'Name',
      slug: 'Slug',
      sort_order: ['Sort order', 'Lower numbers come first in the shop.'],
      month: ['Month', 'For seasonal occasions: 1-12.'],
      day: ['Day', 'For seasonal occasions: 1-31.'],
      ...window,
    },
  },
  template: {
    mainField: 'name',
    sortBy: 'updatedAt',
    sortOrder: 'DESC',
    list: ['id', 'thumbnail', 'name', 'occasion', 'style', 'product', 'is_premium', 'is_active', 'popularity'],
    labels: {
      name: 'Name',
      slug: 'Slug',
      description: 'Description',
      occasion: 'Occasion',
      style: 'Style',
      product: [
        'Product',
        "The card size it prints as: a6, a5, in5x7 (5 x 7 in) or square. The design's canvas follows it.",
      ],
      canvas_data: ['Design', "The card design. Checked with the same rules as the shop's API on every save."],
      thumbnail: ['Thumbnail image', 'Optional. Leave empty to use the preview rendered from the design.'],
      thumbnail_url: ['Rendered preview', 'Re-rendered in the background whenever the design changes.'],
      is_premium: ['Premium', 'Only subscribers may use premium designs.'],
      ...common,
      popularity: 'Popularity',
      ...window,
    },
  },
  asset: {
    mainField: 'name',
    sortBy: 'name',
    sortOrder: 'ASC',
    list: ['id', 'image', 'name', 'asset_type', 'emoji', 'is_premium', 'is_active'],
    labels: {
      name: 'Name',
      asset_type: 'Type',
      image: 'Image',
      emoji: ['Emoji', 'For emoji stickers: the emoji itself.'],
      svg: ['SVG', 'Inline SVG source; it is sanitised before use.'],
      tags: ['Tags', 'A JSON list of search words.'],
      is_premium: ['Premium', 'Only subscribers may use premium assets.'],
      ...common,
    },
  },
  'gift-addon': {
    mainField: 'name',
    sortBy: 'name',
    sortOrder: 'ASC',
    list: ['id', 'image', 'name', 'price_pence', 'is_active'],
    labels: {
      name: 'Name',
      description: 'Description',
      image: 'Image',
      price_pence: ['Price (pence)', 'Whole pence: 350 is £3.50.'],
      ...common,
    },
  },
  envelope: {
    mainField: 'name',
    sortBy: 'sort_order',
    sortOrder: 'ASC',
    list: ['id', 'name', 'color', 'liner_color', 'liner_pattern', 'is_active'],
    labels: {
      name: ['Name', 'What the sender sees on the send form.'],
      slug: ['Slug', 'How the API names it (add_to_cart `envelope`).'],
      color: ['Paper colour', 'In #RRGGBB form, such as #B3263E.'],
      liner_color: ['Liner colour', 'In #RRGGBB form: the inside of the flap.'],
      liner_pattern: ['Liner pattern', 'Drawn over the liner colour in white.'],
      sort_order: ['Order', 'Smaller first on the send form.'],
      ...common,
    },
  },
  'promo-code': {
    mainField: 'code',
    sortBy: 'updatedAt',
    sortOrder: 'DESC',
    list: ['id', 'code', 'kind', 'amount_pence', 'percent', 'max_uses_total', 'valid_to', 'is_active'],
    labels: {
      code: ['Code', 'What shoppers type at checkout.'],
      description: 'Description',
      kind: 'Kind',
      amount_pence: ['Amount off (pence)', 'For fixed codes: whole pence.'],
      percent: ['Percent off', 'For percent codes: 0-100.'],
      cap_pence: ['Cap (pence)', 'Most a percent code takes off.'],
      valid_from: 'Valid from',
      valid_to: 'Valid until',
      max_uses_total: ['Uses allowed in total', 'Empty: no limit.'],
      max_uses_per_user: ['Uses allowed per shopper', 'Empty: no limit.'],
      ...common,
    },
  },
  'subscription-plan': {
    mainField: 'name',
    sortBy: 'amount_pence',
    sortOrder: 'ASC',
    list: ['id', 'name', 'amount_pence', 'interval', 'grants_premium', 'is_active'],
    labels: {
      name: 'Name',
      slug: 'Slug',
      description: 'Description',
      provider_price_id: ['Stripe price id', 'price_... from the Stripe dashboard.'],
      amount_pence: ['Price (pence)', 'Whole pence per interval.'],
      interval: 'Billing interval',
      grants_premium: ['Unlocks premium designs', ''],
      ...common,
    },
  },
};

type Metadata = { edit: { label: string; description?: string }; list: { label: string } };

/** The Content Manager `config` a schema carries: default settings, field labels, list columns. */
export function contentManagerConfig(view: ContentView) {
  const metadatas: Record<string, Metadata> = {};
  for (const [field, text] of Object.entries(view.labels)) {
    const [label, description] = Array.isArray(text) ? text : [text, ''];
    metadatas[field] = { edit: { label, ...(description ? { description } : {}) }, list: { label } };
  }
  return {
    settings: {
      bulkable: true,
      filterable: true,
      searchable: true,
      pageSize: 20,
      mainField: view.mainField,
      defaultSortBy: view.sortBy,
      defaultSortOrder: view.sortOrder,
    },
    metadatas,
    layouts: { list: view.list },
  };
}
