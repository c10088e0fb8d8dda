import type { Core } from '@strapi/strapi';
import { UID } from '../uids';
import { DEFAULT_LOCALE, type Locale } from '../i18n/locales';
import { DRAFT, PUBLISHED } from './published';
import { query, type Row } from './query';

/**
 * The catalogue types translated with Strapi's i18n (content-types.ts), and their texts.
 *
 * Each document of these types has a row per locale (and per draft/published state). The shop reads
 * one row per document: the default locale's (which every document has: the rows stored before the
 * types were localized became default-locale rows through Strapi's own migration), then lays the
 * requested locale's texts over it where the document has a published translation. Everything else
 * (slug, prices, design, window, relations) comes from the default locale's row, so counts, order
 * and filters are per document, and a row id handed to a shopper always names a default-locale row.
 */
export const LOCALIZED_TEXTS: Record<string, readonly string[]> = {
  [UID.template]: ['name', 'description'],
  [UID.occasion]: ['name'],
  [UID.asset]: ['name'],
  [UID.legalPage]: ['title', 'description', 'body'],
  [UID.envelope]: ['name'],
};

/**
 * The condition that picks a document's default-locale row. A row without a locale is one too: rows
 * written straight through the query engine (not the Document Service) carry none.
 */
export const DEFAULT_LOCALE_ROW = { $or: [{ locale: DEFAULT_LOCALE }, { locale: { $null: true } }] } as const;

/** `where` on one version (draft or published) of the default-locale rows of a localized type: one row per document. */
export const versionRows = (
  where: Record<string, unknown>,
  version: 'draft' | 'published',
): Record<string, unknown> => ({
  $and: [where, version === 'draft' ? DRAFT : PUBLISHED, DEFAULT_LOCALE_ROW],
});

/** `where` on the published, default-locale rows of a localized type (one row per published document). */
export const shopRows = (where: Record<string, unknown> = {}): Record<string, unknown> =>
  versionRows(where, 'published');

/**
 * Lays the published translation's texts in `locale` over default-locale rows, in one query for the
 * whole page (none for the default locale). A document without a translation keeps its default
 * texts, and so does an empty translated field. Returns new row objects; the given ones are unchanged.
 */
export async function withTranslations<T extends Row>(
  strapi: Core.Strapi,
  uid: string,
  rows: T[],
  locale: Locale,
): Promise<T[]> {
  const fields = LOCALIZED_TEXTS[uid];
  const documentIds = [...new Set(rows.map((r) => r.documentId).filter((id): id is string => typeof id === 'string'))];
  if (!fields || locale === DEFAULT_LOCALE || !documentIds.length) return rows;
  const translations = (await query(strapi, uid).findMany({
    where: { documentId: { $in: documentIds }, locale, ...PUBLISHED },
    select: ['documentId', ...fields],
  })) as Row[];
  const byDocument = new Map(translations.map((t) => [t.documentId as string, t]));
  return rows.map((row) => {
    const translation = byDocument.get(row.documentId);
    if (!translation) return row;
    const texts = Object.fromEntries(
      fields
        .filter((f) => translation[f] !== null && translation[f] !== undefined && translation[f] !== '')
        .map((f) => [f, translation[f]]),
    );
    return { ...row, ...texts };
  });
}
