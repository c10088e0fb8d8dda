import type { Core } from '@strapi/strapi';
import path from 'path';

// SQLite is the embedded default; DATABASE_URL (postgres://...) switches to PostgreSQL.
export default ({ env }: Core.Config.Shared.ConfigParams) => {
  const url: string = env('DATABASE_URL', '');
  if (url.startsWith('postgres')) {
    return {
      connection: {
        client: 'postgres',
        connection: {
          connectionString: url,
          ssl: env.bool('DATABASE_SSL', false)
            ? { rejectUnauthorized: env.bool('DATABASE_SSL_REJECT_UNAUTHORIZED', true) }
            : false,
          schema: env('DATABASE_SCHEMA', 'public'),
        },
        pool: { min: env.int('DATABASE_POOL_MIN', 0), max: env.int('DATABASE_POOL_MAX', 10) },
        acquireConnectionTimeout: env.int('DATABASE_CONNECTION_TIMEOUT', 60000),
      },
    };
  }
  const pragmas = sqlitePragmas(env('DATABASE_SQLITE_JOURNAL_MODE', ''), env('DATABASE_SQLITE_SYNCHRONOUS', ''));
  return {
    connection: {
      client: 'sqlite',
      connection: {
        filename: path.resolve(process.cwd(), env('DATABASE_FILENAME', '.tmp/data.db')),
      },
      useNullAsDefault: true,
      ...(pragmas.length ? { pool: { afterCreate: applyPragmas(pragmas) } } : {}),
    },
  };
};

// SQLite's own defaults (a rollback journal, every commit synced to disk) unless these are set:
// DATABASE_SQLITE_JOURNAL_MODE=WAL lets readers go on while one connection writes, and
// DATABASE_SQLITE_SYNCHRONOUS=NORMAL (with WAL) or OFF skips waiting for the disk at each commit. A
// process crash loses nothing either way; OFF can lose the last commits if the machine itself stops.
// The test suite boots Strapi on throwaway databases hundreds of times and sets OFF: most of a boot
// on this kind of machine was waiting for the disk.
const JOURNAL_MODES = ['DELETE', 'TRUNCATE', 'PERSIST', 'MEMORY', 'WAL', 'OFF'];
const SYNCHRONOUS = ['OFF', 'NORMAL', 'FULL', 'EXTRA'];

function sqlitePragmas(journalMode: string, synchronous: string): string[] {
  const pragmas: string[] = [];
  if (journalMode) {
    if (!JOURNAL_MODES.includes(journalMode.toUpperCase())) {
      throw new Error(`DATABASE_SQLITE_JOURNAL_MODE must be one of ${JOURNAL_MODES.join(', ')}, not "${journalMode}"`);
    }
    pragmas.push(`journal_mode = ${journalMode.toUpperCase()}`);
  }
  if (synchronous) {
    if (!SYNCHRONOUS.includes(synchronous.toUpperCase())) {
      throw new Error(`DATABASE_SQLITE_SYNCHRONOUS must be one of ${SYNCHRONOUS.join(', ')}, not "${synchronous}"`);
    }
    pragmas.push(`synchronous = ${synchronous.toUpperCase()}`);
  }
  return pragmas;
}

/** Runs on every new connection (better-sqlite3's), after Strapi's own setup. */
function applyPragmas(pragmas: string[]) {
  return (
    connection: { pragma(source: string): unknown },
    done: (error: Error | null, connection: unknown) => void,
  ) => {
    try {
      for (const pragma of pragmas) connection.pragma(pragma);
      done(null, connection);
    } catch (error) {
      done(error as Error, connection);
    }
  };
}
