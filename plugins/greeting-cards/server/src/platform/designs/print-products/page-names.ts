// The inside pages every folded card has, and how many extra pages a group card may add (see
// pages.ts). Apart from pages.ts so that the design format (canvas-data.ts) can name pages without
// importing pages.ts, which reads designs: the two would import each other.
export const INNER_PAGES = ['inside_left', 'inside_right', 'back'] as const;
export type InnerPage = (typeof INNER_PAGES)[number];

/** Most extra pages a card may have (`extra_1` ... `extra_60`): see pages.ts. */
export const MAX_EXTRA_PAGES = 60;
