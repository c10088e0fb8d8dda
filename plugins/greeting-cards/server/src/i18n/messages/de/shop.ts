// German messages of the shop: every key of ../en/shop.ts.
import type { shop as en } from '../en/shop';

export const shop: Record<keyof typeof en, string> = {
  'shop.language': 'Sprache',
};
