import type { Core } from '@strapi/strapi';

// Which of the two databases the plugin runs on (platform/host/database-client.ts refuses any other at
// boot): the places that write PostgreSQL's own SQL (CTEs, row locks, change notices) ask here.

/** SQLite (Strapi's `sqlite` or `better-sqlite3` client). */
export const isSqlite = (strapi: Core.Strapi): boolean => String(strapi.db.config.connection.client).includes('sqlite');

/** PostgreSQL (`postgres` or `pg`): the only other database the plugin starts on. */
export const isPostgres = (strapi: Core.Strapi): boolean => !isSqlite(strapi);
