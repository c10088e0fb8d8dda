import type { Core } from '@strapi/strapi';
import { isPostgres } from './dialect';

// PostgreSQL compiles a query to machine code (JIT) when the planner's cost estimate passes
// jit_above_cost. Right after a large order is written its tables have no statistics yet, the estimate
// of a join over a few dozen rows runs into the billions, and the JIT's compilation took 2.5 s for a
// query that then ran in 5 ms (the batch read of the fulfilment job, found with EXPLAIN ANALYZE). The
// reads that join many relations for a batch run with JIT off for their transaction; SQLite has none.

/** Runs `fn` (Strapi's queries inside join its transaction) with PostgreSQL's JIT off; on SQLite just runs it. */
export async function withoutJit<T>(strapi: Core.Strapi, fn: () => Promise<T>): Promise<T> {
  if (!isPostgres(strapi) || strapi.db.inTransaction()) return fn();
  return strapi.db.transaction(async ({ trx }) => {
    await trx.raw('SET LOCAL jit = off');
    return fn();
  });
}
