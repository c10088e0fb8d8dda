import type { Core } from '@strapi/strapi';
import { UID } from '../uids';
import { DEFAULT_LOCALE, type Locale } from '../i18n/locales';
import { query, type Row } from './query';
import { withTranslations } from './localized';

/**
 * Card titles in the shopper's language (issue 41). A card made from a template is titled with the
 * template's name in the default language ("Little Dino Birthday"). Where a card still bears that name
 * (the shopper has not retitled it), it is shown with the template's published translation in
 * `locale` ("Kleiner Dino-Geburtstag"), as the catalogue shows it. A title the shopper wrote is theirs
 * and stays as written. Returns a function from (card id, title as stored) to the title to show.
 */
export async function cardTitlesIn(
  strapi: Core.Strapi,
  cardIds: Array<number | null | undefined>,
  locale: Locale,
): Promise<(cardId: number | null | undefined, title: string) => string> {
  const ids = [...new Set(cardIds.filter((id): id is number => typeof id === 'number' && id > 0))];
  if (locale === DEFAULT_LOCALE || !ids.length) return (_id, title) => title;
  const cards = (await query(strapi, UID.card).findMany({
    where: { id: { $in: ids } },
    select: ['id'],
    populate: { template: { select: ['id', 'documentId', 'name'] } },
  })) as Array<Row & { template?: Row | null }>;
  const templates = cards.map((c) => c.template).filter((t): t is Row => Boolean(t && t.documentId));
  const translated = new Map(
    (await withTranslations(strapi, UID.template, templates, locale)).map((t) => [
      t.id as number,
      String(t.name ?? ''),
    ]),
  );
  const byCard = new Map<number, { name: string; local: string }>();
  for (const card of cards) {
    const template = card.template;
    const local = template ? translated.get(template.id as number) : undefined;
    if (template && local) byCard.set(card.id as number, { name: String(template.name ?? ''), local });
  }
  return (cardId, title) => {
    const known = typeof cardId === 'number' ? byCard.get(cardId) : undefined;
    return known && title === known.name ? known.local : title;
  };
}
