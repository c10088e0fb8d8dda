import type { Core } from '@strapi/strapi';
import { UID, type Uid } from '../uids';
import { tableOf } from './query';

// Strapi 5's `unique: true` is checked by the application, not the database, so it cannot stop two
// racing requests. These partial-free unique indexes (NULLs never collide in SQLite or PostgreSQL)
// are what make "one cart per user", "one system recipient per owner", "each webhook event once"
// and "unguessable tokens never repeat" hold under concurrency.
const UNIQUE_INDEXES: Array<[type: Uid, column: string]> = [
  [UID.order, 'cart_key'],
  [UID.order, 'uuid'],
  [UID.recipient, 'system_owner_key'],
  [UID.paymentEvent, 'event_id'],
  [UID.promoUse, 'slot_key'],
  [UID.delivery, 'view_token'],
  [UID.delivery, 'tracking_reference'],
  [UID.subscription, 'provider_subscription_id'],
  [UID.billingProfile, 'user_key'],
];

// Plain indexes for lookups that grow with the shop (an order's status history).
const LOOKUP_INDEXES: Array<[type: Uid, column: string]> = [[UID.orderStatusChange, 'order_id']];

export async function ensureDatabaseConstraints(strapi: Core.Strapi): Promise<void> {
  const knex = strapi.db.connection;
  for (const [uid, column] of UNIQUE_INDEXES) {
    const table = tableOf(strapi, uid);
    await knex.raw(`CREATE UNIQUE INDEX IF NOT EXISTS ${table}_${column}_uq ON ${table} (${column})`);
  }
  for (const [uid, column] of LOOKUP_INDEXES) {
    const table = tableOf(strapi, uid);
    await knex.raw(`CREATE INDEX IF NOT EXISTS ${table}_${column}_ix ON ${table} (${column})`);
  }
}
