import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { UID } from '../uids';
import { getService } from '../services/get-service';

interface DocumentContext {
  uid: string;
  action: string;
  params?: { data?: Record<string, unknown> };
}

/**
 * Template rules for every write through the document service (the Content Manager's edit form, the
 * REST API of a host, scripts): `canvas_data` must pass the same checks as a shopper's design, or the
 * save is refused with a ValidationError the admin form shows, and nothing is stored. A saved design
 * change re-renders the template's thumbnail in the background.
 */
export function registerTemplateDesignRules(strapi: Core.Strapi): void {
  strapi.documents.use(async (ctx, next) => {
    const context = ctx as unknown as DocumentContext;
    if (context.uid !== UID.template || !['create', 'update'].includes(context.action)) return next();
    const data = context.params?.data;
    const designGiven = Boolean(data && 'canvas_data' in data);
    if (data && designGiven) {
      const result = getService(strapi, 'templateDesigns').check(data.canvas_data);
      if (!result.ok) {
        throw new errors.ValidationError(`The design (canvas_data) is not valid: ${result.errors.join('; ')}`, {
          errors: [{ path: ['canvas_data'], message: result.errors.join('; '), name: 'ValidationError' }],
        });
      }
      // Stored as the API stores a shopper's design: normalised.
      data.canvas_data = result.value;
    }
    const saved = await next();
    if (designGiven) getService(strapi, 'templateDesigns').refreshThumbnail(saved);
    return saved;
  });
}
