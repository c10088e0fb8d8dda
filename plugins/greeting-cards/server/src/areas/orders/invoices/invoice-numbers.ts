import type { Core } from '@strapi/strapi';
import { UID } from '../../../platform/uids';
import { query, tableOf } from '../../../platform/db/query';
import { isUniqueViolation } from '../../../platform/db/unique-violation';

export type DocumentKind = 'invoice' | 'credit_note';

/**
 * Numbers without gaps, per sequence (invoices, credit notes), across instances, on PostgreSQL and SQLite.
 * `next` must run inside the transaction that writes the numbered document: it raises the sequence's
 * counter row by one with a single UPDATE (last_number = last_number + 1), which takes the row's write
 * lock (PostgreSQL) or the database's (SQLite) until the commit, so a concurrent issuer waits and then
 * counts on from the committed value. When the document's insert fails (another issuer wrote it first:
 * the unique source_key), the rollback takes the raised number back with it: no gap, no repeat.
 */
export function invoiceNumbers(strapi: Core.Strapi) {
  const counters = () => query(strapi, UID.invoiceCounter);
  return {
    /** Creates the sequence's counter row once (outside the issuing transaction; a lost race is fine). */
    async ensure(kind: DocumentKind): Promise<void> {
      if (await counters().findOne({ where: { sequence: kind }, select: ['id'] })) return;
      try {
        await counters().create({ data: { sequence: kind, last_number: 0 } });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    },

    /** The next number of the sequence; only inside strapi.db.transaction (its `trx`). */
    async next(trx: Core.Strapi['db']['connection'], kind: DocumentKind): Promise<number> {
      const table = tableOf(strapi, UID.invoiceCounter);
      const updated = await trx(table)
        .where({ sequence: kind })
        .update({ last_number: trx.raw('?? + 1', ['last_number']) });
      if (Number(updated) !== 1) throw new Error(`the ${kind} sequence has no counter row`);
      const row = await trx(table).select('last_number').where({ sequence: kind }).first();
      return Number(row.last_number);
    },
  };
}
