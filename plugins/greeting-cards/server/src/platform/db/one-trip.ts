import type { Knex } from 'knex';
import type { Row } from './query';

// Several statements in ONE round trip (PostgreSQL): one query in the simple protocol, which runs each
// statement in turn and answers with one result per statement. Outside a transaction they run as one
// implicit transaction; inside one, as its next statements. The simple protocol takes no parameters,
// so the values are written into the SQL (knex's `toString()`), and only where that cannot change what
// the SQL means: numbers, booleans and plain words (no quote, no backslash, no space). Anything else,
// and the caller runs its statements one by one as before.

const PLAIN = /^[A-Za-z0-9_.:-]{0,100}$/;

/** A value that means the same written into SQL as bound to it. */
const inlineable = (value: unknown): boolean =>
  (typeof value === 'number' && Number.isFinite(value)) ||
  typeof value === 'boolean' ||
  (typeof value === 'string' && PLAIN.test(value));

/**
 * Runs `statements` (PostgreSQL reads, or plain SQL without values such as `SET LOCAL ...`) as one
 * simple query on `knex` (the pool, or the caller's transaction) and returns each one's rows, in order;
 * null, running nothing, when a value cannot be written into the SQL.
 */
export async function readsInOneTrip(
  knex: Knex,
  statements: Array<Knex.QueryBuilder | string>,
): Promise<Row[][] | null> {
  const parts: string[] = [];
  for (const statement of statements) {
    if (typeof statement === 'string') {
      parts.push(statement);
      continue;
    }
    if (!statement.toSQL().bindings.every(inlineable)) return null;
    parts.push(statement.toString());
  }
  // knex hands a raw query's driver answer back as it is: with several statements, pg's list of results.
  const answers = (await knex.raw(parts.join(';\n'))) as unknown as Array<{ rows: Row[] }> | { rows: Row[] };
  const results = Array.isArray(answers) ? answers : [answers];
  if (results.length !== statements.length)
    throw new Error(`readsInOneTrip: ${statements.length} results expected, ${results.length} came`);
  return results.map((result) => result.rows);
}
