import type { Knex } from 'knex';
import type { Row } from './query';

// Several joined reads in ONE round trip (PostgreSQL): one query in the simple protocol, which runs each
// statement in turn and answers with one result per statement. Outside a transaction they run as one
// implicit transaction; inside one, as its next statements.
//
// JIT off first (`SET LOCAL jit = off`, without-jit.ts says why): these reads join many tables, often
// through subqueries, right after the rows were written, before the tables have statistics; measured
// (bench/checkout.js), checkout's lines read this way without it took 3-7 s, nearly all JIT compiling.
// Inside the caller's transaction the setting holds until that transaction ends.
//
// The simple protocol takes no parameters, so the values are written into the SQL (knex's `toString()`),
// and only where that cannot change what the SQL means: numbers, booleans and plain words (no quote, no
// backslash, no space). Anything else, and the caller runs its reads one by one as before.

const PLAIN = /^[A-Za-z0-9_.:-]{0,100}$/;

/** A value that means the same written into SQL as bound to it. */
const inlineable = (value: unknown): boolean =>
  (typeof value === 'number' && Number.isFinite(value)) ||
  typeof value === 'boolean' ||
  (typeof value === 'string' && PLAIN.test(value));

// The joins of these reads are written in the order they should run (joined-rows.ts: from what picks
// the rows to the rows and their relations), so PostgreSQL keeps that order instead of searching all
// orders of up to ten tables: planning checkout's lines read took 1.4 ms instead of 3.7 (measured on
// the benchmark's tables). Set back after the reads, so that the caller's later statements in the
// same transaction are planned as usual.
const BEFORE = ['SET LOCAL jit = off', 'SET LOCAL join_collapse_limit = 1', 'SET LOCAL from_collapse_limit = 1'];
const AFTER = ['SET LOCAL join_collapse_limit TO DEFAULT', 'SET LOCAL from_collapse_limit TO DEFAULT'];

/**
 * Runs `reads` (PostgreSQL) as one simple query on `knex` (the pool, or the caller's transaction), with
 * JIT off, and returns each one's rows, in order; null, running nothing, when a value cannot be written
 * into the SQL.
 */
export async function readsInOneTrip(knex: Knex, reads: Knex.QueryBuilder[]): Promise<Row[][] | null> {
  if (!reads.every((read) => read.toSQL().bindings.every(inlineable))) return null;
  const sql = [...BEFORE, ...reads.map((read) => read.toString()), ...AFTER].join(';\n');
  // knex hands a raw query's driver answer back as it is: with several statements, pg's list of results.
  const answers = (await knex.raw(sql)) as unknown as Array<{ rows: Row[] }>;
  if (!Array.isArray(answers) || answers.length !== BEFORE.length + reads.length + AFTER.length)
    throw new Error(`readsInOneTrip: ${BEFORE.length + reads.length + AFTER.length} results expected`);
  return answers.slice(BEFORE.length, BEFORE.length + reads.length).map((answer) => answer.rows);
}
