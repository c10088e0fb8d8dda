import { PLUGIN_ID } from '../../pluginId';

export const CANVAS_DATA_FIELD = 'canvas-data';

interface CustomFieldsApi {
  register(field: Record<string, unknown>): void;
}

/** The admin half of the canvas_data custom field (the server half is server/src/custom-fields.ts). */
export function registerCanvasDataField(app: { customFields: CustomFieldsApi }): void {
  app.customFields.register({
    name: CANVAS_DATA_FIELD,
    pluginId: PLUGIN_ID,
    type: 'json',
    intlLabel: { id: `${PLUGIN_ID}.canvas-data.label`, defaultMessage: 'Card design' },
    intlDescription: { id: `${PLUGIN_ID}.canvas-data.description`, defaultMessage: 'A Fabric.js design with a live preview and validation' },
    components: {
      Input: async () => import('./CanvasDataInput'),
    },
  });
}
