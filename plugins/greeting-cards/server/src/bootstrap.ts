import type { Core } from '@strapi/strapi';
import { getConfig } from './config/get-config';
import { ensureDatabaseConstraints } from './db-constraints';
import { seedSampleData } from './seed/seed-sample-data';
import { checkProfileRelation } from './providers/user-details/load-adapter';
import { getService } from './services/get-service';
import { initBillingProfileStore } from './providers/billing-profile';
import { registerJobs } from './jobs';
import { initRateLimits } from './http/rate-limit';

const bootstrap = async ({ strapi }: { strapi: Core.Strapi }) => {
  const config = getConfig(strapi);
  checkProfileRelation(strapi, config);
  // A wrong billing setting (unknown content type, relation or field) stops boot here, naming it.
  initBillingProfileStore(strapi, config);
  await ensureDatabaseConstraints(strapi);
  await initRateLimits(strapi);
  // Loading the postal backend now makes a wrong SERVICE_POSTAL_DELIVERY_BACKEND stop boot.
  getService(strapi, 'fulfilment').postalBackend();
  if (config.seedSampleData) await seedSampleData(strapi);
  registerJobs(strapi);
  if (config.renderThumbnailsOnBoot) renderThumbnailsInBackground(strapi);
};

// Thumbnails need a browser and take a few seconds for the whole catalogue: never hold up boot.
function renderThumbnailsInBackground(strapi: Core.Strapi): void {
  setImmediate(() => {
    getService(strapi, 'rendering')
      .generateMissingThumbnails()
      .then((run) => {
        if (run.rendered || run.failed) strapi.log.info(`[greeting-cards] template thumbnails: ${run.rendered} rendered, ${run.failed} failed`);
      })
      .catch((error: Error) => strapi.log.warn(`[greeting-cards] template thumbnails not rendered: ${error.message}`));
  });
}

export default bootstrap;
