import type { Core } from '@strapi/strapi';
import { UID } from '../../platform/uids';
import type { CardRenderer } from './card-renderer';
import { query } from '../../platform/db/query';

export interface ThumbnailRun {
  rendered: number;
  failed: number;
}

/**
 * Gives every template without a thumbnail_url a stored preview. Runs one template at a time (the
 * renderer is serial anyway) and stops early when `stopped()` says Strapi is shutting down.
 */
export async function generateMissingThumbnails(
  strapi: Core.Strapi,
  renderer: CardRenderer,
  stopped: () => boolean,
): Promise<ThumbnailRun> {
  // Draft and published rows alike (draft & publish): each row shows its own thumbnail, and a draft's is
  // copied to its published row on publish.
  const templates = (await query(strapi, UID.template).findMany({
    where: { $or: [{ thumbnail_url: { $null: true } }, { thumbnail_url: '' }] },
    select: ['id', 'slug', 'canvas_data'],
    orderBy: { id: 'asc' },
  })) as Array<{ id: number; slug: string; canvas_data: unknown }>;
  const run: ThumbnailRun = { rendered: 0, failed: 0 };
  for (const template of templates) {
    if (stopped()) break;
    try {
      const url = await renderer.storePreview(template.canvas_data);
      if (stopped()) break;
      await query(strapi, UID.template).update({ where: { id: template.id }, data: { thumbnail_url: url } });
      run.rendered += 1;
    } catch (error) {
      if (stopped()) break;
      run.failed += 1;
      strapi.log.warn(`[greeting-cards] thumbnail for template "${template.slug}" failed: ${(error as Error).message}`);
    }
  }
  return run;
}
