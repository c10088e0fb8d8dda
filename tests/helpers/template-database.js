// A migrated, empty database that every test file's database is copied from.
//
// Most of a test file's Strapi boot on a brand-new database is schema work: Strapi creates every
// table, column and index, then records the schema's hash. Booting on a copy of a database that
// already has that schema and hash skips all of it (measured here: about 3.5 s down to 0.8 s a
// boot), and a test run boots Strapi well over a hundred times. The template is made once per run by
// a real boot, then emptied of every row (the data tables and their id counters), so each test file
// still starts from an empty database and Strapi's bootstrap (roles, permissions, the plugin's
// settings and seeds) runs on it exactly as on a new one. Only the schema bookkeeping is kept.
// A test whose settings change the schema still works: the hash differs and Strapi syncs as usual.
const fs = require('fs');
const path = require('path');
const crypto = require('crypto');

// Strapi's own record of the schema it built and of the migrations it ran: what makes the next boot
// skip the sync. Everything else is data.
const KEEP = new Set(['strapi_database_schema', 'strapi_migrations', 'strapi_migrations_internal']);

// The settings every test instance boots with (tests/helpers/strapi.ts uses them too).
const TEST_ENV = {
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  PORT: '0',
  AUTH_RATE_LIMIT: 'false',
  SERVICE_SCHEDULER_ENABLED: 'false',
  SERVICE_REMINDERS_ENABLED: 'false',
  STRAPI_TELEMETRY_DISABLED: 'true',
  BROWSER: 'false',
  STRAPI_STARTUP_LOG: 'false',
  LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
  // Throwaway databases: commits need not wait for the disk (config/database.ts). Most of a boot on a
  // shared VM's disk was spent in SQLite's per-commit syncs (measured: 4.4 s down to 0.9 s a boot).
  DATABASE_SQLITE_JOURNAL_MODE: 'WAL',
  DATABASE_SQLITE_SYNCHRONOUS: 'NORMAL',
};

// The PostgreSQL counterpart, per database (the server's own settings are left alone): a commit
// returns before its WAL reaches the disk. A crash of the server could lose the last commits, never
// corrupt; a test database does not outlive its file.
const PG_FAST_COMMIT = 'SET synchronous_commit = off';

// The template's own boot: no sample catalogue (its rows would be emptied anyway), no browser.
const BOOT_ENV = { ...TEST_ENV, SERVICE_SEED_SAMPLE_DATA: 'false', SERVICE_RENDERER: 'memory', LOG_LEVEL: 'error' };

function pgUrl(adminUrl, name) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withPg(url, fn) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function bootOnce(appDir, dbEnv) {
  const applied = { ...BOOT_ENV, ...dbEnv };
  const previous = {};
  for (const [key, value] of Object.entries(applied)) {
    previous[key] = process.env[key];
    process.env[key] = value;
  }
  try {
    const { createStrapi } = require('@strapi/strapi');
    const instance = createStrapi({ appDir, distDir: path.join(appDir, 'dist'), autoReload: false, serveAdminPanel: false });
    try {
      await instance.load();
    } finally {
      await instance.destroy();
    }
  } finally {
    for (const [key, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

function emptySqlite(filename) {
  const Database = require('better-sqlite3');
  const db = new Database(filename);
  try {
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .all()
      .map((row) => row.name)
      .filter((name) => !KEEP.has(name));
    db.pragma('foreign_keys = OFF');
    db.transaction(() => {
      for (const name of tables) db.prepare(`DELETE FROM "${name.replace(/"/g, '""')}"`).run();
      const hasSequence = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").get();
      if (hasSequence) db.prepare('DELETE FROM sqlite_sequence').run();
    })();
    db.pragma('journal_mode = DELETE');
    db.exec('VACUUM');
  } finally {
    db.close();
  }
}

async function emptyPostgres(url) {
  await withPg(url, async (client) => {
    const { rows } = await client.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public'");
    const tables = rows.map((row) => row.tablename).filter((name) => !KEEP.has(name));
    if (tables.length === 0) return;
    const list = tables.map((name) => `"${name.replace(/"/g, '""')}"`).join(', ');
    await client.query(`TRUNCATE ${list} RESTART IDENTITY CASCADE`);
  });
}

/**
 * Makes the template for this run and returns where it is: a file path (SQLite) or a database name
 * (PostgreSQL, on the server TEST_DATABASE_URL points at).
 */
async function createTemplate(appDir) {
  const name = `gc_tpl_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    await withPg(adminUrl, async (client) => {
      await client.query(`CREATE DATABASE ${name}`);
      await client.query(`ALTER DATABASE ${name} ${PG_FAST_COMMIT}`);
    });
    try {
      await bootOnce(appDir, { DATABASE_URL: pgUrl(adminUrl, name) });
      await emptyPostgres(pgUrl(adminUrl, name));
    } catch (error) {
      await dropTemplate(name);
      throw error;
    }
    return { kind: 'postgres', name };
  }
  const filename = path.join(appDir, '.tmp', `${name}.db`);
  fs.mkdirSync(path.dirname(filename), { recursive: true });
  try {
    await bootOnce(appDir, { DATABASE_URL: '', DATABASE_FILENAME: filename });
    emptySqlite(filename);
  } catch (error) {
    await dropTemplate(filename);
    throw error;
  }
  return { kind: 'sqlite', name: filename };
}

async function dropTemplate(name) {
  if (!name) return;
  if (process.env.TEST_DATABASE_URL && !name.includes(path.sep)) {
    await withPg(process.env.TEST_DATABASE_URL, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    return;
  }
  for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(name + suffix, { force: true });
}

module.exports = { PG_FAST_COMMIT, createTemplate, dropTemplate, TEST_ENV };
