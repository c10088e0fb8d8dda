import type { Core } from '@strapi/strapi';
import { OCCASIONS, TEMPLATES, STICKERS, BACKGROUNDS, GIFT_ADDONS, PLANS, PROMO_CODES } from './sample-data';
import { UID } from '../../../platform/uids';
import { query } from '../../../platform/db/query';
import { OCCASIONS_DE, STICKERS_DE, TEMPLATES_DE } from './sample-data-de';

export interface SeedResult {
  seeded: boolean;
  created: number;
}

/**
 * Seeds the sample catalogue once, on the first boot of a database with no occasions or templates.
 * A marker in Strapi's store makes later boots do nothing, even after editors delete sample rows.
 */
export async function seedSampleData(strapi: Core.Strapi): Promise<SeedResult> {
  const store = strapi.store({ type: 'plugin', name: 'greeting-cards', key: 'sample-data' });
  if (await store.get()) return { seeded: false, created: 0 };
  const existing = (await query(strapi, UID.occasion).count()) + (await query(strapi, UID.template).count());
  if (existing > 0) {
    await store.set({ value: { seededAt: null, skipped: 'catalogue not empty' } });
    return { seeded: false, created: 0 };
  }

  let created = 0;
  // The curated catalogue has draft & publish: sample entries are created published (a draft row and
  // its published copy), so the shop shows them at once and editors find them as "Published".
  const create = async (uid: string, data: Record<string, unknown>, published = true) => {
    // Strapi types documents() against the host app's generated registry, which does not know a plugin's types.
    const documents = strapi.documents(uid as Parameters<Core.Strapi['documents']>[0]);
    const doc = await documents.create({
      data: data as Parameters<typeof documents.create>[0]['data'],
      ...(published ? { status: 'published' as const } : {}),
    });
    created += 1;
    return doc as unknown as { id: number; documentId: string };
  };

  // The German version of a document (Strapi i18n): its own published row in locale 'de', written with
  // the whole entry (slug and relations are per locale in Strapi; everything else is shared anyway).
  const translate = async (uid: string, documentId: string, data: Record<string, unknown>) => {
    const documents = strapi.documents(uid as Parameters<Core.Strapi['documents']>[0]);
    await documents.update({
      documentId,
      locale: 'de',
      status: 'published',
      data: data as Parameters<typeof documents.update>[0]['data'],
    } as Parameters<typeof documents.update>[0]);
  };

  // Relations between publishable types are given by documentId: Strapi links the draft template to the
  // draft occasion and the published template to the published one (and the German row to the German one).
  const occasionDocs = new Map<string, string>();
  for (const o of OCCASIONS) {
    const documentId = (await create(UID.occasion, o)).documentId;
    occasionDocs.set(o.slug, documentId);
    if (OCCASIONS_DE[o.slug]) await translate(UID.occasion, documentId, { ...o, name: OCCASIONS_DE[o.slug] });
  }
  for (const t of TEMPLATES) {
    const { occasion, ...rest } = t;
    const occasionDoc = occasion ? occasionDocs.get(occasion) : undefined;
    const data = { ...rest, is_active: true, ...(occasionDoc ? { occasion: occasionDoc } : {}) };
    const { documentId } = await create(UID.template, data);
    if (TEMPLATES_DE[t.slug]) await translate(UID.template, documentId, { ...data, ...TEMPLATES_DE[t.slug] });
  }
  for (const s of STICKERS) {
    const data = { ...s, asset_type: 'sticker', is_active: true };
    const { documentId } = await create(UID.asset, data);
    if (STICKERS_DE[s.name]) await translate(UID.asset, documentId, { ...data, name: STICKERS_DE[s.name] });
  }
  for (const b of BACKGROUNDS) {
    await create(UID.asset, { name: b.name, asset_type: 'background', svg: b.svg, tags: ['colour'], is_active: true });
  }
  for (const g of GIFT_ADDONS) await create(UID.giftAddon, { ...g, is_active: true });
  for (const p of PLANS) await create(UID.subscriptionPlan, { ...p, is_active: true });
  for (const p of PROMO_CODES) await create(UID.promoCode, { ...p, is_active: true }, false);

  await store.set({ value: { seededAt: new Date().toISOString(), created } });
  strapi.log.info(`[greeting-cards] seeded ${created} sample records`);
  return { seeded: true, created };
}
