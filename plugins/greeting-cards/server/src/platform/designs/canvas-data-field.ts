import type { Core } from '@strapi/strapi';

// The template's design is edited in the admin through a custom field with a live preview. It is a
// custom field on top of `json`, so the column stays JSON and the API returns the same value as before;
// Strapi swaps the type back to `json` after register() (convertCustomFieldType).
export const CANVAS_DATA_FIELD = 'canvas-data';
export const CANVAS_DATA_FIELD_UID = `plugin::greeting-cards.${CANVAS_DATA_FIELD}`;

export function registerCustomFields(strapi: Core.Strapi): void {
  strapi.customFields.register({ name: CANVAS_DATA_FIELD, plugin: 'greeting-cards', type: 'json' });
}
