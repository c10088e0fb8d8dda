import type { Core } from '@strapi/strapi';
import { getService } from './platform/get-service';
import { stopChangeNotices } from './platform/db/change-notices';

const destroy = async ({ strapi }: { strapi: Core.Strapi }) => {
  // Let background dispatches finish (they need the database and the renderer), then close the renderer's browser so no Chromium outlives Strapi.
  await getService(strapi, 'fulfilment').drain();
  await getService(strapi, 'templateDesigns').drain();
  // Waiting previews are picked up again at the next boot (their cards' revisions say so).
  await getService(strapi, 'cardPreviews').stop();
  await getService(strapi, 'host').settled();
  await getService(strapi, 'rendering').shutdown();
  await stopChangeNotices(strapi);
};

export default destroy;
