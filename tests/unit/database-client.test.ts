import { unsupportedDatabaseClient } from '../../plugins/greeting-cards/server/src/platform/host/database-client';

// The plugin is tested on SQLite and PostgreSQL; on anything else it refuses to start, naming the client.
describe('database client check', () => {
  it.each(['sqlite', 'better-sqlite3', 'postgres', 'pg'])('accepts %s', (client) => {
    expect(unsupportedDatabaseClient(client)).toBeNull();
  });
  it.each(['mysql', 'mysql2', 'mariadb'])('refuses %s, naming it and what to use instead', (client) => {
    const message = unsupportedDatabaseClient(client);
    expect(message).toContain(`'${client}'`);
    expect(message).toMatch(/MySQL\/MariaDB/);
    expect(message).toMatch(/PostgreSQL/);
  });
});
