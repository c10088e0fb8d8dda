import type { Core } from '@strapi/strapi';
import { UID } from '../../../platform/uids';
import { query } from '../../../platform/db/query';
import { LEGAL_PAGE_SLUGS } from './legal-page-slugs';
import { LEGAL_SAMPLES_DE, LEGAL_SAMPLES_EN } from './sample-legal-pages';

type Documents = ReturnType<Core.Strapi['documents']>;

/**
 * Seeds the six legal and help pages once (English, published, with a German translation), marked as
 * samples, on the first boot of a database that has none. A marker in Strapi's store makes later boots
 * do nothing, even after editors delete a page.
 */
export async function seedLegalPages(strapi: Core.Strapi): Promise<number> {
  const store = strapi.store({ type: 'plugin', name: 'greeting-cards', key: 'legal-pages' });
  if (await store.get()) return 0;
  if ((await query(strapi, UID.legalPage).count()) > 0) {
    await store.set({ value: { seededAt: null, skipped: 'pages exist' } });
    return 0;
  }
  // Strapi types documents() against the host app's generated registry, which does not know a plugin's types.
  const documents = strapi.documents(UID.legalPage as Parameters<Core.Strapi['documents']>[0]) as Documents;
  for (const slug of LEGAL_PAGE_SLUGS) {
    const doc = await documents.create({
      data: { slug, is_sample: true, ...LEGAL_SAMPLES_EN[slug] } as Parameters<Documents['create']>[0]['data'],
      status: 'published',
    });
    await documents.update({
      documentId: doc.documentId,
      locale: 'de',
      status: 'published',
      data: { slug, is_sample: true, ...LEGAL_SAMPLES_DE[slug] },
    } as Parameters<Documents['update']>[0]);
  }
  await store.set({ value: { seededAt: new Date().toISOString() } });
  return LEGAL_PAGE_SLUGS.length;
}
