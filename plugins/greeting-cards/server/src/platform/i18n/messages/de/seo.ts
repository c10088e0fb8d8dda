// German texts for search engines and link previews: every key of ../en/seo.ts.
import type { seo as en } from '../en/seo';

export const seo: Record<keyof typeof en, string> = {
  'shop.seo.catalogue':
    'Grußkarten für jeden Anlass: im Browser gestalten und als E-Card, per Post oder zum Selbstdrucken verschicken.',
  'shop.seo.occasion':
    'Karten zum Anlass {occasion}: im Browser gestalten und als E-Card, per Post oder zum Selbstdrucken verschicken.',
  'shop.seo.template': '{name}: eine Karte zum Gestalten im Browser, als E-Card, per Post oder zum Selbstdrucken.',
};
