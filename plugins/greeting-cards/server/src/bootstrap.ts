import type { Core } from '@strapi/strapi';
import { getConfig } from './platform/config/get-config';
import { runOnce } from './platform/db/run-once';
import { seedSampleData } from './areas/catalogue/seed/seed-sample-data';
import { seedEnvelopes } from './areas/catalogue/seed/seed-envelopes';
import { seedLegalPages } from './areas/catalogue/legal/seed-legal-pages';
import { checkProfileRelation } from './platform/providers/user-details/load-adapter';
import { getService } from './platform/get-service';
import { providers } from './platform/providers/registry';
import { registerJobs } from './platform/jobs';
import { doesBackgroundWork } from './platform/config/service-role';
import { initRateLimits } from './platform/http/rate-limit';
import { discardUploadsMiddleware } from './platform/http/discard-uploads';
import { warnAboutHost, warnAboutProxy } from './platform/host/boot-warnings';
import { nodeEnvironment } from './platform/config/settings';
import { registerAdminActions } from './platform/admin-permissions';
import { applyContentManagerViews } from './areas/catalogue/content-manager/apply-views';
import { checkRouteCollisions } from './platform/mount/route-collisions';
import { initStoredSettings, settingsFreshness } from './platform/config/stored-settings';
import { ensureContentLocales, scopeNewPermissions } from './platform/i18n/content-locales';
import { installSessionRules, linkUsersPermissionsToShop } from './areas/accounts';
import { seedMessageSuggestions } from './areas/words';
import { startChangeNotices } from './platform/db/change-notices';
import { nameStatements } from './platform/db/prepared-statements';
import { watchUserRows } from './platform/http/user-rows';
import { watchUserAnswers } from './platform/db/user-answers';

const bootstrap = async ({ strapi }: { strapi: Core.Strapi }) => {
  // First: what editors changed on the admin settings page is part of the configuration from here on.
  await initStoredSettings(strapi);
  const config = getConfig(strapi);
  // Every route of the host and the plugin is mounted by now (Strapi mounts routes just before the
  // plugins' bootstrap): one answering where the other does stops boot, naming both.
  checkRouteCollisions(strapi);
  checkProfileRelation(strapi, config);
  // Before any request: a password change signs out the user's other sessions (areas/accounts).
  installSessionRules(strapi);
  // Before any request: per-process caches learn of changes made here and on other instances
  // (platform/db/change-notices.ts), and every write to a user is announced, whether or not this
  // instance has served that user yet.
  await startChangeNotices(strapi);
  // PostgreSQL plans a repeated statement once per connection (platform/db/prepared-statements.ts).
  nameStatements(strapi, config.dbPreparedStatements);
  watchUserRows(strapi);
  // Signed-in reads' answers: every write to a table they show is announced from now on.
  watchUserAnswers(strapi);
  // Here, not in register(): the host's middlewares (strapi::body among them) are in place by now, so
  // this runs inside the body parser and still sees every parsed file, before Strapi drops the list.
  strapi.server.use(discardUploadsMiddleware());
  // Every request (the host's too: it only compares a timestamp) sees stored settings at most two
  // seconds old, so a change on one instance reaches the others without a restart.
  strapi.server.use(settingsFreshness(strapi));
  // Every provider is built once, now: a wrong billing setting (unknown content type, relation or
  // field) or a SERVICE_POSTAL_DELIVERY_BACKEND that cannot be loaded stops boot, naming the setting.
  // The renderer's browser still starts on the first render.
  providers(strapi).build(['billingProfile', 'postal', 'payment', 'subscription', 'webhook', 'mailer', 'renderer']);
  await registerAdminActions(strapi);
  // users-permissions' reset and confirmation links lead to the shop unless the host set its own.
  await linkUsersPermissionsToShop(strapi);
  await applyContentManagerViews(strapi);
  // Before seeding: the sample catalogue has German texts.
  scopeNewPermissions(strapi);
  await ensureContentLocales(strapi);
  // The tables' unique and lookup indexes are declared on the schemas (platform/db/define-content-type.ts):
  // Strapi's schema sync creates them, and a boot with unchanged schemas runs no DDL.
  await initRateLimits(strapi);
  // Orders checked out before promo-code uses were reserved: a data migration, once per database.
  await runOnce(strapi, 'promo-uses-backfill', 1, () => getService(strapi, 'promotions').backfillUses());
  // Posted cards at a print provider before the operator's timeline existed get their first entry.
  await runOnce(strapi, 'delivery-timeline-backfill', 1, () => getService(strapi, 'fulfilment').backfillTimeline());
  // Cards shipped, failed or cancelled before the buyer's e-mails existed are not mailed now.
  await runOnce(strapi, 'buyer-news-past', 1, () => getService(strapi, 'buyerNews').markPast());
  // Before seeding, so seeded templates already change the catalogue version.
  getService(strapi, 'catalogueVersion').watch();
  if (config.seedSampleData) await getService(strapi, 'templateDesigns').seeding(() => seedSampleData(strapi));
  if (config.seedSampleData) await seedLegalPages(strapi);
  if (config.seedSampleData) await seedMessageSuggestions(strapi);
  if (config.seedSampleData) await seedEnvelopes(strapi);
  registerJobs(strapi);
  // SERVICE_ROLE=web draws nothing (its renderer refuses): thumbnails and previews are a worker's.
  if (doesBackgroundWork(strapi)) {
    if (config.renderThumbnailsOnBoot) renderThumbnailsInBackground(strapi);
    // Card previews a restart interrupted (changed designs whose render never ran), in the background.
    setImmediate(() => getService(strapi, 'cardPreviews').resume());
  }
  warnAboutProxy(strapi);
  if (nodeEnvironment() !== 'test') warnAboutHost(strapi);
};

// Thumbnails need a browser and take a few seconds for the whole catalogue: never hold up boot.
function renderThumbnailsInBackground(strapi: Core.Strapi): void {
  setImmediate(() => {
    getService(strapi, 'rendering')
      .generateMissingThumbnails()
      .then((run) => {
        if (run.rendered || run.failed)
          strapi.log.info(`[greeting-cards] template thumbnails: ${run.rendered} rendered, ${run.failed} failed`);
      })
      .catch((error: Error) => strapi.log.warn(`[greeting-cards] template thumbnails not rendered: ${error.message}`));
  });
}

export default bootstrap;
