/**
 * The condition that picks a catalogue document's published row (Strapi's draft & publish).
 *
 * Each document of a publishable type has a draft row (published_at NULL) and, once published, a
 * published row. The shop and every spec route read only published rows. The reads stay on the query
 * engine (not the Document Service's `status: 'published'`) because they select a few columns, filter
 * on relations and are cached per catalogue version: the same single query per page as before, with
 * one more indexed-free condition on a column of the same table.
 */
export const PUBLISHED = { publishedAt: { $notNull: true } } as const;

/** The draft row of a document (what the Content Manager edits). */
export const DRAFT = { publishedAt: { $null: true } } as const;
