import type { Core } from '@strapi/strapi';
import { UID } from '../../platform/uids';
import { query, type Row } from '../../platform/db/query';
import { CARD_POPULATE, type CardRow } from '../cards';
import { cardPreflight } from '../cards';
import type { PreflightIssue } from '../../platform/designs/print-products/preflight';
import { DEFAULT_LOCALE, type Locale } from '../../platform/i18n/locales';
import { localizePreflight } from '../../platform/i18n/preflight-text';

// Preflight for the items of a cart: posted and printed cards go to a printer, so their errors block
// checkout (the API and the web basket alike) and their warnings are shown before payment. E-cards
// are never printed and are not checked here.

const PRINTED = new Set(['post', 'print']);
const METHOD_LABEL: Record<string, string> = { post: 'posted card', print: 'print at home' };

export interface ItemPreflight {
  itemId: number;
  cardId: number;
  cardTitle: string;
  deliveryMethod: string;
  errors: PreflightIssue[];
  warnings: PreflightIssue[];
}

const idOf = (v: unknown): number | null =>
  v && typeof v === 'object' ? Number((v as Row).id) : typeof v === 'number' ? v : null;

/** The preflight of each posted or printed item (items as the order store reads them, with `card`). */
export async function itemsPreflight(strapi: Core.Strapi, items: Row[]): Promise<ItemPreflight[]> {
  const printed = items.filter((item) => PRINTED.has(String(item.delivery_method)) && idOf(item.card) !== null);
  if (!printed.length) return [];
  const ids = [...new Set(printed.map((item) => idOf(item.card) as number))];
  const cards = (await query(strapi, UID.card).findMany({
    where: { id: { $in: ids } },
    populate: [...CARD_POPULATE],
  })) as CardRow[];
  const reports = new Map<number, { card: CardRow; issues: PreflightIssue[] }>();
  for (const card of cards) reports.set(card.id, { card, issues: await cardPreflight(strapi, card) });
  return printed.flatMap((item) => {
    const report = reports.get(idOf(item.card) as number);
    if (!report) return [];
    return [
      {
        itemId: Number(item.id),
        cardId: report.card.id,
        cardTitle: report.card.title || 'Untitled card',
        deliveryMethod: String(item.delivery_method),
        errors: report.issues.filter((i) => i.severity === 'error'),
        warnings: report.issues.filter((i) => i.severity === 'warning'),
      },
    ];
  });
}

/** One message per blocking problem, naming the card: "“Birthday” (posted card): ...". */
export function preflightErrorMessages(reports: ItemPreflight[], locale: Locale = DEFAULT_LOCALE): string[] {
  return reports.flatMap((r) =>
    localizePreflight(r.errors, locale).map(
      (e) => `“${r.cardTitle}” (${METHOD_LABEL[r.deliveryMethod] ?? r.deliveryMethod}): ${e.message}`,
    ),
  );
}
