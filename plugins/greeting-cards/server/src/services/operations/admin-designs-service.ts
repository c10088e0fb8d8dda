import type { Core } from '@strapi/strapi';
import { getConfig } from '../../config/get-config';
import { validateCanvasData, type CanvasResult } from '../../domain/canvas-data';
import { fieldErrors } from '../../errors';
import { getService } from '../get-service';

/** Template designs as content editors make them: the API's rules, and a preview drawn by the renderer. */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  /** The same rules (and limits) the API applies to a shopper's canvas_data. */
  function check(value: unknown): CanvasResult {
    const { canvasMaxBytes, canvasMaxObjects, publicUrl } = getConfig(strapi);
    return validateCanvasData(value, { maxBytes: canvasMaxBytes, maxObjects: canvasMaxObjects, publicUrl });
  }

  function validOrThrow(value: unknown) {
    const result = check(value);
    if (!result.ok) throw fieldErrors({ canvas_data: result.errors });
    return result.value;
  }

  return {
    check,
    validOrThrow,
    async previewPng(value: unknown, width = 600): Promise<Buffer> {
      return getService(strapi, 'rendering').previewPng(validOrThrow(value), { width });
    },
  };
};
