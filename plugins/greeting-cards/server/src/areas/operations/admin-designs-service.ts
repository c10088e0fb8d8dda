import type { Core } from '@strapi/strapi';
import { getConfig } from '../../platform/config/get-config';
import { validateCanvasData, type CanvasResult } from '../../platform/designs/canvas-data';
import { errorText } from '../../platform/deliveries/delivery-retry';
import { fieldErrors, unavailable } from '../../platform/errors';
import { query } from '../../platform/db/query';
import { UID } from '../../platform/uids';
import { getService } from '../../platform/get-service';
import { imageSourceRules } from '../../platform/uploads/image-rules';
import { msg } from '../../platform/i18n/format-message';

interface TemplateRow {
  id: number;
  slug?: string;
  canvas_data: unknown;
  thumbnail_url?: string | null;
}

/** Template designs as content editors make them: the API's rules, previews, and thumbnails kept current. */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const inFlight = new Set<Promise<unknown>>();
  // While the shipped sample catalogue is written: no thumbnail renders, and no size limits (see seeding()).
  let seeding = 0;
  const rendering = () => getService(strapi, 'rendering');
  const templates = () => query(strapi, UID.template);

  /** The same rules (and limits) the API applies to a shopper's canvas_data. */
  function check(value: unknown): CanvasResult {
    const { canvasMaxBytes, canvasMaxObjects } = getConfig(strapi);
    const { publicUrl, remotePrefixes } = imageSourceRules(strapi);
    if (seeding)
      return validateCanvasData(value, {
        maxBytes: Number.MAX_SAFE_INTEGER,
        maxObjects: Number.MAX_SAFE_INTEGER,
        publicUrl,
        remotePrefixes,
      });
    return validateCanvasData(value, {
      maxBytes: canvasMaxBytes,
      maxObjects: canvasMaxObjects,
      publicUrl,
      remotePrefixes,
    });
  }

  function validOrThrow(value: unknown) {
    const result = check(value);
    if (!result.ok) throw fieldErrors({ canvas_data: result.errors });
    return result.value;
  }

  /**
   * Renders the stored design of one template row unless its thumbnail already shows it. The URL is
   * written only if the design is still the one drawn: when two saves race, the later one's render wins.
   */
  async function renderThumbnail(row: TemplateRow): Promise<void> {
    if (rendering().isPreviewOf(row.thumbnail_url, row.canvas_data)) return;
    const url = await rendering().storePreview(row.canvas_data);
    const current: TemplateRow | null = await templates().findOne({
      where: { id: row.id },
      select: ['id', 'canvas_data'],
    });
    if (!current || !rendering().isPreviewOf(url, current.canvas_data)) return;
    await templates().update({ where: { id: row.id }, data: { thumbnail_url: url } });
  }

  async function refreshByDocument(documentId: string): Promise<void> {
    const rows: TemplateRow[] = await templates().findMany({
      where: { documentId },
      select: ['id', 'slug', 'canvas_data', 'thumbnail_url'],
    });
    for (const row of rows) {
      try {
        await renderThumbnail(row);
      } catch (error) {
        strapi.log.warn(
          `[greeting-cards] thumbnail for template "${row.slug ?? row.id}" not rendered: ${errorText(error)}`,
        );
      }
    }
  }

  async function clearStaleThumbnails(documentId: string): Promise<void> {
    const rows: TemplateRow[] = await templates().findMany({
      where: { documentId },
      select: ['id', 'canvas_data', 'thumbnail_url'],
    });
    for (const row of rows) {
      if (row.thumbnail_url && !rendering().isPreviewOf(row.thumbnail_url, row.canvas_data)) {
        await templates().update({ where: { id: row.id }, data: { thumbnail_url: null } });
      }
    }
  }

  return {
    check,
    validOrThrow,

    async previewPng(value: unknown, width = 600): Promise<Buffer> {
      // A live preview of an unsaved design cannot wait for a worker's job: say so (503) on a web instance.
      if (!rendering().drawsHere()) throw unavailable(msg('error.live_preview_worker'));
      return rendering().previewPng(validOrThrow(value), { width });
    },

    /** Re-renders a saved template's thumbnail in the background (the save does not wait for Chromium). */
    refreshThumbnail(saved: unknown): void {
      if (seeding) return;
      const documentId =
        saved && typeof saved === 'object' ? (saved as { documentId?: unknown }).documentId : undefined;
      if (typeof documentId !== 'string') return;
      // A web instance clears a thumbnail that no longer shows the design: a worker's job draws the missing ones.
      const job = rendering().drawsHere() ? refreshByDocument(documentId) : clearStaleThumbnails(documentId);
      inFlight.add(job);
      job.finally(() => inFlight.delete(job)).catch(() => undefined);
    },

    /**
     * Runs `fn`, which writes the shipped sample catalogue: no thumbnail renders (left to
     * SERVICE_RENDER_THUMBNAILS_ON_BOOT rather than starting Chromium at every boot), and the designs are
     * checked without the configured size limits, which are set for shoppers' designs and may be smaller
     * than a shipped template (personalising a template copies its design whatever the limits).
     */
    async seeding<T>(fn: () => Promise<T>): Promise<T> {
      seeding += 1;
      try {
        return await fn();
      } finally {
        seeding -= 1;
      }
    },

    /** Waits for background thumbnail renders (tests, shutdown). */
    async drain(): Promise<void> {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
  };
};
