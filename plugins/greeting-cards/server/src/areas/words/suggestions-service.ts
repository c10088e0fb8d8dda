import type { Core } from '@strapi/strapi';
import { UID } from '../../platform/uids';
import { query, type Row } from '../../platform/db/query';
import { PUBLISHED } from '../../platform/db/published';
import type { PageRequest } from '../../platform/http/pagination';
import type { Locale } from '../../platform/i18n/locales';
import type { SuggestionTone } from './rules/tones';

export interface SuggestionFilter {
  occasion?: string;
  tone?: SuggestionTone;
  locale: Locale;
}

export interface SuggestionOut {
  id: number;
  text: string;
  occasion: string;
  tone: string;
  locale: string;
}

const toWire = (row: Row): SuggestionOut => ({
  id: row.id,
  text: row.text,
  occasion: row.occasion,
  tone: row.tone,
  locale: row.locale,
});

/** The published message suggestions of one language, by occasion and tone (the editor's Ideas panel). */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async list(filter: SuggestionFilter, page: PageRequest): Promise<{ count: number; results: SuggestionOut[] }> {
    const where = {
      ...PUBLISHED,
      locale: filter.locale,
      ...(filter.occasion ? { occasion: filter.occasion } : {}),
      ...(filter.tone ? { tone: filter.tone } : {}),
    };
    const q = query(strapi, UID.messageSuggestion);
    const [count, rows] = await Promise.all([
      q.count({ where }),
      q.findMany({
        where,
        select: ['id', 'text', 'occasion', 'tone', 'locale'],
        orderBy: [{ sort_order: 'asc' }, { id: 'asc' }],
        offset: page.offset,
        limit: page.pageSize,
      }),
    ]);
    return { count, results: (rows as Row[]).map(toWire) };
  },
});
