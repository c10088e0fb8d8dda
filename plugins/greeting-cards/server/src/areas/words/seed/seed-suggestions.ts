import type { Core } from '@strapi/strapi';
import { UID } from '../../../platform/uids';
import { query } from '../../../platform/db/query';
import { SUGGESTIONS_EN, type SeedSuggestion } from './suggestions-en';
import { SUGGESTIONS_DE } from './suggestions-de';

/**
 * Seeds the sample message suggestions once per database (with the sample catalogue, and on a shop
 * seeded before suggestions existed). A marker in Strapi's store makes later boots do nothing, even
 * after editors delete them. Each language's suggestions are documents of their own locale: written in
 * that language, not translations of each other.
 */
export async function seedMessageSuggestions(strapi: Core.Strapi): Promise<number> {
  const store = strapi.store({ type: 'plugin', name: 'greeting-cards', key: 'sample-suggestions' });
  if (await store.get()) return 0;
  if ((await query(strapi, UID.messageSuggestion).count()) > 0) {
    await store.set({ value: { seededAt: null, skipped: 'suggestions not empty' } });
    return 0;
  }
  const documents = strapi.documents(UID.messageSuggestion as Parameters<Core.Strapi['documents']>[0]);
  let created = 0;
  const seed = async (locale: string, byOccasion: Record<string, SeedSuggestion[]>) => {
    for (const [occasion, list] of Object.entries(byOccasion)) {
      for (const [i, [tone, text]] of list.entries()) {
        await documents.create({
          locale,
          status: 'published',
          data: { text, tone, occasion, sort_order: i } as Parameters<typeof documents.create>[0]['data'],
        } as Parameters<typeof documents.create>[0]);
        created += 1;
      }
    }
  };
  await seed('en', SUGGESTIONS_EN);
  await seed('de', SUGGESTIONS_DE);
  await store.set({ value: { seededAt: new Date().toISOString(), created } });
  return created;
}
