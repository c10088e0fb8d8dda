import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { UID } from '../../../platform/uids';
import { getService } from '../../../platform/get-service';
import { fitCanvasToProduct } from '../../../platform/designs/print-products/canvas-size';
import { isProductCode } from '../../../platform/designs/print-products/products';
import { DRAFT } from '../../../platform/db/published';

interface DocumentContext {
  uid: string;
  action: string;
  params?: { data?: Record<string, unknown>; documentId?: string };
}

/**
 * Template rules for every write through the document service (the Content Manager's edit form, the
 * REST API of a host, scripts): `canvas_data` must pass the same checks as a shopper's design, or the
 * save is refused with a ValidationError the admin form shows, and nothing is stored. A saved design
 * change re-renders the template's thumbnail in the background; a write that would only empty the
 * thumbnail leaves it as it is.
 */
export function registerTemplateDesignRules(strapi: Core.Strapi): void {
  strapi.documents.use(async (ctx, next) => {
    const context = ctx as unknown as DocumentContext;
    if (context.uid !== UID.template || !['create', 'update'].includes(context.action)) return next();
    const data = context.params?.data;
    // The thumbnail is drawn in the background after a save, so an edit form opened before it was drawn
    // still holds no thumbnail and sends that back with its next save or publish: it must not wipe the
    // drawn one (a stale thumbnail is cleared or redrawn by the design's own check: refreshThumbnail).
    if (data && 'thumbnail_url' in data && !data.thumbnail_url) delete data.thumbnail_url;
    // A product change alone still resizes the stored design: the canvas follows the product.
    if (
      data &&
      isProductCode(data.product) &&
      !('canvas_data' in data) &&
      context.action === 'update' &&
      context.params?.documentId
    ) {
      const current = await strapi.db
        .query(UID.template)
        .findOne({ where: { documentId: context.params.documentId, ...DRAFT }, select: ['canvas_data'] });
      if (current?.canvas_data) data.canvas_data = current.canvas_data;
    }
    const designGiven = Boolean(data && 'canvas_data' in data);
    if (data && designGiven) {
      const result = getService(strapi, 'templateDesigns').check(data.canvas_data);
      if (!result.ok) {
        throw new errors.ValidationError(`The design (canvas_data) is not valid: ${result.errors.join('; ')}`, {
          errors: [{ path: ['canvas_data'], message: result.errors.join('; '), name: 'ValidationError' }],
        });
      }
      // Stored as the API stores a shopper's design: normalised, on its product's canvas.
      data.canvas_data = isProductCode(data.product) ? fitCanvasToProduct(result.value, data.product) : result.value;
    }
    const saved = await next();
    if (designGiven) getService(strapi, 'templateDesigns').refreshThumbnail(saved);
    return saved;
  });
}
