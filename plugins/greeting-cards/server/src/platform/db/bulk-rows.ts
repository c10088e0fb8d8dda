import type { Core } from '@strapi/strapi';
import { inCurrentTransaction } from './joined-rows';

// Writing many rows at once. Strapi's `create` is an INSERT, a link-table INSERT per relation and a
// read back, per row: paying an order of 1,000 lines took thousands of round trips that way. Here rows
// go in with `createMany` (one INSERT per batch) and their relations as one link-table INSERT per batch.

/** Rows per statement: within SQLite's compound-select limit, which knex's batch insert uses there. */
export const BATCH = 500;

export function chunks<T>(list: T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

interface LinkTable {
  name: string;
  joinColumn: { name: string };
  inverseJoinColumn: { name: string };
  orderColumnName?: string;
  inverseOrderColumnName?: string;
}

/**
 * Links rows of `uid` to their to-one relation `name`: `pairs` are [row id, target id]. For relations
 * without order columns (to-one, not the inverse side of a to-many), where a link row is all Strapi
 * writes; others are refused rather than written half right.
 */
export async function insertLinks(
  strapi: Core.Strapi,
  uid: string,
  name: string,
  pairs: Array<[number, number]>,
): Promise<void> {
  const attribute = (
    strapi.db.metadata.get(uid as never) as unknown as { attributes: Record<string, { joinTable?: LinkTable }> }
  ).attributes[name];
  const join = attribute?.joinTable;
  if (!join) throw new Error(`${uid}.${name} is not a relation through a link table`);
  if (join.orderColumnName || join.inverseOrderColumnName)
    throw new Error(`${uid}.${name} has ordered links; insertLinks does not write them`);
  if (!pairs.length) return;
  await inCurrentTransaction(strapi, async (knex) => {
    for (const batch of chunks(pairs)) {
      await knex(join.name).insert(
        batch.map(([own, other]) => ({ [join.joinColumn.name]: own, [join.inverseJoinColumn.name]: other })),
      );
    }
  });
}
