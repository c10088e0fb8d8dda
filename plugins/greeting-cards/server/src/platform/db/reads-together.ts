import type { Core } from '@strapi/strapi';
import type { Row } from './query';
import { inCurrentTransaction, type JoinedRead } from './joined-rows';
import { readsInOneTrip } from './one-trip';
import { withoutJit } from './without-jit';
import { isPostgres } from './dialect';

// Several reads that join many relations (a batch of claimed deliveries: the deliveries, their order
// items, the orders), each with PostgreSQL's JIT off (without-jit.ts says why), in ONE round trip.
//
// PostgreSQL, outside a transaction: one simple query (one-trip.ts), `SET LOCAL jit = off; <read>;
// <read>; ...`. PostgreSQL runs the statements of one simple query as one implicit transaction, in which
// SET LOCAL holds for the statements after it. It was a transaction of its own (BEGIN, SET LOCAL, a
// round trip per read, COMMIT): six round trips for three reads.
// Elsewhere (SQLite, inside a transaction, or values that cannot be written into the SQL) the reads run
// one after the other, as before.

/** Runs `reads` and returns each one's rows, in order: one round trip on PostgreSQL outside a transaction. */
export async function readsTogether(strapi: Core.Strapi, reads: JoinedRead[]): Promise<Row[][]> {
  if (!reads.length) return [];
  if (isPostgres(strapi) && !strapi.db.inTransaction()) {
    const knex = strapi.db.connection;
    const answers = await readsInOneTrip(
      knex,
      reads.map((read) => read.build(knex)),
    );
    if (answers) return reads.map((read, i) => read.read(answers[i]));
  }
  return withoutJit(strapi, async () => {
    const results: Row[][] = [];
    for (const read of reads)
      results.push(read.read(await inCurrentTransaction(strapi, async (knex) => (await read.build(knex)) as Row[])));
    return results;
  });
}
