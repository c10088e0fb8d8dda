import type { Core } from '@strapi/strapi';
import { getConfig } from '../config/get-config';
import { getService } from '../get-service';
import { refreshIfStale } from '../config/stored-settings';
import { serviceRole } from '../config/service-role';

/** Runs `task` unless the previous run is still going (a slow minute must not pile up runs). */
function singleFlight(name: string, strapi: Core.Strapi, task: () => Promise<unknown>) {
  let running = false;
  return async () => {
    if (running) return;
    running = true;
    try {
      // Jobs read settings editors may change (reminder days, send hour): as fresh as a request's.
      await refreshIfStale(strapi);
      await task();
    } catch (error) {
      strapi.log.error(`[greeting-cards] ${name} job failed: ${(error as Error).stack ?? error}`);
    } finally {
      running = false;
    }
  };
}

/** A cron rule (with seconds) that fires every `seconds` (1-60) seconds. */
export function everySeconds(seconds: number): string {
  return seconds >= 60 ? '0 * * * * *' : `*/${seconds} * * * * *`;
}

/**
 * Registers the plugin's cron jobs. Strapi runs cron on every instance: the delivery job claims each
 * row atomically and the reminder job claims each reminder's key, so running everywhere is safe.
 * Each job has its own switch (tests boot with both off and call the job functions directly).
 * A SERVICE_ROLE=web instance registers none: it never sends or draws; workers do (see service-role.ts).
 */
export function registerJobs(strapi: Core.Strapi): void {
  const config = getConfig(strapi);
  const role = serviceRole(strapi);
  if (role === 'web') return;
  const jobs: Record<string, unknown> = {};
  if (config.schedulerEnabled) {
    jobs.greetingCardsDeliveries = {
      task: singleFlight('delivery', strapi, async () => {
        await getService(strapi, 'fulfilment').runDue(new Date());
        // Order confirmations a web instance left, or a crash lost (areas/orders/confirmation).
        // Invoices and credit notes first, so the confirmation can say the VAT the invoice says.
        await getService(strapi, 'invoices').issueMissed(new Date());
        await getService(strapi, 'orderConfirmations').sendMissed(new Date());
        // The buyer's news of each card: shipped, delivered, failed, cancelled (areas/fulfilment/buyer-news).
        await getService(strapi, 'buyerNews').sendMissed();
        // The one reminder of an unopened e-card whose sender asked for it (areas/fulfilment/ecards).
        await getService(strapi, 'unopenedReminders').runDue(new Date());
      }),
      // Every SERVICE_WORKER_POLL_SECONDS (15 s): cheap when nothing is due, and work of an instance that
      // died is taken over within the claim lease plus the poll (under a minute with the defaults). With
      // web instances in front, this poll is also how a paid order's cards leave.
      options: { rule: everySeconds(config.workerPollSeconds) },
    };
  }
  if (role === 'worker') {
    // Card previews and template thumbnails web instances left (they never draw): found in the database
    // by their revisions and hashes, drawn here. `all` draws its own as the designs change.
    jobs.greetingCardsPendingRenders = {
      task: singleFlight('pending renders', strapi, async () => {
        await getService(strapi, 'cardPreviews').resumeNow();
        if (config.renderThumbnailsOnBoot) await getService(strapi, 'rendering').generateMissingThumbnails();
      }),
      options: { rule: everySeconds(config.workerPollSeconds) },
    };
  }
  if (config.schedulerEnabled) {
    jobs.greetingCardsGroupCards = {
      task: singleFlight('group card e-mail', strapi, () => getService(strapi, 'groupCardMail').runDue(new Date())),
      options: { rule: '0 * * * * *' },
    };
    // Posted cards not delivered by the end of their promised window (areas/fulfilment/late/): each is
    // marked late once (a conditional UPDATE), so running everywhere is safe.
    jobs.greetingCardsLateCards = {
      task: singleFlight('late cards', strapi, () => getService(strapi, 'lateCards').checkDue(new Date())),
      options: { rule: '15 * * * * *' },
    };
    // Claims each summary before sending (at most one a day per shopper), so running everywhere is safe.
    jobs.greetingCardsAddressSummaries = {
      task: singleFlight('address link summary', strapi, () =>
        getService(strapi, 'addressSummaryMail').runDue(new Date()),
      ),
      options: { rule: '30 * * * * *' },
    };
  }
  if (config.schedulerEnabled) {
    // Account deletions a crash or a restart left halfway are finished (every step is safe to repeat);
    // once a day, kept orders of deleted accounts past SERVICE_ACCOUNTING_RETENTION_YEARS are removed.
    jobs.greetingCardsAccountDeletions = {
      task: singleFlight('account deletion', strapi, () => getService(strapi, 'accountDeletion').resume()),
      options: { rule: '45 * * * * *' },
    };
    jobs.greetingCardsAccountingRetention = {
      task: singleFlight('accounting retention', strapi, () => getService(strapi, 'accountDeletion').purgeExpired()),
      options: { rule: '0 20 3 * * *', tz: 'Etc/UTC' },
    };
  }
  if (config.remindersEnabled) {
    jobs.greetingCardsReminders = {
      // Hourly: each shopper's reminders go once their own clock reaches SERVICE_SCHEDULED_SEND_HOUR on
      // the day (their time zone); the reminder's key keeps it to one e-mail however often this runs.
      task: singleFlight('reminder', strapi, () => getService(strapi, 'reminderMail').runDue(new Date())),
      options: { rule: '0 0 * * * *', tz: 'Etc/UTC' },
    };
  }
  if (Object.keys(jobs).length) strapi.cron.add(jobs as Parameters<Core.Strapi['cron']['add']>[0]);
}
