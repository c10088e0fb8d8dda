import type { ComponentType } from 'react';
import type { StrapiApp } from '@strapi/strapi/admin';
import { PLUGIN_ID } from '../../pluginId';
import { getTranslation } from '../../utils/getTranslation';

export const CANVAS_DATA_FIELD = 'canvas-data';

/** The admin half of the canvas_data custom field (the server half is server/src/custom-fields.ts). */
export function registerCanvasDataField(app: Pick<StrapiApp, 'customFields'>): void {
  app.customFields.register({
    name: CANVAS_DATA_FIELD,
    pluginId: PLUGIN_ID,
    type: 'json',
    intlLabel: { id: getTranslation('canvas-data.label'), defaultMessage: 'Card design' },
    intlDescription: {
      id: getTranslation('canvas-data.description'),
      defaultMessage: 'A Fabric.js design with a live preview and validation',
    },
    components: {
      // Strapi types the input as a component without props, but the Content Manager renders it with
      // the field's props (name, label, value, onChange...), which CanvasDataInput declares.
      Input: async () => (await import('./CanvasDataInput')) as unknown as { default: ComponentType },
    },
  });
}
