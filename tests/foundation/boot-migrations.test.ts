import type { Core } from '@strapi/strapi';
import { QUIET_APP, startApp } from '../helpers/strapi';
import { createTestDatabase } from '../helpers/database';

// Schema and data work happens once per database, not at every boot: the first boot creates the
// indexes that make uniqueness hold under concurrency and records past promo-code uses; a second boot on
// the same database runs none of those queries.

const UNIQUE: Array<[table: string, column: string]> = [
  ['gc_orders', 'cart_key'],
  ['gc_orders', 'uuid'],
  ['gc_recipients', 'system_owner_key'],
  ['gc_payment_events', 'event_id'],
  ['gc_promo_uses', 'slot_key'],
  ['gc_deliveries', 'view_token'],
  ['gc_deliveries', 'tracking_reference'],
  ['gc_subscriptions', 'provider_subscription_id'],
  ['gc_billing_profiles', 'user_key'],
];
const LOOKUP: Array<[table: string, column: string]> = [['gc_order_status_changes', 'order_id']];

// An index statement, or the promo-use backfill's scan of orders holding a code (PostgreSQL names the schema).
const SCHEMA_OR_BACKFILL = [
  /\bcreate\s+(unique\s+)?index\b/i,
  /\bfrom\s+(["`]?\w+["`]?\.)?["`]?gc_orders["`]?[\s\S]*promo_code["`]?\s+is\s+not\s+null/i,
];

function recordQueries(into: string[]) {
  return (strapi: Core.Strapi) => {
    strapi.db.connection.on('query', (query: { sql: string }) => into.push(query.sql));
  };
}

interface InspectedIndex {
  name: string;
  columns: string[];
  type?: string;
}

async function indexesOf(strapi: Core.Strapi, table: string): Promise<InspectedIndex[]> {
  const inspector = (
    strapi.db as unknown as { dialect: { schemaInspector: { getIndexes(t: string): Promise<InspectedIndex[]> } } }
  ).dialect.schemaInspector;
  return inspector.getIndexes(table);
}

describe('schema and data work at boot', () => {
  it('happens on the first boot only', async () => {
    // A brand-new database, not a copy of the run's migrated template: the first boot's work is the subject.
    const db = await createTestDatabase({ fresh: true });
    const first: string[] = [];
    const second: string[] = [];
    try {
      const app = await startApp(QUIET_APP, { db, beforeLoad: recordQueries(first) });
      try {
        for (const [table, column] of [...UNIQUE, ...LOOKUP]) {
          const indexes = await indexesOf(app.strapi, table);
          const index = indexes.find((i) => i.columns.length === 1 && i.columns[0] === column);
          expect({ table, column, found: Boolean(index) }).toEqual({ table, column, found: true });
          if (UNIQUE.some(([t, c]) => t === table && c === column)) expect(index!.type).toBe('unique');
        }
      } finally {
        await app.stop();
      }
      // The counter sees them when they run.
      expect(first.filter((sql) => SCHEMA_OR_BACKFILL[0].test(sql)).length).toBeGreaterThanOrEqual(
        UNIQUE.length + LOOKUP.length,
      );
      expect(first.filter((sql) => SCHEMA_OR_BACKFILL[1].test(sql))).toHaveLength(1);

      const again = await startApp(QUIET_APP, { db, beforeLoad: recordQueries(second) });
      await again.stop();
      expect(second.length).toBeGreaterThan(0);
      expect(second.filter((sql) => SCHEMA_OR_BACKFILL.some((re) => re.test(sql)))).toEqual([]);
    } finally {
      await db.drop();
    }
  });
});
