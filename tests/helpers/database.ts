import path from 'path';
import fs from 'fs';
import crypto from 'crypto';
import { Client } from 'pg';

// Settings every test database gets (see template-database.js).
const { PG_FAST_COMMIT } = require('./template-database') as { PG_FAST_COMMIT: string };

export const APP_DIR = path.resolve(__dirname, '../..');

export interface TestDatabase {
  /** Environment variables that point config/database.ts at this database. */
  env: Record<string, string>;
  kind: 'sqlite' | 'postgres';
  /** Whether it began as a copy of one of the run's templates (not a brand-new database). */
  fromTemplate: boolean;
  drop(): Promise<void>;
}

/** The template a test file's database is copied from, if any. */
function templateFor(options: { fresh?: boolean; seeded?: boolean }): string | undefined {
  if (options.fresh) return undefined;
  return (options.seeded && process.env.GC_TEST_SEEDED_TEMPLATE_DATABASE) || process.env.GC_TEST_TEMPLATE_DATABASE;
}

/**
 * A database for one test file: a new SQLite file, or with TEST_DATABASE_URL set, a new PostgreSQL
 * database created through that server and dropped afterwards. Both are copies of one of the run's
 * templates (global-setup.js, template-database.js): the schema and what one boot's bootstrap writes
 * are there and no data of any test, so Strapi's boot skips the schema sync and the first-boot writes.
 * `seeded` copies the template that also holds the sample catalogue, as a boot with seeding on would
 * have written it. `fresh` makes a brand-new, empty one instead (a test of what a first boot does to a
 * database).
 */
export async function createTestDatabase(options: { fresh?: boolean; seeded?: boolean } = {}): Promise<TestDatabase> {
  const name = `gc_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    const template = templateFor(options);
    try {
      await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
      // Per-database settings are not copied from a template.
      await admin.query(`ALTER DATABASE ${name} ${PG_FAST_COMMIT}`);
    } finally {
      await admin.end();
    }
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return {
      kind: 'postgres',
      fromTemplate: Boolean(template),
      env: { DATABASE_URL: url.toString() },
      async drop() {
        const c = new Client({ connectionString: adminUrl });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const filename = path.join(APP_DIR, '.tmp', `${name}.db`);
  fs.mkdirSync(path.dirname(filename), { recursive: true });
  const template = templateFor(options);
  if (template) fs.copyFileSync(template, filename);
  return {
    kind: 'sqlite',
    fromTemplate: Boolean(template),
    env: { DATABASE_URL: '', DATABASE_FILENAME: filename },
    async drop() {
      for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(filename + suffix, { force: true });
    },
  };
}
