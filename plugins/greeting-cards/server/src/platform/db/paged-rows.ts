import type { PageRequest } from '../http/pagination';

/**
 * Counts, then reads the rows of one page only when that page exists. An out-of-range page is a
 * 404 anyway (pageOf), and a huge ?page= would otherwise reach the database as an absurd OFFSET.
 */
export async function pagedRows<T>(
  page: PageRequest,
  count: () => Promise<number>,
  rows: () => Promise<T[]>,
): Promise<{ count: number; rows: T[] }> {
  const total = await count();
  return { count: total, rows: page.offset < total ? await rows() : [] };
}

/**
 * pagedRows for lists whose `rows` are exactly the rows `count` counts (the same where, no filtering
 * after the read): the first page is read first, and a first page that is not full is the whole list,
 * so its length is the count and no count query is sent (a shopper's orders or cards usually fit on one
 * page). Later pages count first, as pagedRows does.
 */
export async function pagedRowsCountingLast<T>(
  page: PageRequest,
  count: () => Promise<number>,
  rows: () => Promise<T[]>,
): Promise<{ count: number; rows: T[] }> {
  if (page.offset > 0) return pagedRows(page, count, rows);
  const first = await rows();
  return { count: first.length < page.pageSize ? first.length : await count(), rows: first };
}
