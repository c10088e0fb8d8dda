// The databases every test file's database is copied from, made once per test run.
//
// Most of a test file's Strapi boot on a brand-new database is schema work: Strapi creates every
// table, column and index, then records the schema's hash. Booting on a copy of a database that
// already has that schema and hash skips all of it (measured here: about 3.5 s down to 0.8 s a
// boot), and a test run boots Strapi well over a hundred times. A test whose settings change the
// schema still works: the hash differs and Strapi syncs as usual.
//
// The template is what one boot left: with the schema, the rows Strapi's and the plugin's bootstrap
// write on a new database (admin roles and their 232 permissions, users-permissions roles, languages,
// Strapi's stored settings). Each file's boot then runs its bootstrap as every boot of a live app but
// its first does, on a database that has them; writing them took about 1,400 of a boot's 1,960
// queries. A test of a first boot asks for a brand-new database (`createTestDatabase({ fresh: true })`).
// GC_TEMPLATE_ROWS=schema keeps the schema's bookkeeping only, so every boot bootstraps from nothing.
//
// A second template holds the sample catalogue as well, for the test files that boot with seeding on
// (the default): the first, booted once more with seeding on. Seeding goes through the Document
// Service (draft and published rows, German translations): measured here, 5,000 queries a boot against
// 1,960 without, 1.5 s more a boot on SQLite and 3 s on PostgreSQL. GC_SEEDED_TEMPLATE=off seeds in
// every boot again.
const fs = require('fs');
const path = require('path');
const crypto = require('crypto');
const { recordTemplateFingerprints } = require('./boot-shortcuts');

// Which rows the templates keep (see above).
const ROWS = process.env.GC_TEMPLATE_ROWS === 'schema' ? 'schema' : 'bootstrap';
const keepAll = () => true;

// Strapi's own record of the schema it built and of the migrations it ran: what makes the next boot
// skip the sync. With GC_TEMPLATE_ROWS=schema everything else is emptied.
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
// The seeded template's boot. No thumbnails are drawn while seeding (admin-designs-service), so the
// renderer does not matter.
const SEED_BOOT_ENV = { ...BOOT_ENV, SERVICE_SEED_SAMPLE_DATA: 'true' };

// What a seeding boot writes (kept from the seeded template with GC_TEMPLATE_ROWS=schema): the sample
// catalogue's tables (with their link tables) and the catalogue version.
// tests/foundation/content-types.test.ts checks the seeded catalogue is complete.
const SEEDED_TABLE =
  /^gc_(occasions|templates|assets|gift_addons|promo_codes|subscription_plans|catalogue_versions)(_|$)/;
// The seed's marker in Strapi's store (seed-sample-data.ts): later boots then leave the catalogue alone.
const SEED_MARKER = 'plugin_greeting-cards_sample-data';
const STORE_TABLE = 'strapi_core_store_settings';
const keptWhenSeeded = (name) => KEEP.has(name) || SEEDED_TABLE.test(name);

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

async function bootOnce(appDir, dbEnv, bootEnv = BOOT_ENV) {
  const applied = { ...bootEnv, ...dbEnv };
  const previous = {};
  for (const [key, value] of Object.entries(applied)) {
    previous[key] = process.env[key];
    process.env[key] = value;
  }
  try {
    const { createStrapi } = require('@strapi/strapi');
    const instance = createStrapi({
      appDir,
      distDir: path.join(appDir, 'dist'),
      autoReload: false,
      serveAdminPanel: false,
    });
    // The copies' boots skip what the template already has when nothing it depends on differs.
    recordTemplateFingerprints(instance);
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

/**
 * Empties every table `kept` does not name (and restarts their ids; the seed's marker survives in the
 * store when `kept` is keptWhenSeeded), then compacts the file.
 */
function emptySqlite(filename, kept = (name) => KEEP.has(name)) {
  const Database = require('better-sqlite3');
  const db = new Database(filename);
  try {
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .all()
      .map((row) => row.name)
      .filter((name) => !kept(name));
    const keepMarker = kept === keptWhenSeeded;
    db.pragma('foreign_keys = OFF');
    db.transaction(() => {
      for (const name of tables) {
        if (name === STORE_TABLE && keepMarker)
          db.prepare(`DELETE FROM "${STORE_TABLE}" WHERE key <> ?`).run(SEED_MARKER);
        else db.prepare(`DELETE FROM "${name.replace(/"/g, '""')}"`).run();
      }
      const hasSequence = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").get();
      if (hasSequence) for (const name of tables) db.prepare('DELETE FROM sqlite_sequence WHERE name = ?').run(name);
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
 * The seeded template's counterpart of emptyPostgres: the catalogue's rows stay, so no TRUNCATE
 * (it would cascade into them through their foreign keys to admin users); every other table's rows
 * are deleted and its id sequence restarted, and of the store only the seed's marker stays.
 */
async function emptyPostgresExceptSeed(url) {
  await withPg(url, async (client) => {
    const { rows } = await client.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public'");
    const tables = rows.map((row) => row.tablename).filter((name) => !keptWhenSeeded(name));
    const withId = new Set(
      (
        await client.query(
          "SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'id'",
        )
      ).rows.map((row) => row.table_name),
    );
    await client.query('BEGIN');
    for (const name of tables) {
      const quoted = `"${name.replace(/"/g, '""')}"`;
      if (name === STORE_TABLE) {
        await client.query(`DELETE FROM ${quoted} WHERE key <> $1`, [SEED_MARKER]);
        continue;
      }
      await client.query(`DELETE FROM ${quoted}`);
      if (!withId.has(name)) continue;
      const { rows: seq } = await client.query('SELECT pg_get_serial_sequence($1, $2) AS name', [quoted, 'id']);
      if (seq[0]?.name) await client.query('SELECT setval($1, 1, false)', [seq[0].name]);
    }
    await client.query('COMMIT');
  });
}

/**
 * Makes the templates for this run and returns where they are: file paths (SQLite) or database names
 * (PostgreSQL, on the server TEST_DATABASE_URL points at). `seeded` is null with GC_SEEDED_TEMPLATE=off.
 * With GC_TEMPLATE_CACHE=on the templates are kept under a name made from what they were built from, and
 * a later run on the same build takes them instead of booting twice more (`kept` is then true, and they
 * are not dropped at the end: the caller removes them, see dropKeptTemplates).
 */
async function createTemplate(appDir) {
  if (process.env.GC_TEMPLATE_CACHE !== 'on') return createTemplates(appDir);
  const names = keptNames(appDir);
  if (await keptExist(names)) return { ...names, kept: true };
  const made = await createTemplates(appDir);
  await keep(made, names);
  return { ...names, kept: true };
}

// What a template is made from: the plugin's and the host's built server code, Strapi's version and the
// boots' settings. Any change to them makes a new name.
function buildKey(appDir) {
  const hash = crypto.createHash('sha256');
  const visit = (dir) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (/\.(js|json)$/.test(entry.name))
        hash.update(path.relative(appDir, full)).update('\0').update(fs.readFileSync(full)).update('\0');
    }
  };
  visit(path.join(appDir, 'plugins/greeting-cards/dist/server'));
  visit(path.join(appDir, 'dist/config'));
  visit(path.join(appDir, 'dist/src'));
  hash.update(require('@strapi/strapi/package.json').version);
  // What the template's boot records for the copies' boots to compare with (boot-shortcuts.js).
  hash.update(fs.readFileSync(path.join(__dirname, 'boot-shortcuts.js')));
  hash.update(JSON.stringify([BOOT_ENV, SEED_BOOT_ENV, ROWS, process.env.GC_SEEDED_TEMPLATE === 'off']));
  return hash.digest('hex').slice(0, 16);
}

const KEPT_PREFIX = 'gc_tplkept_';

function keptNames(appDir) {
  const key = buildKey(appDir);
  const seeded = process.env.GC_SEEDED_TEMPLATE !== 'off';
  if (process.env.TEST_DATABASE_URL) {
    // Named for the role too: a role cannot use or drop another's databases, and a run as another
    // role (a developer's local run as postgres, CI's as its own) leaves templates on the same server.
    const role = new URL(process.env.TEST_DATABASE_URL).username || 'default';
    const name = `${KEPT_PREFIX}${crypto.createHash('sha256').update(`${key}/${role}`).digest('hex').slice(0, 16)}`;
    return { kind: 'postgres', name, seeded: seeded ? `${name}_seeded` : null };
  }
  // GC_SQLITE_TEMPLATE_DIR: where kept SQLite templates are, when not in this checkout's .tmp. CI's
  // PostgreSQL lane runs its browser files on SQLite from a copy of the checkout, built from the same
  // files (so the same key): it takes the templates the SQLite lane made instead of booting twice more.
  const dir = process.env.GC_SQLITE_TEMPLATE_DIR || path.join(appDir, '.tmp');
  const base = path.join(dir, `${KEPT_PREFIX}${key}.db`);
  return { kind: 'sqlite', name: base, seeded: seeded ? base.replace(/\.db$/, '_seeded.db') : null };
}

async function keptExist(names) {
  const wanted = [names.name, names.seeded].filter(Boolean);
  if (names.kind === 'sqlite') return wanted.every((file) => fs.existsSync(file));
  const { rows } = await withPg(process.env.TEST_DATABASE_URL, (client) =>
    client.query('SELECT datname FROM pg_database WHERE datname = ANY($1)', [wanted]),
  );
  return rows.length === wanted.length;
}

/** Moves freshly made templates to their kept names (a rename, so a half-made template is never found). */
async function keep(made, names) {
  const pairs = [
    [made.name, names.name],
    [made.seeded, names.seeded],
  ].filter(([from]) => from);
  if (names.kind === 'sqlite') {
    for (const [from, to] of pairs) {
      try {
        fs.renameSync(from, to);
      } catch (error) {
        if (error.code !== 'EXDEV') throw error;
        // GC_SQLITE_TEMPLATE_DIR on another file system: copied under a temporary name, then renamed.
        fs.copyFileSync(from, `${to}.part`);
        fs.renameSync(`${to}.part`, to);
        fs.rmSync(from, { force: true });
      }
    }
    return;
  }
  await withPg(process.env.TEST_DATABASE_URL, async (client) => {
    for (const [from, to] of pairs) {
      await client.query(`DROP DATABASE IF EXISTS ${to} WITH (FORCE)`);
      await client.query(`ALTER DATABASE ${from} RENAME TO ${to}`);
    }
  });
}

/** Drops this role's kept PostgreSQL templates on the server TEST_DATABASE_URL points at (SQLite's are files in .tmp). */
async function dropKeptTemplates() {
  if (!process.env.TEST_DATABASE_URL) return;
  await withPg(process.env.TEST_DATABASE_URL, async (client) => {
    // Only this role's: another role's kept templates are not this run's to drop (and it could not).
    const { rows } = await client.query(
      'SELECT datname FROM pg_database WHERE datname LIKE $1 AND pg_get_userbyid(datdba) = current_user',
      [`${KEPT_PREFIX}%`],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    // A test file's own database that outlived its file (a file stopped before its afterAll) is dropped too,
    // and named: CI's server is the machine's, and what a run leaves there stays for the next.
    const left = await client.query(
      'SELECT datname FROM pg_database WHERE datname LIKE $1 AND pg_get_userbyid(datdba) = current_user',
      ['gc\\_test\\_%'],
    );
    for (const { datname } of left.rows) {
      console.warn(`dropping ${datname}, a test database no test file dropped`);
      await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
  });
}

async function createTemplates(appDir) {
  const base = await createBaseTemplate(appDir);
  if (process.env.GC_SEEDED_TEMPLATE === 'off') return { ...base, seeded: null };
  try {
    return { ...base, seeded: await createSeededTemplate(appDir, base) };
  } catch (error) {
    await dropTemplate(base.name);
    throw error;
  }
}

async function createBaseTemplate(appDir) {
  const name = `gc_tpl_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    await withPg(adminUrl, async (client) => {
      await client.query(`CREATE DATABASE ${name}`);
      await client.query(`ALTER DATABASE ${name} ${PG_FAST_COMMIT}`);
    });
    try {
      await bootOnce(appDir, { DATABASE_URL: pgUrl(adminUrl, name) });
      if (ROWS === 'schema') await emptyPostgres(pgUrl(adminUrl, name));
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
    emptySqlite(filename, ROWS === 'schema' ? undefined : keepAll);
  } catch (error) {
    await dropTemplate(filename);
    throw error;
  }
  return { kind: 'sqlite', name: filename };
}

/** A copy of the first template, booted once more with seeding on (with GC_TEMPLATE_ROWS=schema, then emptied of all but the seed). */
async function createSeededTemplate(appDir, base) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (base.kind === 'postgres') {
    const name = `${base.name}_seeded`;
    await withPg(adminUrl, async (client) => {
      await client.query(`CREATE DATABASE ${name} TEMPLATE ${base.name}`);
      await client.query(`ALTER DATABASE ${name} ${PG_FAST_COMMIT}`);
    });
    try {
      await bootOnce(appDir, { DATABASE_URL: pgUrl(adminUrl, name) }, SEED_BOOT_ENV);
      if (ROWS === 'schema') await emptyPostgresExceptSeed(pgUrl(adminUrl, name));
    } catch (error) {
      await dropTemplate(name);
      throw error;
    }
    return name;
  }
  const filename = base.name.replace(/\.db$/, '_seeded.db');
  fs.copyFileSync(base.name, filename);
  try {
    await bootOnce(appDir, { DATABASE_URL: '', DATABASE_FILENAME: filename }, SEED_BOOT_ENV);
    emptySqlite(filename, ROWS === 'schema' ? keptWhenSeeded : keepAll);
  } catch (error) {
    await dropTemplate(filename);
    throw error;
  }
  return filename;
}

async function dropTemplate(name) {
  if (!name) return;
  if (process.env.TEST_DATABASE_URL && !name.includes(path.sep)) {
    await withPg(process.env.TEST_DATABASE_URL, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    );
    return;
  }
  for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(name + suffix, { force: true });
}

module.exports = { PG_FAST_COMMIT, createTemplate, dropTemplate, dropKeptTemplates, TEST_ENV };
