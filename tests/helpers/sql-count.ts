import type { TestApp } from './strapi';

// The stored-settings freshness read (platform/config/stored-settings.ts) runs at most once per two seconds per
// instance, in whichever request comes first: not a cost of the request measured, so left out here.
const FRESHNESS_READ = '/* greeting-cards settings freshness */';

/**
 * Runs `fn` and returns the SQL statements the app's connection sent meanwhile: what a request costs in
 * database round trips, counted at the connection (tests hold query budgets with it).
 */
export async function sqlDuring<T>(app: TestApp, fn: () => Promise<T>): Promise<{ result: T; sql: string[] }> {
  const sql: string[] = [];
  const knex = app.strapi.db.connection;
  const listener = (e: { sql: string }) => {
    if (!e.sql.startsWith(FRESHNESS_READ)) sql.push(e.sql);
  };
  knex.on('query', listener);
  try {
    return { result: await fn(), sql };
  } finally {
    knex.off('query', listener);
  }
}
