import type { Core } from '@strapi/strapi';
import { UID } from '../../../platform/uids';
import { query } from '../../../platform/db/query';

// The curated envelopes (issue 45 item 4): colours chosen to hold the shop's white "Open" label and
// to look like paper, each with a liner that answers it. German names are their translations.
const ENVELOPES = [
  {
    slug: 'classic-cream',
    name: 'Classic cream',
    de: 'Klassisch Creme',
    color: '#efe3cc',
    liner_color: '#a3214f',
    liner_pattern: 'dots',
  },
  {
    slug: 'berry-red',
    name: 'Berry red',
    de: 'Beerenrot',
    color: '#9e2342',
    liner_color: '#f4c7c3',
    liner_pattern: 'hearts',
  },
  {
    slug: 'midnight-blue',
    name: 'Midnight blue',
    de: 'Nachtblau',
    color: '#1f2e4d',
    liner_color: '#d8a93b',
    liner_pattern: 'stars',
  },
  {
    slug: 'sage-green',
    name: 'Sage green',
    de: 'Salbeigrün',
    color: '#7f9a7a',
    liner_color: '#f3efe2',
    liner_pattern: 'stripes',
  },
  {
    slug: 'blush-pink',
    name: 'Blush pink',
    de: 'Zartrosa',
    color: '#efc6c4',
    liner_color: '#7a2a48',
    liner_pattern: 'plain',
  },
] as const;

/**
 * Seeds the curated envelopes once per database (with the sample catalogue, and on a shop seeded before
 * envelopes existed). A marker in Strapi's store makes later boots do nothing, even after editors
 * delete them.
 */
export async function seedEnvelopes(strapi: Core.Strapi): Promise<number> {
  const store = strapi.store({ type: 'plugin', name: 'greeting-cards', key: 'sample-envelopes' });
  if (await store.get()) return 0;
  if ((await query(strapi, UID.envelope).count()) > 0) {
    await store.set({ value: { seededAt: null, skipped: 'envelopes not empty' } });
    return 0;
  }
  const documents = strapi.documents(UID.envelope as Parameters<Core.Strapi['documents']>[0]);
  type Data = Parameters<typeof documents.create>[0]['data'];
  for (const [i, { de, ...envelope }] of ENVELOPES.entries()) {
    const data = { ...envelope, sort_order: i, is_active: true };
    const { documentId } = await documents.create({ data: data as Data, status: 'published' });
    await documents.update({
      documentId,
      locale: 'de',
      status: 'published',
      data: { ...data, name: de } as Data,
    } as Parameters<typeof documents.update>[0]);
  }
  await store.set({ value: { seededAt: new Date().toISOString(), created: ENVELOPES.length } });
  return ENVELOPES.length;
}
