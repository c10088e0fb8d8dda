/** The legal and help pages the shop links to, each at /legal/<slug>/ (footer order). */
export const LEGAL_PAGE_SLUGS = ['terms', 'privacy', 'imprint', 'delivery-returns', 'help', 'contact'] as const;
export type LegalPageSlug = (typeof LEGAL_PAGE_SLUGS)[number];
