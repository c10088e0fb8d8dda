import type { Core } from '@strapi/strapi';
import { CONTENT_VIEWS, contentManagerConfig } from '../../../platform/db/content-manager-views';

// Bump when CONTENT_VIEWS changes in a way existing installs should receive.
const VIEWS_VERSION = 3; // 2: the template's product; 3: seasonal windows

interface StoredConfiguration {
  settings?: Record<string, unknown>;
  metadatas?: Record<string, { edit?: Record<string, unknown>; list?: Record<string, unknown> }>;
  layouts?: { list?: string[]; edit?: unknown; [key: string]: unknown };
}

interface ContentTypesService {
  findConfiguration(contentType: { uid: string }): Promise<StoredConfiguration>;
  updateConfiguration(contentType: { uid: string }, configuration: StoredConfiguration): Promise<unknown>;
}

/**
 * Brings the views Strapi stored before these defaults existed up to them, once per VIEWS_VERSION (a
 * marker in the plugin's store), so an editor's own later choices are never overwritten at boot.
 * A fresh install gets them from the schemas' `config` when the Content Manager first creates its views.
 */
export async function applyContentManagerViews(strapi: Core.Strapi): Promise<void> {
  const store = strapi.store({ type: 'plugin', name: 'greeting-cards', key: 'content-manager-views' });
  const applied = Number((await store.get({})) ?? 0);
  if (applied >= VIEWS_VERSION) return;
  const service = strapi.plugin('content-manager').service('content-types') as unknown as ContentTypesService;
  for (const [name, view] of Object.entries(CONTENT_VIEWS)) {
    const contentType = { uid: `plugin::greeting-cards.${name}` };
    const current = await service.findConfiguration(contentType);
    // Not created yet (the Content Manager has not synced this type): the schema's config applies then.
    if (!current?.layouts?.list) continue;
    const wanted = contentManagerConfig(view);
    const metadatas = { ...current.metadatas };
    for (const [field, meta] of Object.entries(wanted.metadatas)) {
      metadatas[field] = {
        edit: { ...metadatas[field]?.edit, ...meta.edit },
        list: { ...metadatas[field]?.list, ...meta.list },
      };
    }
    await service.updateConfiguration(contentType, {
      settings: { ...current.settings, ...wanted.settings },
      metadatas,
      layouts: { ...current.layouts, list: wanted.layouts.list },
    });
  }
  await store.set({ value: VIEWS_VERSION });
}
