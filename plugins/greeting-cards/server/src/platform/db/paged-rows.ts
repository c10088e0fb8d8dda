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
