import type { Core } from '@strapi/strapi';
import { getConfig } from './get-config';

// SERVICE_ROLE in one place: what an instance of each role may do. A split deployment runs N web
// instances (pages, API) and M workers (deliveries, renders, reminders, thumbnails) on one PostgreSQL;
// the work a web instance leaves is found by the workers' jobs in the database (deliveries by their
// status and claim lease, card previews by their design/preview revisions, thumbnails by their hash).

export type ServiceRole = 'web' | 'worker' | 'all';

export function serviceRole(strapi: Core.Strapi): ServiceRole {
  return getConfig(strapi).serviceRole as ServiceRole;
}

/** Runs the jobs, sends deliveries and draws (Chromium): every role but web. */
export function doesBackgroundWork(strapi: Core.Strapi): boolean {
  return serviceRole(strapi) !== 'web';
}
