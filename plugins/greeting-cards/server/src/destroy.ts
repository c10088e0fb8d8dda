import type { Core } from '@strapi/strapi';
import { getService } from './services/get-service';

const destroy = async ({ strapi }: { strapi: Core.Strapi }) => {
  // Close the renderer's browser so no Chromium outlives Strapi.
  await getService(strapi, 'rendering').shutdown();
};

export default destroy;
