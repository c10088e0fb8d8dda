import type { Core } from '@strapi/strapi';

// The plugin is tested on SQLite and PostgreSQL only. Its indexes are portable (declared on the
// schemas, created by Knex), but its row locks, conflict handling and concurrency tests have never run
// on MySQL/MariaDB: refusing to start there, naming the client, beats failing in a customer's checkout.
const SUPPORTED = new Set(['sqlite', 'better-sqlite3', 'postgres', 'pg']);

/** Why the plugin will not run on this database client, or null when it will. */
export function unsupportedDatabaseClient(client: unknown): string | null {
  const name = String(client ?? '');
  if (SUPPORTED.has(name)) return null;
  return `[greeting-cards] the database client '${name}' is not supported: the plugin runs on PostgreSQL or SQLite (MySQL/MariaDB is not tested). Set config/database.ts to a PostgreSQL (client 'postgres') or SQLite database.`;
}

export function requireSupportedDatabase(strapi: Core.Strapi): void {
  const problem = unsupportedDatabaseClient(strapi.config.get('database.connection.client'));
  if (problem) throw new Error(problem);
}
