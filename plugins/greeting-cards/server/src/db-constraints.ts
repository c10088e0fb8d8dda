import type { Core } from '@strapi/strapi';

// Strapi 5's `unique: true` is checked by the application, not the database, so it cannot stop two
// racing requests. These partial-free unique indexes (NULLs never collide in SQLite or PostgreSQL)
// are what make "one cart per user", "one system recipient per owner", "each webhook event once"
// and "unguessable tokens never repeat" hold under concurrency.
const UNIQUE_INDEXES: Array<[table: string, column: string]> = [
  ['gc_orders', 'cart_key'],
  ['gc_orders', 'uuid'],
  ['gc_recipients', 'system_owner_key'],
  ['gc_payment_events', 'event_id'],
  ['gc_deliveries', 'view_token'],
  ['gc_deliveries', 'tracking_reference'],
  ['gc_subscriptions', 'provider_subscription_id'],
  ['gc_billing_profiles', 'user_key'],
];

export async function ensureDatabaseConstraints(strapi: Core.Strapi): Promise<void> {
  const knex = strapi.db.connection;
  for (const [table, column] of UNIQUE_INDEXES) {
    await knex.raw(`CREATE UNIQUE INDEX IF NOT EXISTS ${table}_${column}_uq ON ${table} (${column})`);
  }
}
