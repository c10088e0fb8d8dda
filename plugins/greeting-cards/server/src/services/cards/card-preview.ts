import type { Core } from '@strapi/strapi';
import { UID } from '../../uids';
import { getService } from '../get-service';
import { query } from '../../db/query';

/**
 * Renders and stores the PNG preview of a saved design and records it on the card. Unchanged designs
 * (same hash) render nothing. A rendering failure is logged and leaves the old preview: saving a
 * design must never fail because the preview could not be drawn.
 */
export async function refreshCardPreview(strapi: Core.Strapi, cardId: number, canvasData: unknown, currentHash?: string | null, owner?: string): Promise<void> {
  try {
    const rendering = getService(strapi, 'rendering');
    const { hash } = rendering.previewLocation(canvasData);
    if (hash === currentHash) return;
    const url = await rendering.storePreview(canvasData, { owner });
    await query(strapi, UID.card).update({ where: { id: cardId }, data: { preview_url: url, preview_hash: hash } });
  } catch (error) {
    strapi.log.warn(`[greeting-cards] preview of card ${cardId} not rendered: ${(error as Error)?.message ?? String(error)}`);
  }
}
