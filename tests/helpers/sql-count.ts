import type { TestApp } from './strapi';

// The stored-settings freshness read (platform/config/stored-settings.ts) runs at most once per two seconds per
// instance, in whichever request comes first: not a cost of the request measured, so left out here.
const FRESHNESS_READ = '/* greeting-cards settings freshness */';

/** The table-writes registry's count of notices sent (shared by every copy of the plugin in this process). */
export function noticesSent(): number {
  const registry = (globalThis as Record<symbol, { sent?: number } | undefined>)[
    Symbol.for('greeting-cards.table-writes.registry')
  ];
  return registry?.sent ?? 0;
}

/** Change notices that rode a COMMIT's round trip (platform/db/table-writes.ts): sent, at no round trip. */
export function noticesCarried(): number {
  const registry = (globalThis as Record<symbol, { carried?: number } | undefined>)[
    Symbol.for('greeting-cards.table-writes.registry')
  ];
  return registry?.carried ?? 0;
}

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
  const noticesBefore = noticesSent();
  try {
    return { result: await fn(), sql };
  } finally {
    knex.off('query', listener);
    // The change notice PostgreSQL gets after a write to a table the signed-in caches show
    // (platform/db/table-writes.ts) goes to the connection behind knex's back: a round trip all the same.
    for (let n = noticesSent() - noticesBefore; n > 0; n--) sql.push('select pg_notify(...) /* change notice */');
  }
}
